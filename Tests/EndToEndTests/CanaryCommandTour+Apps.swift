import Foundation
import Testing

/// The tour's website-access commands and the veetd and TUI journeys.
extension CommandTour {
    /// A stand-in `xdg-open` that signs in at once: it asks the fixture's
    /// remote-browser page for the `ready` outcome (the fragment, which holds
    /// the link's capability, never goes over the wire).
    static func fakeOpener(in directory: URL) throws -> URL {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("xdg-open")
        try Data("""
            #!/bin/sh
            exec curl -s -o /dev/null --max-time 5 "${1%%#*}?outcome=ready"

            """.utf8).write(to: script)
        chmod(script.path, 0o755)
        return bin
    }

    func sites() throws {
        try run.veet(["sites", "add", "https://learn.example.org/login", "--open", "--no-wait"], expect: [0, 7])
        try run.veet(["sites", "add", "https://192.168.1.4/login", "--no-wait", "--json"], expect: [1])
        try run.veet(["sites", "list"])
        let listed = try run.veet(["sites", "list", "--json"])
        let profile = try run.value(listed, "profiles.id", where: ("status", "ready"))
        try run.veet(["sites", "status", profile])
        try run.veet(["sites", "status", missing, "--json"], expect: [4])
        try run.veet(["sites", "signin", profile, "--open"])
        try run.veet(["sites", "signin", missing, "--json"], expect: [4])
        try run.veet(["sites", "use", "--none", "--json"])
        try run.veet(["sites", "use", profile])

        try run.veet(["chat", "--once", "Browse to the next lesson", "--json"], expect: [7])
        let approval = try run.value(try run.veet(["approvals", "list", "--json"]), "id")
        try run.veet(["sites", "approve", approval])
        try run.veet(["sites", "approve", approval, "--json"], expect: [1])
        try run.veet(["sites", "grants"])
        let grant = try run.value(try run.veet(["sites", "grants", "--json"]), "id")
        try run.veet(["sites", "stop", grant])
        try run.veet(["sites", "stop", missing, "--json"], expect: [4])
        let standing = try run.value(try run.veet(["sites", "grant", profile, "--action", "click", "--hours", "2", "--json"]),
                                     "id")
        try run.veet(["sites", "grant", profile, "--action", "scroll"])
        try run.veet(["sites", "grants", "--standing", "--json"])
        try run.veet(["sites", "ungrant", standing])
        try run.veet(["sites", "ungrant", missing, "--json"], expect: [4])
        try run.veet(["sites", "scopes", "show"])
        try run.veet(["sites", "scopes", "show", "--json"])
        try run.veet(["sites", "scopes", "add", "https://learn.example.org", "/course"])
        try run.veet(["sites", "scopes", "add", "https://learn.example.org", "/exam", "--json"])
        try run.veet(["sites", "scopes", "remove", "https://learn.example.org", "/course"])
        try run.veet(["sites", "scopes", "remove", "https://learn.example.org", "/exam", "--json"])
        try run.veet(["sites", "delete", profile], expect: [2])  // only a revoked profile can go
        try run.veet(["sites", "revoke", profile])
        try run.veet(["sites", "revoke", missing, "--json"], expect: [4])
        try run.veet(["sites", "delete", profile, "--json"])
    }

    /// veetd started and stopped through `veet daemon`, and the TUI (talking
    /// to it) sending one message, with the saved canary connection.
    func daemonAndTUI(runID: String) throws {
        try run.veet(["daemon", "status"], expect: [1])
        try run.veet(["daemon", "start"])
        defer { _ = try? run.veet(["daemon", "stop"], expect: nil) }
        try run.veet(["daemon", "start", "--json"])  // already running
        try run.veet(["daemon", "status", "--json"])
        try run.veet(["sync"])  // answered by veetd
        try run.veet(["daemon", "attach", runID, "--timeout", "10"], expect: [0, 1, 4])
        try run.veet(["daemon", "attach", missing, "--timeout", "5", "--json"], expect: [1, 4])
        try tui()
        try run.veet(["daemon", "logs"])
        try run.veet(["daemon", "logs", "--lines", "5", "--json"])
        try run.veet(["daemon", "stop"])
        try run.veet(["daemon", "stop", "--json"])
        try run.veet(["daemon", "status"], expect: [1])
        try run.veet(["daemon", "install"])
    }

    /// Open, send, see the answer, quit; every screen is checked.
    private func tui() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let variables = run.environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        let command = "env -u VEET_URL -u VEET_TOKEN \(variables) TERM=xterm-256color \(try Harness.binary("veet-tui").path)"
        let terminal = try TmuxTerminal(width: 110, height: 30, command: command)
        defer { terminal.stop() }
        run.check(try terminal.waitFor("New conversation"), "the TUI's first screen")
        try terminal.type("What is 17 * 23?")
        try terminal.press("Enter")
        run.check(try terminal.waitFor("The answer is 391."), "the TUI's answer")
        run.check(try terminal.capture(escapes: true), "the TUI's screen with its escapes")
        try terminal.press("C-d")
    }
}
