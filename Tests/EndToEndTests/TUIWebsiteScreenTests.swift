import Foundation
import Testing

/// The Website Access screen (F3) against the fixture: a refused address,
/// add a website (the sign-in link printed), signed in elsewhere, revoke,
/// delete — and the key in the help overlay; the sign-in followed live, the
/// profile chosen for new conversations (and a new conversation created on
/// it), sign in again, and its task permission stopped from the account-wide
/// row while another conversation is open.
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
        #expect(started.contains("new conversations use no website profile"))
        // The owner signs in elsewhere: the fixture's page drives the ceremony to ready, and the
        // screen's own poll (no key pressed) shows it.
        try signIn(through: started)
        try tui.waitUntil("the profile ready, seen by the poll") { screen in
            screen.contains("Signed in. The profile can now be used")
                && screen.split(separator: "\n").contains { $0.contains("www.example.org") && $0.hasSuffix("ready") }
        }
        #expect(try !tui.capture().contains("Continue in web browser"))

        // Chosen for new conversations: marked, and said in the header.
        try tui.press("u")
        try tui.waitUntil("the profile chosen") { screen in
            screen.contains("new conversations use www.example.org") && screen.contains("▸ * www.example.org")
        }

        // Sign in again: a fresh link, followed until ready once more.
        try tui.press("s")
        let again = try tui.waitUntil("a fresh link") { $0.contains("Continue in web browser") && $0.contains("VeetKit is waiting") }
        try signIn(through: again)
        try tui.waitUntil("ready again") { screen in
            screen.contains("Signed in. The profile can now be used") && !screen.contains("Continue in web browser")
        }

        // The choice is the connection's preference (the CLI reads the same one), and a new
        // conversation of the TUI is created on that profile: its task permission is on it.
        let sites = try JSONSerialization.jsonObject(with: Data(try veet(session, ["sites", "list", "--json"]).utf8))
        let chosen = try #require((sites as? [String: Any])?["chosen_profile_id"] as? String)
        try tui.press("Escape")
        try tui.waitFor("Ctrl-C quit")
        try tui.type("Browse to the next lesson")
        try tui.press("Enter")
        try tui.waitFor("t allow for this task")
        try tui.press("t")
        try tui.waitFor("for this task?")
        try tui.press("y")
        try tui.waitFor("Task permission: Allowed on www.example.org/lesson")
        let grants = try JSONSerialization.jsonObject(with: Data(try veet(session, ["sites", "grants", "--json"]).utf8))
        #expect((grants as? [[String: Any]])?.map { $0["profile_id"] as? String } == [chosen])
        // Stopped from the account-wide row while another conversation is open.
        try tui.press("C-n")
        try tui.press("F3")
        try tui.waitFor("Task permissions: 1 active across every conversation")
        try tui.press("t")
        try tui.waitFor("stop it now")
        try tui.press("Enter")
        try tui.waitUntil("the permission stopped") {
            $0.contains("Task permission stopped") && !$0.contains("Task permissions: 1 active")
        }
        let left = try JSONSerialization.jsonObject(with: Data(try veet(session, ["sites", "grants", "--json"]).utf8))
        #expect((left as? [[String: Any]])?.isEmpty == true, "\(left)")
        try tui.waitFor("new conversations use www.example.org")

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

    /// Runs the built `veet` on the TUI's connection and private directories.
    private func veet(_ session: TUISession, _ arguments: [String]) throws -> String {
        let result = try runProcess(try Harness.binary("veet"), arguments, environment: [
            "VEET_URL": session.fixture.url, "VEET_TOKEN": session.fixture.token,
            "XDG_CONFIG_HOME": session.home.path + "/c", "XDG_DATA_HOME": session.home.path + "/d",
        ], timeout: 20)
        try #require(result.status == 0, "veet \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// Opens the sign-in link shown on the screen the way the owner's browser would, signed in.
    private func signIn(through screen: String) throws {
        let link = try #require(screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("http://127.0.0.1:") && $0.contains("#") })
        let parts = link.split(separator: "#", maxSplits: 1)
        _ = try Data(contentsOf: try #require(URL(string: "\(parts[0])?outcome=ready#\(parts[1])")))
    }
}
