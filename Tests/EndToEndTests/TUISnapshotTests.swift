import Foundation
import Testing

/// The TUI's main states, drawn by the real veet-tui in tmux against the
/// fixture, compared with golden text screens (relative times masked) at
/// 160x48 and 80x24; light and dark compared by their colours.
/// Each size runs in its own terminal, in parallel (tmux delays resizes of
/// a pane nobody watches, so resizing one terminal would race its repaints).
@Suite struct TUISnapshotTests {
    struct Size: Sendable, CustomStringConvertible {
        var width: Int
        var height: Int
        var description: String { "\(width)x\(height)" }
    }

    @Test(arguments: [Size(width: 160, height: 48), Size(width: 80, height: 24)])
    func mainStatesMatchTheirGoldens(size: Size) throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: size.width, height: size.height,
                                     fixtureArguments: ["--seed-sessions", "3", "--slow-seconds", "40"]
                                        // "Needs you" below is the reconcile's sign: only the chat's rows, as pictured.
                                        + TUISession.withoutFeatureNeeds)
        defer { session.stop() }
        let tui = session.terminal
        let narrow = size.width < 90
        func snap(_ name: String) throws { Snapshot.check(try tui.settled(), named: "\(name)-\(size)") }

        try tui.waitFor(narrow ? "Ctrl-O chats" : "Checklist: hiring plan")
        try snap("empty")

        // Search as you type; Esc clears it.
        try tui.press("C-f")
        try tui.type("hiring")
        try tui.waitFor("Results (1)")
        try snap("search-results")
        try tui.press("Escape")
        try tui.waitUntil("the search cleared") { !$0.contains("Results (1)") && !$0.contains("⌕ hiring") }

        try tui.type("Please fail now")
        try tui.press("Enter")
        try tui.waitFor("model_permanent_error")
        try snap("failure")

        try tui.press("C-n")
        try tui.type("Please ask me something")
        try tui.press("Enter")
        try tui.waitFor("Question:")
        // The reconcile the question starts has landed: "Needs you" in the sidebar, or the title in a narrow status bar.
        try tui.waitFor(narrow ? "127.0.0.1  Please ask me so" : "Needs you")
        try snap("question")
        try tui.type("Blue")
        try tui.press("Enter")
        try tui.waitFor("Answered: Blue")

        try tui.press("C-n")
        try tui.type("Please approve a write")
        try tui.press("Enter")
        try tui.waitFor("Approval needed")
        try tui.waitFor(narrow ? "127.0.0.1  Please approve a" : "Needs you")
        try snap("approval-docked")
        try tui.press("a")
        try tui.waitFor("Approved once")

        // A bundle: Up from the empty composer walks the transcript; Enter expands.
        try tui.press("C-n")
        try tui.type("Please do research")
        try tui.press("Enter")
        try tui.waitFor("allowed to send the email")
        try tui.press("Up")
        for _ in 0..<6 where !(try tui.capture()).contains("▸ ⚙ ▸ 9 tool calls") {
            try tui.press("Up")
            usleep(60_000)
        }
        try tui.waitFor("▸ ⚙ ▸ 9 tool calls")
        try tui.press("Enter")
        try tui.waitFor("│ web.search")
        try snap("bundle-expanded")

        // Streaming: twenty chunks over 40 s, so the screen holds still for 2 s after the first.
        try tui.press("Escape")
        try tui.press("C-n")
        try tui.type("Answer slow please")
        try tui.press("Enter")
        try tui.waitFor("slow chunk 0.", seconds: 15)
        try snap("streaming")
        // The fixture stops a run only at its next safe point (after the 20 chunks): asking is what is shown.
        // (A crowded status bar keeps the notice whole and cuts what comes before it.)
        try tui.press("C-c")
        try tui.waitFor("Stopping the run...")

        // Narrow: the sidebar slides over the conversation.
        if narrow {
            try tui.press("C-o")
            try tui.waitFor("⌕")
            try snap("narrow-overlay")
        }
    }

    /// Light and dark paint the paper (the transcript's background) differently.
    @Test func lightAndDarkPaintDifferentPapers() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        var papers: [String: String] = [:]
        var rows: [String] = []
        for appearance in ["light", "dark"] {
            let session = try TUISession(width: 80, height: 24, appearance: appearance)
            defer { session.stop() }
            try session.terminal.waitFor("Type a message")
            let screen = try session.terminal.capture(escapes: true)
            // The hint's row sits on paper in the middle of the transcript.
            let row = screen.split(separator: "\n").first { $0.contains("Type a message") }.map(String.init) ?? ""
            papers[appearance] = Self.backgrounds(in: row).last
            rows.append(row.debugDescription)
        }
        #expect(papers["light"] != nil && papers["dark"] != nil, "\(papers) \(rows)")
        #expect(papers["light"] != papers["dark"], "\(papers)")
    }

    /// A terminal that says it speaks 24-bit colour (COLORTERM) but whose TERM
    /// is xterm-256color, as most do: the screen opens on xterm-direct and the
    /// paper, paperDeep, teal and amber are the exact A2 values (tmux keeps
    /// the 24-bit colours the program sent; capture-pane -e shows them).
    @Test(arguments: ["light", "dark"])
    func aTrueColourTerminalShowsTheExactA2Values(_ appearance: String) throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        guard FileManager.default.fileExists(atPath: "/usr/share/terminfo/x/xterm-direct") else {
            Issue.record("xterm-direct is missing: Scripts/bootstrap installs ncurses-term")
            return
        }
        let expected: [String: String] = appearance == "dark"
            ? ["paper": "#0c211d", "paperDeep": "#091a17", "teal": "#36d5bb", "amber": "#f2a93b"]
            : ["paper": "#fcfaf6", "paperDeep": "#f3f0e8", "teal": "#0e8b78", "amber": "#e0a23a"]
        let session = try TUISession(width: 160, height: 48, appearance: appearance, extraEnvironment: "COLORTERM=truecolor")
        defer { session.stop() }
        try session.terminal.waitFor("Type a message")
        try session.terminal.type("Please approve a write")
        try session.terminal.press("Enter")
        try session.terminal.waitFor("Approval needed")
        try session.terminal.waitFor("Needs you")  // the sidebar's amber mark
        let screen = try session.terminal.capture(escapes: true)
        let shown = Self.trueColours(in: screen)
        for (role, hex) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(shown.contains(hex), "\(appearance) \(role) \(hex) not drawn; drawn: \(shown.sorted())")
        }
        #expect(!screen.contains("48;5;"), "a 256-palette background in a truecolor terminal")
    }

    /// Every 24-bit colour (38;2 or 48;2) in the SGRs of `screen`, as #rrggbb.
    static func trueColours(in screen: String) -> Set<String> {
        let sgr = try! Regex("[34]8;2;([0-9]+);([0-9]+);([0-9]+)")
        return Set(screen.matches(of: sgr).compactMap { match -> String? in
            let parts = (1...3).compactMap { match.output[$0].substring.flatMap { Int($0) } }
            guard parts.count == 3 else { return nil }
            return "#" + parts.map { String(format: "%02x", $0) }.joined()
        })
    }

    /// The background colour parameters (48;5;N or 48;2;R;G;B) of each SGR in `line`.
    static func backgrounds(in line: String) -> [String] {
        let sgr = try! Regex("\u{1B}\\[([0-9;]*)m")
        var found: [String] = []
        for match in line.matches(of: sgr) {
            guard let parameters = match.output[1].substring.map(String.init) else { continue }
            let parts = parameters.split(separator: ";").map(String.init)
            var index = 0
            while index < parts.count {
                if parts[index] == "48", index + 2 < parts.count, parts[index + 1] == "5" {
                    found.append("5;" + parts[index + 2]); index += 3
                } else if parts[index] == "48", index + 4 < parts.count, parts[index + 1] == "2" {
                    found.append(parts[(index + 1)...(index + 4)].joined(separator: ";")); index += 5
                } else if let code = Int(parts[index]), (40...47).contains(code) || (100...107).contains(code) {
                    found.append(parts[index]); index += 1
                } else {
                    index += 1
                }
            }
        }
        return found
    }
}
