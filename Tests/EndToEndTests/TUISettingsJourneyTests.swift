import Foundation
import Testing

/// The Settings screen through tmux against the built fixture: the persona
/// edited while another device edits it too (the conflict keeps both, then
/// saves), and the Connection card moving the connection to a new address
/// with the saved token.
@Suite(.serialized) struct TUISettingsJourneyTests {
    typealias Home = TUIConnectionTests.Home

    private func veet(_ home: Home, _ arguments: [String], stdin: String? = nil,
                      extra: [String: String] = [:]) throws -> ProcessResult {
        try runProcess(try Harness.binary("veet"), arguments, environment: home.environment.merging(extra) { _, new in new },
                       stdin: stdin)
    }

    private func personaTexts(_ home: Home) throws -> [String] {
        let shown = try veet(home, ["settings", "persona", "--json"])
        let line = try #require(shown.stdout.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let persona = try #require(object["persona"] as? [String: Any])
        return (persona["entries"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    /// The Messaging surfaces card (issue 36 B4): Settings shows the surfaces in one line and Enter opens
    /// their page; on a server without them the card says so and opens nothing.
    @Test func theSurfacesCardSummarisesAndOpensTheirPage() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 40)
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F8")
        try tui.waitFor("Update connection")
        let card = try tui.waitFor("2 surfaces: 1 paired sender.")
        #expect(card.contains("Messaging surfaces"), "\(card)")
        try tui.press("Down", "Down", "Down", "Down")
        try tui.waitFor("Open messaging surfaces")
        try tui.press("Enter")
        let page = try tui.waitFor("Veetbot on Telegram")
        #expect(!page.contains("Update connection"), "Settings closed for the surfaces page:\n\(page)")

        let bare = try TUISession(width: 120, height: 40, fixtureArguments: ["--no-surfaces"])
        defer { bare.stop() }
        try bare.terminal.waitFor("New conversation")
        try bare.terminal.press("F8")
        let said = try bare.terminal.waitFor("This server does not offer messaging surfaces.")
        #expect(!said.contains("Open messaging surfaces"), "\(said)")
    }

    @Test func aPersonaEditThatMeetsAnotherDevicesEditKeepsBoth() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let fixture = try FixtureProcess(arguments: ["--step-delay", "0.01"])
        let home = try Home()
        defer { fixture.stop(); home.remove() }
        #expect(try veet(home, ["connect", fixture.url, "--name", "home"], stdin: fixture.token + "\n").status == 0)
        let before = try personaTexts(home)
        let tui = try home.tui()
        defer { tui.stop() }
        try tui.press("F8")
        try tui.waitFor("Update connection")
        try tui.press("Down", "Down")
        try tui.waitFor("Edit persona")
        try tui.press("Enter")
        let page = try tui.waitFor("of 30 entries")
        #expect(page.contains("From memory") && page.contains("Affirm") && page.contains("Decline"), "\(page)")
        try tui.press("a")
        try tui.type("Mine: no meetings on Fridays.")
        try tui.press("Enter")
        try tui.waitFor("changed, not saved yet")

        // Another device saves first.
        let editor = home.url.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nprintf '\\n\\nTheirs: from the phone.\\n' >> \"$1\"\n".write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
        let elsewhere = try veet(home, ["settings", "persona", "edit"], extra: ["EDITOR": editor.path])
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")

        try tui.press("s")
        let conflict = try tui.waitFor("Changed on another device")
        #expect(conflict.contains("Mine: no meetings on Fridays.") && conflict.contains("Theirs: from the phone."), "\(conflict)")
        #expect(try personaTexts(home).contains("Theirs: from the phone.") && !(try personaTexts(home)).contains("Mine: no meetings on Fridays."),
                "nothing of the conflicted edit was saved")
        try tui.press("Enter")  // keep both
        try tui.press("s")
        try tui.waitFor("Saved (version")
        let saved = try personaTexts(home)
        #expect(saved == before + ["Theirs: from the phone.", "Mine: no meetings on Fridays."])
        // The last open nomination: Affirm adds its statement as a new entry.
        for _ in 0..<12 { try tui.press("Down") }
        try tui.press("Enter")
        try tui.waitFor("Affirmed: added to your persona.")
        #expect(try personaTexts(home).count == saved.count + 1)
        try tui.press("h")
        try tui.waitFor("newest first")
        try tui.press("Escape", "Escape")
        try tui.press("C-d")
    }

    @Test func theConnectionCardMovesTheConnectionToANewAddressWithTheSavedToken() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let old = try FixtureProcess(arguments: ["--step-delay", "0.01"])
        let new = try FixtureProcess(arguments: ["--step-delay", "0.01"], token: old.token)
        let home = try Home()
        defer { old.stop(); new.stop(); home.remove() }
        #expect(try veet(home, ["connect", old.url, "--name", "home"], stdin: old.token + "\n").status == 0)
        let tokenFile = home.credentials.appendingPathComponent("home.token")
        let tokenBefore = try Data(contentsOf: tokenFile)
        let chat = try veet(home, ["chat", "--once", "only on the old server", "--json"])
        #expect(chat.status == 0, "\(chat.stderr)")
        let tui = try home.tui()
        defer { tui.stop() }
        try tui.waitFor("only on the old server", seconds: 15)
        try tui.press("F8")
        try tui.waitFor("Update connection")
        try tui.press("Enter")
        let form = try tui.waitFor("empty: the saved token is kept")
        #expect(form.contains(old.url))
        try tui.press("Up", "C-u")
        try tui.type("http://example.com")
        try tui.press("Enter")
        try tui.waitFor("Plain http:// is only allowed for loopback servers")
        try tui.press("C-u")
        try tui.type(new.url)
        try tui.waitFor("New address: the cache is cleared")
        try tui.press("Enter", "Enter")  // to the token field, then submit with the saved token
        let moved = try tui.waitFor("now connects to \(new.url)", seconds: 15)
        #expect(moved.contains("with its saved token"))
        let after = try tui.settled()
        #expect(!after.contains("only on the old server"), "the old server's conversation is gone from this connection: \(after)")
        #expect(try Data(contentsOf: tokenFile) == tokenBefore, "the token stayed in its slot")
        let list = try veet(home, ["connections", "list", "--json"])
        #expect(list.stdout.contains(new.url) && !list.stdout.contains(old.url), "\(list.stdout)")
        try tui.press("Escape")
        try tui.press("C-d")
    }
}
