import Foundation
import Testing

/// `veet settings` and `veet --version` through the built CLI against the
/// built fixture, with shell scripts standing in for $EDITOR.
@Suite(.serialized) struct SettingsJourneyTests {
    let cli = CLIEndToEndTests()

    /// A stand-in editor: records the file's mode and path in `log`, then runs `body` on "$1".
    private func editor(_ home: URL, _ body: String) throws -> (script: URL, log: URL) {
        let script = home.appendingPathComponent("editor-\(UUID().uuidString.prefix(8)).sh")
        let log = home.appendingPathComponent("editor.log")
        try "#!/bin/sh\nstat -c '%a %n' \"$1\" > '\(log.path)'\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return (script, log)
    }

    /// The editor's file was owner-only and is gone afterwards.
    private func expectPrivateAndRemoved(_ log: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let line = try String(contentsOf: log, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        #expect(parts.first == "600", "the editor's file was \(line)", sourceLocation: sourceLocation)
        #expect(parts.count == 2 && !FileManager.default.fileExists(atPath: parts[1]), "left behind: \(line)",
                sourceLocation: sourceLocation)
    }

    private func persona(_ fixture: FixtureProcess, _ home: URL) throws -> [String: Any] {
        let shown = try cli.veet(["settings", "persona", "--json"], fixture: fixture, home: home)
        #expect(shown.status == 0, "\(shown.stderr)")
        return try #require(try cli.json(shown.stdout)["persona"] as? [String: Any])
    }

    private func texts(_ persona: [String: Any]) -> [String] {
        (persona["entries"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func theVersionNamesTheBuildAndTheCommit() throws {
        let plain = try cli.veet(["--version"])
        #expect(plain.status == 0 && plain.stdout.hasPrefix("veet 0.") && plain.stdout.contains("build ")
                && plain.stdout.contains("commit "))
        let json = try cli.json(try cli.veet(["version", "--json"]).stdout)
        #expect(json["version"] is String && json["build"] is String && json["commit"] is String)
    }

    @Test func modelsShowSaveAndRefuse() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let shown = try cli.veet(["settings", "models"], fixture: fixture, home: home)
        #expect(shown.status == 0 && shown.stdout.contains("applies to new chats") && shown.stdout.contains("* frontier"))

        // A new chat model without --effort takes its default (balanced's server default is not one it accepts).
        let saved = try cli.veet(["settings", "models", "--chat", "balanced", "--memory", "memory_deep",
                                  "--memory-effort", "high", "--json"], fixture: fixture, home: home)
        #expect(saved.status == 0, "\(saved.stderr)")
        let body = try cli.json(saved.stdout)
        #expect(body["version"] as? Int == 1)
        #expect((body["chat"] as? [String: Any])?["reasoning_effort"] as? String == "low")
        #expect((body["memory"] as? [String: Any])?["reasoning_effort"] as? String == "high")

        // A combination the server does not offer is refused before sending: nothing changes.
        let refused = try cli.veet(["settings", "models", "--chat", "fast", "--effort", "high", "--json"],
                                   fixture: fixture, home: home)
        #expect(refused.status == 1 && refused.stderr.contains("takes no effort") && refused.stderr.contains("Nothing was saved"))
        #expect(try cli.json(refused.stdout)["error"] != nil)
        let pair = try cli.veet(["settings", "models", "--memory", "memory_deep", "--memory-effort", "low"],
                                fixture: fixture, home: home)
        #expect(pair.status == 1 && pair.stderr.contains("evaluated pairs"))
        let after = try cli.json(try cli.veet(["settings", "models", "--json"], fixture: fixture, home: home).stdout)
        #expect(after["version"] as? Int == 1)
    }

    @Test func aServerWithoutThemSaysSo() throws {
        let fixture = try FixtureProcess(arguments: ["--no-model-settings", "--no-persona"])
        defer { fixture.stop() }
        let models = try cli.veet(["settings", "models", "--json"], fixture: fixture)
        #expect(models.status == 1 && models.stderr.contains("does not offer model settings"))
        #expect((try cli.json(models.stdout)["error"] as? [String: Any])?["kind"] as? String == "not_offered")
        let persona = try cli.veet(["settings", "persona"], fixture: fixture)
        #expect(persona.status == 1 && persona.stderr.contains("does not offer persona"))
    }

    @Test func editingThePersonaInTheEditor() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let before = try persona(fixture, home)
        let (script, log) = try editor(home, "printf '\\n\\nReply in English,\\nplease.\\n' >> \"$1\"")
        let edited = try cli.veet(["settings", "persona", "edit"], fixture: fixture, home: home,
                                  extraEnvironment: ["EDITOR": script.path])
        #expect(edited.status == 0 && edited.stdout.contains("Saved (version"), "\(edited.stderr)")
        try expectPrivateAndRemoved(log)
        let after = try persona(fixture, home)
        #expect(texts(after) == texts(before) + ["Reply in English,\nplease."])
        // The affirmed entry kept its provenance through the edit.
        #expect((after["entries"] as? [[String: Any]])?.contains { $0["source"] as? String == "affirmation" } == true)

        // An editor that fails saves nothing, and its file is removed too.
        let (failing, failingLog) = try editor(home, "exit 3")
        let failed = try cli.veet(["settings", "persona", "edit"], fixture: fixture, home: home,
                                  extraEnvironment: ["EDITOR": failing.path])
        #expect(failed.status == 1 && failed.stderr.contains("exited with status 3") && failed.stderr.contains("Nothing was saved"))
        try expectPrivateAndRemoved(failingLog)
        #expect(texts(try persona(fixture, home)) == texts(after))

        // Over the limits: refused before sending, and the text is printed so none of it is lost.
        let long = String(repeating: "x", count: 501)
        let (tooLong, _) = try editor(home, "printf '\\n\\n\(long)\\n' >> \"$1\"")
        let refused = try cli.veet(["settings", "persona", "edit"], fixture: fixture, home: home,
                                   extraEnvironment: ["EDITOR": tooLong.path])
        #expect(refused.status == 1 && refused.stderr.contains("at most 500") && refused.stdout.contains(long))
        #expect(texts(try persona(fixture, home)) == texts(after))
    }

    /// Another device saves while the owner edits: both texts are shown, nothing is
    /// saved without a terminal to ask on, and the owner's text is printed.
    @Test func aConflictWhileEditingKeepsBothTexts() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let version = try #require(try persona(fixture, home)["version"] as? Int)
        let header = home.appendingPathComponent("auth-header")
        try "Authorization: Bearer \(fixture.token)".write(to: header, atomically: true, encoding: .utf8)
        let otherDevice = #"{"expected_version":\#(version),"entries":[{"text":"Changed on the phone."}]}"#
        let (script, log) = try editor(home, """
            curl -s -o /dev/null -X PUT -H @'\(header.path)' -H 'Content-Type: application/json' \
              --data '\(otherDevice)' '\(fixture.url)/v1/persona'
            printf '\\n\\nMy own new line.\\n' >> "$1"
            """)
        let result = try cli.veet(["settings", "persona", "edit"], fixture: fixture, home: home,
                                  extraEnvironment: ["EDITOR": script.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("changed elsewhere") && result.stderr.contains("Yours:")
                && result.stderr.contains("On the server now:"))
        #expect(result.stderr.contains("Changed on the phone.") && result.stderr.contains("My own new line."))
        #expect(result.stdout.contains("My own new line."))  // the owner's text, kept
        try expectPrivateAndRemoved(log)
        #expect(texts(try persona(fixture, home)) == ["Changed on the phone."])
    }

    @Test func historyNominationsAndPrivacy() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let shown = try cli.veet(["settings", "persona", "show", "--json"], fixture: fixture, home: home)
        let open = try #require(try cli.json(shown.stdout)["open_nominations"] as? [[String: Any]])
        #expect((1...5).contains(open.count))
        let first = try #require(open.first?["id"] as? String), statement = try #require(open.first?["statement"] as? String)
        let affirmed = try cli.veet(["settings", "persona", "affirm", first], fixture: fixture, home: home)
        #expect(affirmed.status == 0 && affirmed.stdout.contains(statement))
        let again = try cli.veet(["settings", "persona", "affirm", first, "--json"], fixture: fixture, home: home)
        #expect(again.status == 1)
        if open.count > 1, let second = open[1]["id"] as? String {
            let declined = try cli.veet(["settings", "persona", "decline", second, "--json"], fixture: fixture, home: home)
            #expect(try cli.json(declined.stdout)["state"] as? String == "declined")
        }
        let history = try cli.veet(["settings", "persona", "history", "--limit", "2"], fixture: fixture, home: home)
        #expect(history.status == 0 && history.stdout.contains(statement))

        let privacy = try cli.veet(["settings", "privacy", "--json"], home: home)
        let report = try cli.json(privacy.stdout)
        let places = try #require(report["places"] as? [[String: Any]])
        let cache = try #require(places.first { $0["kind"] as? String == "cache" }?["path"] as? String)
        #expect(cache == home.appendingPathComponent("data/veet/veet.sqlite").path)
        #expect((report["never_stored"] as? [String])?.first?.contains("mail") == true)
        let plain = try cli.veet(["settings", "privacy"], home: home)
        #expect(plain.stdout.contains("Clearing the local cache") && plain.stdout.contains("never in the cache"))
    }
}
