import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Notifications that lead somewhere (issue 20 #2) and terminal notifications
/// (issue 21 #5), in a real tmux against the fixture.
@Suite(.serialized) struct TUINotificationJourneyTests {
    /// The fixture, a private home and veet-tui in tmux with `arguments`.
    struct Started {
        let fixture: FixtureProcess
        let home: URL
        let terminal: TmuxTerminal
        func stop() {
            terminal.stop()
            fixture.stop()
            try? FileManager.default.removeItem(at: home)
        }
    }

    func start(stepDelay: Double = 0.01, width: Int = 120, height: Int = 36,
               arguments: (FixtureProcess) throws -> [String]) throws -> Started {
        let fixture = try FixtureProcess(arguments: ["--step-delay", "\(stepDelay)"])
        let home = try Harness.temporaryHome()
        do {
            let words = try arguments(fixture)
            let tui = try Harness.binary("veet-tui")
            let command = "env -u NO_COLOR -u COLORTERM -u COLORFGBG LANG=C.UTF-8 XDG_CONFIG_HOME=\(home.path)/c "
                + "XDG_DATA_HOME=\(home.path)/d VEET_URL=\(fixture.url) VEET_TOKEN=\(fixture.token) TERM=xterm-256color "
                + "VEET_APPEARANCE=dark \(tui.path) " + words.joined(separator: " ")
            return Started(fixture: fixture, home: home, terminal: try TmuxTerminal(width: width, height: height, command: command))
        } catch {
            fixture.stop()
            try? FileManager.default.removeItem(at: home)
            throw error
        }
    }

    /// `--session X --focus approval` opens the conversation with its run waiting
    /// and lands on the docked card: the first key pressed decides the approval.
    @Test func aDeepLinkLandsOnTheDockedApprovalCard() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        var parked: (sessionID: String, runID: String)?
        let started = try start { fixture in
            let requests = FixtureRequests(fixture: fixture)
            let conversation = try requests.conversation(saying: "Please approve a write")
            parked = conversation
            // Wait until the run is parked on its approval before veet-tui opens it.
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                let run = try requests.json("GET", "/v1/runs/\(conversation.runID)")
                if run["status"] as? String == "WAITING_FOR_APPROVAL" { break }
                usleep(50_000)
            }
            return ["--session", conversation.sessionID, "--focus", "approval"]
        }
        defer { started.stop() }
        let tui = started.terminal
        let docked = try tui.waitFor("a approve once", seconds: 15)
        #expect(docked.contains("Please approve a write"), "the durable transcript is restored:\n\(docked)")
        #expect(docked.contains("demo.external_write"), "\(docked)")
        try tui.press("a")
        try tui.waitFor("Approved once")
        let runID = try #require(parked?.runID)
        let requests = FixtureRequests(fixture: started.fixture)
        let deadline = Date().addingTimeInterval(15)
        var status = ""
        while Date() < deadline, status != "COMPLETED" {
            status = try requests.json("GET", "/v1/runs/\(runID)")["status"] as? String ?? ""
            usleep(50_000)
        }
        #expect(status == "COMPLETED", "the key went to the card, not the composer")
    }

    /// A focus the run never reaches says so; a bad id stops before the terminal is taken.
    @Test func aDeepLinkToNothingWaitingSaysSoAndABadIDIsRefused() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let started = try start { fixture in
            let requests = FixtureRequests(fixture: fixture)
            let conversation = try requests.conversation(saying: "What is 17 * 23?")
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline,
                  try requests.json("GET", "/v1/runs/\(conversation.runID)")["status"] as? String != "COMPLETED" {
                usleep(50_000)
            }
            return ["--session", conversation.sessionID, "--focus", "approval"]
        }
        defer { started.stop() }
        let screen = try started.terminal.waitFor("No approval is waiting in this conversation now.", seconds: 15)
        #expect(screen.contains("The answer is 391."), "\(screen)")

        let refused = try runProcess(try Harness.binary("veet-tui"), ["--session", "not-an-id"],
                                      environment: ["VEET_URL": started.fixture.url, "VEET_TOKEN": started.fixture.token])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--session needs a conversation id, a UUID"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(started.fixture.token))
    }

    /// A call ends at the fixture (its live call, stopped); the inbox's `call_finished` names it, and
    /// `veet-tui --call ID` (where veetd's Open leads) lands on the Calls page with that call's result.
    @Test func aCallLinkOpensTheFinishedCallsResult() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let started = try start { fixture in
            let requests = FixtureRequests(fixture: fixture)
            _ = try requests.json("POST", "/v1/calls/\(CallsSurfacesJourneyTests.activeCall)/stop")
            let inbox = try requests.json("GET", "/v1/notifications?limit=50")
            let items = (inbox["items"] as? [[String: Any]] ?? []).compactMap { $0["notification"] as? [String: Any] }
            let payload = try #require(items.first { $0["kind"] as? String == "call_finished" }?["payload"] as? [String: Any])
            let call = try #require(payload["call_id"] as? String)
            #expect(call == CallsSurfacesJourneyTests.activeCall)
            return ["--call", call]
        }
        defer { started.stop() }
        let screen = try started.terminal.waitFor("Completed · outbound · +14155550142", seconds: 15)
        #expect(screen.contains("▸ Completed  +14155550142"), "the finished call is selected:\n\(screen)")
        #expect(screen.contains("Caller identity and statements are unverified."), "\(screen)")
    }

    /// With `focus-events on`, tmux tells veet-tui its pane lost the focus; an
    /// approval docking then raises OSC 9 (wrapped for tmux passthrough), once.
    @Test func anUnfocusedPaneGetsOneTerminalNotification() throws {
        guard TmuxTerminal.isAvailable, FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("tmux or script (util-linux) is missing: Scripts/bootstrap installs them")
            return
        }
        let started = try start(stepDelay: 0.4) { _ in [] }
        defer { started.stop() }
        let tui = started.terminal
        let log = started.home.appendingPathComponent("pane-output.log")
        try tui.tmux(["set", "-g", "focus-events", "on"])
        try tui.tmux(["set", "-g", "allow-passthrough", "on"])
        try tui.tmux(["pipe-pane", "-t", "main.0", "-o", "cat >> \(log.path)"])
        // A client with a terminal of its own (tmux sends focus only to a pane a focused client shows).
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        client.arguments = ["-qc", "\(TmuxTerminal.path) -L \(tui.socket) -f /dev/null attach -t main", "/dev/null"]
        // Its input stays open and silent: at the end of its input `script` would type Ctrl-D,
        // which the client would hand to veet-tui (quit).
        let silence = Pipe()
        client.standardInput = silence
        client.standardOutput = FileHandle.nullDevice
        client.standardError = FileHandle.nullDevice
        try client.run()
        defer {
            if client.isRunning { client.terminate() }
            try? silence.fileHandleForWriting.close()
        }
        try tui.waitFor("New conversation")
        func written() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        let notification = "\u{1B}Ptmux;\u{1B}\u{1B}]9;Veet: Approval needed\u{07}\u{1B}\\"

        try tui.type("Please approve a write")
        try tui.press("Enter")
        // Another pane takes the focus: tmux sends CSI O to veet-tui's.
        try tui.tmux(["split-window", "-d", "-t", "main", "sleep 600"])
        try tui.tmux(["select-pane", "-t", "main.1"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !written().contains(notification) { usleep(100_000) }
        #expect(written().contains(notification), "the pane wrote:\n\(written().debugDescription)")
        // tmux hides which terminal is outside it: no OSC 777, and a BEL as the fallback.
        #expect(written().contains(notification + "\u{07}") && !written().contains("]777;"))
        // Back and away again: the same approval is not told twice.
        try tui.tmux(["select-pane", "-t", "main.0"])
        usleep(300_000)
        try tui.tmux(["select-pane", "-t", "main.1"])
        usleep(1_000_000)
        #expect(written().components(separatedBy: notification).count == 2, "once: \(written().debugDescription)")
    }
}
