import Foundation
import Testing

/// veet-tui in a real terminal (tmux): send, approve, see the answer.
@Suite(.serialized) struct TUIJourneyTests {
    struct Tmux {
        let session = "veet-e2e-\(UUID().uuidString.prefix(8))"

        func run(_ arguments: [String]) throws -> String {
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/tmux"), arguments,
                                        environment: ["TERM": "xterm-256color"], timeout: 20)
            return result.stdout
        }

        func capture() throws -> String { try run(["capture-pane", "-p", "-t", session]) }

        func send(_ keys: String...) throws { _ = try run(["send-keys", "-t", session] + keys) }

        /// Polls the screen until `text` shows (the TUI draws asynchronously).
        func waitFor(_ text: String, seconds: Double = 15) throws -> String {
            let deadline = Date().addingTimeInterval(seconds)
            var screen = ""
            while Date() < deadline {
                screen = try capture()
                if screen.contains(text) { return screen }
                usleep(200_000)
            }
            return screen
        }
    }

    @Test func sendApproveAndReadTheAnswer() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let tui = try Harness.binary("veet-tui")
        let tmux = Tmux()
        let command = "env XDG_CONFIG_HOME=\(home.path)/c XDG_DATA_HOME=\(home.path)/d VEET_URL=\(fixture.url) "
            + "VEET_TOKEN=\(fixture.token) TERM=xterm-256color \(tui.path)"
        _ = try tmux.run(["new-session", "-d", "-s", tmux.session, "-x", "120", "-y", "36", command])
        defer { _ = try? tmux.run(["kill-session", "-t", tmux.session]) }

        #expect(try tmux.waitFor("New conversation").contains("New conversation"))
        try tmux.send("What is 17 * 23?", "Enter")
        let answered = try tmux.waitFor("The answer is 391.")
        #expect(answered.contains("The answer is 391."), "\(answered)")
        #expect(answered.contains("math.calculate"))

        // The composer accepts the next message once the turn has fully ended.
        usleep(1_500_000)
        try tmux.send("Please approve a write", "Enter")
        var docked = try tmux.waitFor("demo.external_write", seconds: 5)
        if !docked.contains("demo.external_write") {
            try tmux.send("Enter")
            docked = try tmux.waitFor("demo.external_write")
        }
        docked = try tmux.waitFor("Waiting for your approval")
        #expect(docked.contains("Waiting for your approval"), "\(docked)")
        try tmux.send("a")
        let approved = try tmux.waitFor("Approved once")
        #expect(approved.contains("Approved once"), "\(approved)")

        try tmux.send("C-d")
        usleep(500_000)
    }
}
