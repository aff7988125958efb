import Foundation
import Testing

/// The Website Access screen (F3) against the fixture: a refused address,
/// add a website (the sign-in link printed), signed in elsewhere, revoke,
/// delete — and the key in the help overlay.
@Suite(.serialized) struct TUIWebsiteScreenTests {
    @Test func addSignInRevokeAndDeleteAWebsite() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 30,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("?")
        try tui.waitFor("website access: profiles")
        try tui.press("Escape", "F3")
        try tui.waitFor("No website yet")

        // Checked before anything is sent.
        try tui.press("a")
        try tui.type("http://www.example.org")
        try tui.press("Enter")
        try tui.waitFor("Not added: Only https:// websites")

        try tui.press("a")
        try tui.type("www.example.org/login")
        try tui.press("Enter")
        let started = try tui.waitFor("Continue in web browser")
        let link = try #require(started.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("http://127.0.0.1:") && $0.contains("#") })
        // The owner signs in elsewhere: the fixture's page drives the ceremony to ready.
        let parts = link.split(separator: "#", maxSplits: 1)
        _ = try Data(contentsOf: try #require(URL(string: "\(parts[0])?outcome=ready#\(parts[1])")))
        try tui.press("g")
        try tui.waitUntil("the profile ready") { screen in
            screen.split(separator: "\n").contains { $0.contains("www.example.org") && $0.hasSuffix("ready") }
        }

        try tui.press("x")
        try tui.waitFor("Revoke it first (r)")
        try tui.press("r")
        try tui.waitUntil("the profile revoked") { screen in
            screen.split(separator: "\n").contains { $0.contains("www.example.org") && $0.contains("revoked") }
        }
        try tui.press("x")
        try tui.waitUntil("the profile gone") { !$0.contains("▸   www.example.org") && $0.contains("Deleted") }
        try tui.press("Escape")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-d")
    }
}
