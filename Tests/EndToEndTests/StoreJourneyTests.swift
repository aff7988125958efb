import Foundation
import Testing

/// The local mirror through the built CLI: sync, list, search, show, delete, outbox.
@Suite(.serialized) struct StoreJourneyTests {
    let cli = CLIEndToEndTests()

    @Test func syncSearchShowAndDeleteEverywhere() throws {
        let fixture = try FixtureProcess(arguments: ["--seed-sessions", "120"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let sync = try cli.veet(["sync", "--json"], fixture: fixture, home: home)
        #expect(sync.status == 0, "\(sync.stderr)")
        let report = try cli.json(sync.stdout)
        let added = ((report["report"] as? [String: Any])?["added"] as? [Any])?.count ?? 0
        #expect(added > 100)
        // People audit/import sessions are not conversations.
        #expect(added < 120)

        let list = try cli.veet(["sessions", "list", "--all", "--json"], fixture: fixture, home: home)
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(sessions.count == added)

        // Word-prefix search over titles and messages.
        let search = try cli.veet(["search", "mond", "--json"], fixture: fixture, home: home)
        #expect(search.status == 0)
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]])
        #expect(!hits.isEmpty)
        let hitID = try #require(hits.first?["session_id"] as? String)

        let show = try cli.veet(["sessions", "show", hitID], fixture: fixture, home: home)
        #expect(show.status == 0)
        #expect(show.stdout.contains("Monday"))

        let delete = try cli.veet(["sessions", "delete", hitID], fixture: fixture, home: home)
        #expect(delete.status == 0, "\(delete.stderr)")
        let after = try cli.veet(["sessions", "list", "--all", "--json"], fixture: fixture, home: home)
        #expect(!after.stdout.contains(hitID))
        let again = try cli.veet(["search", "mond", "--json"], fixture: fixture, home: home)
        #expect(!again.stdout.contains(hitID))
    }

    @Test func aMessageTheServerRefusesStaysInTheOutbox() throws {
        let fixture = try FixtureProcess(arguments: ["--reject-status", "503", "--reject-count", "8", "--retry-after", "0"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        // Session creation and every submit attempt meet 503s: nothing is lost.
        let sent = try cli.veet(["chat", "--once", "17 * 23", "--session", "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"],
                                fixture: fixture, home: home)
        #expect(sent.status != 0)
        let outbox = try cli.veet(["outbox", "list", "--json"], fixture: fixture, home: home)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(outbox.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["text"] as? String == "17 * 23")
        let discard = try cli.veet(["outbox", "discard", try #require(entries.first?["id"] as? String)],
                                   fixture: fixture, home: home)
        #expect(discard.status == 0)
        #expect(try cli.veet(["outbox", "list", "--json"], fixture: fixture, home: home).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
