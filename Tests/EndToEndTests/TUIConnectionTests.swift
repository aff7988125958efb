import Foundation
import Testing

/// Connections in the TUI against the built fixture, with no VEET_URL: the
/// first-run form (refusals beside the field, then a working chat), the F9
/// switcher between two saved servers with nothing of one on the other's
/// screen or in its store slice, forgetting one whose revocation fails, and a
/// 401 that asks to sign in again while the composer and the outbox stay.
@Suite(.serialized) struct TUIConnectionTests {
    /// A private XDG home for `veet` and `veet-tui` (no VEET_URL, no VEET_TOKEN).
    struct Home {
        let url: URL
        let runtime = "/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))"

        init() throws { url = try Harness.temporaryHome() }

        var environment: [String: String] {
            ["HOME": url.path, "XDG_CONFIG_HOME": url.path + "/c", "XDG_DATA_HOME": url.path + "/d", "XDG_RUNTIME_DIR": runtime]
        }

        var credentials: URL { URL(fileURLWithPath: url.path + "/c/veet/credentials") }

        @discardableResult
        func veet(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
            try runProcess(try Harness.binary("veet"), arguments, environment: environment, stdin: stdin)
        }

        func tui(width: Int = 120, height: Int = 32) throws -> TmuxTerminal {
            let binary = try Harness.binary("veet-tui")
            let variables = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
            return try TmuxTerminal(width: width, height: height, command:
                "env -u NO_COLOR -u COLORTERM -u COLORFGBG -u VEET_URL -u VEET_TOKEN LANG=C.UTF-8 TERM=xterm-256color "
                    + "VEET_APPEARANCE=dark \(variables) \(binary.path)")
        }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test func firstRunRefusesAddressesBesideTheFieldThenChats() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let fixture = try FixtureProcess(arguments: ["--step-delay", "0.01"])
        let home = try Home()
        defer { fixture.stop(); home.remove() }
        let tui = try home.tui()
        defer { tui.stop() }

        let form = try tui.waitFor("Connect this computer to your Veetbot.")
        #expect(form.contains("The token is kept only on this computer: in the desktop keyring when one"))
        try tui.type("http://example.com")
        try tui.press("Enter")
        try tui.waitFor("Plain http:// is only allowed for loopback servers")
        try tui.press("C-u")
        try tui.type("https://me@example.com")
        try tui.press("Enter")
        try tui.waitFor("must not contain a user name")
        try tui.press("C-u")
        try tui.type(fixture.url)
        try tui.press("Enter")
        // A wrong token: the server's refusal, nothing saved.
        try tui.type("not-the-token")
        try tui.press("Enter")
        let refused = try tui.waitFor("did not accept this token; nothing was saved")
        #expect(!refused.contains("not-the-token"))
        #expect(try home.veet(["connections", "list"]).stdout.isEmpty)
        try tui.type(fixture.token)
        let typed = try tui.capture()
        #expect(!typed.contains(fixture.token), "the token is never echoed")
        try tui.press("Enter")

        // Straight into a working chat, saved as `veet connect` saves it.
        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        let answered = try tui.waitFor("The answer is 391.")
        #expect(!answered.contains(fixture.token))
        try tui.press("C-d")
        let list = try home.veet(["connections", "list"])
        #expect(list.stdout.contains("* 127.0.0.1-") && list.stdout.contains(fixture.url))
        let tokenFiles = try FileManager.default.contentsOfDirectory(atPath: home.credentials.path)
        #expect(tokenFiles.count == 1)
    }

    @Test func switchingShowsNothingOfTheOtherAndForgetSurvivesAFailedRevocation() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let alpha = try FixtureProcess(arguments: ["--step-delay", "0.01", "--seed-sessions", "3"])
        let beta = try FixtureProcess(arguments: ["--step-delay", "0.01"])
        let home = try Home()
        defer { alpha.stop(); beta.stop(); home.remove() }
        #expect(try home.veet(["connect", alpha.url, "--name", "alpha"], stdin: alpha.token + "\n").status == 0)
        #expect(try home.veet(["devices", "register", "--connection", "alpha"]).status == 0)
        #expect(try home.veet(["connect", beta.url, "--name", "beta"], stdin: beta.token + "\n").status == 0)

        let tui = try home.tui()
        defer { tui.stop() }
        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        try tui.waitFor("The answer is 391.")

        // F9: both servers with their names, beta marked; alpha chosen.
        try tui.press("F9")
        let menu = try tui.waitFor("+ Add a connection")
        #expect(menu.contains("✓ beta — \(beta.url)") && menu.contains("alpha — \(alpha.url)"))
        try tui.press("Up", "Enter")
        let onAlpha = try tui.waitFor("Checklist: hiring plan")
        #expect(!onAlpha.contains("What is 17 * 23?") && !onAlpha.contains("391"), "beta's conversation left the screen")
        #expect(try home.veet(["connections", "list"]).stdout.contains("* alpha"))

        // Back to beta: alpha's index is not on its screen, nor in beta's slice of the store.
        try tui.press("F9")
        try tui.waitFor("✓ alpha")
        try tui.press("Down", "Enter")
        let onBeta = try tui.waitFor("What is 17 * 23?")
        #expect(!onBeta.contains("Checklist: hiring plan"))
        let betaRows = try home.veet(["sessions", "list", "--connection", "beta"]).stdout
        #expect(!betaRows.contains("Checklist"))
        #expect(try home.veet(["sessions", "list", "--connection", "alpha"]).stdout.contains("Checklist"))

        // Forget alpha while its server is down: the revocation fails, the token and its rows go anyway.
        alpha.stop()
        try tui.press("F9")
        try tui.waitFor("+ Add a connection")
        try tui.press("Up")
        try tui.press("x")
        try tui.waitFor("Its device is revoked, then its token and local data are deleted")
        try tui.press("y")
        let forgot = try tui.waitFor("Forgot \"alpha\" and its token.")
        #expect(forgot.contains("could not be revoked"))
        let list = try home.veet(["connections", "list"]).stdout
        #expect(!list.contains("alpha") && list.contains("* beta"))
        let tokenFiles = try FileManager.default.contentsOfDirectory(atPath: home.credentials.path)
        #expect(tokenFiles == ["beta.token"])
        try tui.press("Escape", "C-d")
    }

    @Test func a401AsksToSignInAgainAndKeepsTheComposerAndTheOutbox() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let fixture = try FixtureProcess(arguments: ["--step-delay", "0.01"])
        let home = try Home()
        defer { fixture.stop(); home.remove() }
        #expect(try home.veet(["connect", fixture.url, "--name", "home"], stdin: fixture.token + "\n").status == 0)
        // The server stops accepting the saved token (as after the operator rotates it).
        let tokenFile = home.credentials.appendingPathComponent("home.token")
        try Data("an-old-token".utf8).write(to: tokenFile)
        _ = chmod(tokenFile.path, 0o600)

        let tui = try home.tui()
        defer { tui.stop() }
        // The first read meets 401: "sign in again" for that connection.
        try tui.waitFor("Sign in again to \"home\"")
        try tui.press("Escape")
        try tui.waitFor("Not signed in")
        // A message goes into the outbox and is not sent; a draft is typed after it.
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        try tui.waitFor("Not sent")
        try tui.type("a draft kept")
        // Settings, Connection card: the form, filled; the right token.
        try tui.press("F8")
        let card = try tui.waitFor("Update connection")
        #expect(card.contains(fixture.url) && card.contains("Connection"))
        try tui.press("Enter")
        try tui.type(fixture.token)
        try tui.press("Enter")
        try tui.waitFor("Signed in again")
        try tui.press("Escape")
        let back = try tui.waitFor("a draft kept")
        #expect(back.contains("Not sent"), "the unsent message stays in the outbox, on screen")
        #expect(try home.veet(["outbox", "list"]).stdout.contains("What is 17 * 23?"))
        try tui.press("C-d")
    }
}
