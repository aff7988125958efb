import Foundation
import Testing

/// veet-tui in a real terminal (tmux) against the fixture: send, approve,
/// see the answer, search, delete — as a new user would.
@Suite(.serialized) struct TUIJourneyTests {
    /// On both profiles: a server that offers no folders, devices,
    /// notifications, uploads or task permissions (the August 2026 release)
    /// runs the same journey, with no error on the way.
    /// `c` on an answer copies it as plain text (no Markdown symbols), `m` its
    /// Markdown source: the OSC 52 payload as tmux decodes it into its buffer
    /// (set-clipboard on; TMUX empty so the TUI sends OSC 52 itself, not wrapped).
    @Test func copyGivesPlainTextAndMarkdownOnASecondKey() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        // No display: no clipboard program, so OSC 52, and the notice says it was only sent.
        let session = try Self.onTheTripAnswer(extraEnvironment: "TMUX= DISPLAY= WAYLAND_DISPLAY=")
        defer { session.stop() }
        let tui = session.terminal
        try tui.press("c")
        try tui.waitFor("Sent to the terminal's clipboard (OSC 52): the message as plain text")
        let plain = try tui.tmux(["show-buffer"])
        #expect(plain.contains("Trip planning notes"), "\(plain)")
        #expect(plain.contains("A summary of everything we discussed"), "\(plain)")
        #expect(!plain.contains("**") && !plain.contains("# Trip"), "no Markdown symbols:\n\(plain)")
        try tui.press("m")
        try tui.waitFor("Sent to the terminal's clipboard (OSC 52): the message's Markdown")
        let source = try tui.tmux(["show-buffer"])
        #expect(source.contains("# Trip planning notes") && source.contains("**everything**"), "\(source)")
    }

    /// With a clipboard program for the display (a fake `xclip` on PATH that
    /// keeps what it is given), `c` copies through it, reads it back, and only
    /// then says "Copied"; nothing goes to the terminal's clipboard.
    @Test func copyThroughXclipIsConfirmed() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let xclip = try FakeXclip()
        defer { xclip.remove() }
        let session = try Self.onTheTripAnswer(extraEnvironment: "TMUX= WAYLAND_DISPLAY= DISPLAY=:0 PATH=\(xclip.path)")
        defer { session.stop() }
        try session.terminal.press("c")
        try session.terminal.waitFor("Copied the message as plain text to the clipboard (xclip)")
        let kept = try xclip.kept()
        #expect(kept.contains("Trip planning notes") && !kept.contains("# Trip"), "\(kept)")
    }

    /// `b` copies each code block of the answer in turn, exactly its contents: three fenced blocks
    /// and an indented one, the clipboard's bytes compared with what the answer holds, and the
    /// notice names which block went.
    @Test func bCopiesEveryCodeBlockExactlyInTurn() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let xclip = try FakeXclip()
        defer { xclip.remove() }
        let session = try Self.onTheTripAnswer(extraEnvironment: "TMUX= WAYLAND_DISPLAY= DISPLAY=:0 PATH=\(xclip.path)")
        defer { session.stop() }
        let expected = [
            "struct Fare {\n    let rides: Int\n    var total: Double { Double(rides) * 1.85 }\n}\nprint(Fare(rides: 9).total)  // 16.65\n",
            "curl -s https://transit.example.org/api/lines/28 | jq '.timetable[] | select(.hour >= 7)'\n",
            #"{"line": 28, "every_minutes": 12, "first": "07:00", "last": "23:00"}"# + "\n",
            "an indented code block\nkeeps its    spacing\n",
        ]
        for (index, block) in expected.enumerated() {
            try session.terminal.press("b")
            try session.terminal.waitFor("Copied code block \(index + 1) of 4 to the clipboard (xclip)")
            #expect(try xclip.kept() == block, "block \(index + 1)")
        }
        try session.terminal.press("b")
        try session.terminal.waitFor("Copied code block 1 of 4 to the clipboard (xclip)")
        #expect(try xclip.kept() == expected[0], "after the last, the first again")
    }

    /// The TUI in tmux (set-clipboard on) with a Markdown answer sent for and
    /// selected: Up from the empty composer walks the transcript from its last row.
    static func onTheTripAnswer(extraEnvironment: String) throws -> TUISession {
        let session = try TUISession(width: 120, height: 36, extraEnvironment: extraEnvironment)
        let tui = session.terminal
        do {
            try tui.tmux(["set", "-g", "set-clipboard", "on"])
            try tui.waitFor("New conversation")
            try tui.type("Show me markdown")
            try tui.press("Enter")
            try tui.waitFor("That is the whole plan.", seconds: 20)
            try tui.waitFor("Ctrl-C quit")
            try tui.press("Up")
            try tui.waitFor("▸  ◆ # Trip planning notes")
        } catch {
            session.stop()
            throw error
        }
        return session
    }

    /// `v` opens the answer alone, full width, plain: no sidebar, no border,
    /// mouse reporting off so the terminal's own selection works (tmux's
    /// mouse_any_flag), `/` searches; Esc gives the mouse back.
    @Test func theReaderShowsOneMessageAloneForTheTerminalsOwnSelection() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 100, height: 30)
        defer { session.stop() }
        let tui = session.terminal
        func mouseReporting() throws -> String {
            try tui.tmux(["display-message", "-p", "-t", "main", "#{mouse_any_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try tui.waitFor("New conversation")
        #expect(try mouseReporting() == "1")
        try tui.type("Show me markdown")
        try tui.press("Enter")
        try tui.waitFor("That is the whole plan.", seconds: 20)
        try tui.waitFor("Ctrl-C quit")
        try tui.press("Up")
        try tui.waitFor("▸  ◆ # Trip planning notes")
        try tui.press("v")
        let reader = try tui.waitFor("/ search")
        let lines = reader.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Trip planning notes") == true, "column 0, no sidebar:\n\(reader)")
        #expect(!reader.contains("│") && !reader.contains("New conversation") && !reader.contains("**"), "\(reader)")
        #expect(try mouseReporting() == "0", "the terminal's own selection works while reading")
        try tui.press("/")
        try tui.type("whole plan")
        try tui.press("Enter")
        let found = try tui.waitFor("Match 1 of 1")
        #expect(found.contains("That is the whole plan."))
        try tui.press("Escape")
        try tui.waitFor("New conversation")
        #expect(try mouseReporting() == "1")
    }

    /// Deny asks for an optional reason; the card stays until the server has
    /// the decision, then the transcript and the notice say Denied.
    @Test func denyAsksForAnOptionalReasonAndSettlesWhenTheServerHasIt() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36)
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("Please approve a write")
        try tui.press("Enter")
        try tui.waitFor("a approve once")
        try tui.press("d")
        try tui.waitFor("Reason for denying (optional):")
        #expect(try tui.capture().contains("a approve once"), "the card stays while the reason is typed")
        try tui.type("not today")
        try tui.press("Enter")
        let denied = try tui.waitFor("Denied")
        #expect(!denied.contains("a approve once"), "settled: the card is gone\n\(denied)")
        try tui.waitFor("Ctrl-C quit")
    }

    @Test(arguments: ServerProfile.allCases) func sendApproveSearchAndDelete(profile: ServerProfile) throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36, fixtureArguments: ["--seed-sessions", "3"], profile: profile)
        defer { session.stop() }
        let tui = session.terminal

        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        let answered = try tui.waitFor("The answer is 391.")
        #expect(answered.contains("⚙ Calculated 17 * 23"), "the call as one sentence:\n\(answered)")

        // The next message goes at once, with no pause after the answer: typed
        // while the run is finishing, it is queued and sent the moment the run ends.
        try tui.type("Please approve a write")
        try tui.press("Enter")
        let docked = try tui.waitFor("Waiting for your approval")
        #expect(docked.contains("› Message"), "the composer is empty again:\n\(docked)")
        // The transcript's waiting line can show before the dock takes the keys: wait for the dock itself.
        let dock = try tui.waitFor("a approve once")
        // The transcript says what the call does; the dock names the tool exactly.
        #expect(dock.contains("demo.external_write"), "\(dock)")
        #expect(!dock.contains("could not") && !dock.contains("not found"), "no error on the way:\n\(dock)")
        try tui.press("a")
        try tui.waitFor("Approved once")
        try tui.waitFor("Ctrl-C quit")

        // Search as you type; Enter goes to the hits, Enter opens one.
        try tui.press("C-f")
        try tui.type("hiring")
        try tui.waitFor("Results (1)")
        try tui.press("Enter")
        try tui.press("Enter")
        try tui.waitUntil("the hit opened") { $0.split(separator: "\n").last?.contains("Checklist: hiring plan") == true }

        // Delete it everywhere (confirmed): it leaves the search, the list and the server.
        try tui.press("C-f")
        try tui.press("Enter")
        try tui.press("x")
        try tui.waitFor("Delete Everywhere")
        try tui.press("Tab")
        try tui.press("Enter")
        try tui.waitFor("Deleted everywhere")
        try tui.waitFor("No matches")
        try tui.press("Escape")
        let after = try tui.waitUntil("the history without it") {
            !$0.contains("Checklist: hiring plan") && $0.contains("Search (Ctrl-F)")
        }
        #expect(after.contains("What is 17 * 23?"))
        #expect(after.contains("Checklist: team offsite"))
        #expect(!after.contains("could not") && !after.contains("not found"), "no error on the way:\n\(after)")

        try tui.press("C-d")
    }

    /// The composer sends as soon as the run is terminal: a message typed the
    /// instant the answer shows is neither refused nor lost.
    /// Issue 14 #8: the dock shows what is to be approved, not only the
    /// server's generic sentence; `v` shows every argument whole.
    @Test func theApprovalDockShowsTheArgumentsAndVShowsThemAll() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 80, height: 24)
        defer { session.stop() }
        let tui = session.terminal

        try tui.waitFor("New conversation")
        try tui.type("Please approve a long write")
        try tui.press("Enter")
        let docked = try tui.waitFor("v all arguments")
        #expect(docked.contains("content: Quarterly planning notes"), "\(docked)")
        #expect(docked.contains("destination: demo://notes"), "\(docked)")
        #expect(!docked.contains("[TRUNCATED]"), "collapsed, the long value is cut by the dock:\n\(docked)")
        try tui.press("v")
        let expanded = try tui.waitFor("v fewer")
        #expect(expanded.contains("…[TRUNCATED]"), "the whole display copy, up to the server's cut:\n\(expanded)")
        #expect(expanded.contains("destination: demo://notes"), "\(expanded)")
        try tui.press("v")
        try tui.waitFor("v all arguments")
        try tui.press("d")
        try tui.waitFor("Reason for denying (optional):")
        try tui.press("Enter")  // no reason
        try tui.waitFor("Denied")
        try tui.press("C-d")
    }

    @Test func aMessageTypedAsTheAnswerArrivesIsSent() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        // Slow steps: the answer shows well before the run's terminal event, so
        // an Enter right after it lands while the run is still active.
        let session = try TUISession(width: 100, height: 30, stepDelay: 0.15)
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        try tui.waitFor("The answer is 391.")
        try tui.type("Thanks, that is all")
        try tui.press("Enter")
        let queued = try tui.capture()
        #expect(!queued.contains("A run is still going"), "\(queued)")
        let screen = try tui.waitUntil("the second answer", seconds: 20) {
            $0.contains("You wrote: Thanks, that is all") && $0.contains("Ctrl-C quit")
        }
        #expect(!screen.contains("A run is still going"), "\(screen)")
        #expect(!screen.contains("› Thanks"), "the message stayed in the composer:\n\(screen)")
    }

    /// Three messages typed while a run goes wait in order; the middle one is cancelled from the
    /// queue (↑ then x) and never sent; the other two go one per run, in the order typed.
    @Test func severalQueuedMessagesGoInOrderAndACancelledOneNever() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 110, height: 34, stepDelay: 0.8)
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        for words in ["first queued", "second queued", "third queued"] {
            try tui.type(words)
            try tui.press("Enter")
        }
        try tui.waitFor("Waiting for the run · 3 messages")
        try tui.press("Up")
        try tui.press("Up")
        try tui.waitFor("▸ 2. second queued")
        try tui.press("x")
        try tui.waitFor("Cancelled; that message will not be sent.")
        let screen = try tui.waitUntil("both queued answers", seconds: 40) {
            $0.contains("You wrote: first queued") && $0.contains("You wrote: third queued") && !$0.contains("Waiting for the run")
        }
        #expect(!screen.contains("You wrote: second queued"), "\(screen)")
        let first = try #require(screen.range(of: "You wrote: first queued"))
        let third = try #require(screen.range(of: "You wrote: third queued"))
        #expect(first.lowerBound < third.lowerBound, "sent out of order:\n\(screen)")
    }
}
