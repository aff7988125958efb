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

    @Test func theServersOwnSessionsAreListedOnlyWithAllKinds() throws {
        let fixture = try FixtureProcess(arguments: ["--server-sessions", "3"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let chat = try cli.veet(["chat", "--once", "hello there", "--json"], fixture: fixture, home: home)
        #expect(chat.status == 0, "\(chat.stderr)")
        let mine = try #require(try cli.json(chat.stdout)["session_id"] as? String)

        let owners = try cli.veet(["sessions", "list", "--refresh", "--all"], fixture: fixture, home: home)
        #expect(owners.status == 0, "\(owners.stderr)")
        #expect(owners.stdout.contains(mine))
        for hidden in ["Skill background review", "People history import", "active", "server:"] {
            #expect(!owners.stdout.contains(hidden), "\(owners.stdout)")
        }
        let ownersJSON = try cli.veet(["sessions", "list", "--all", "--json"], fixture: fixture, home: home)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(ownersJSON.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["id"] as? String } == [mine])

        let every = try cli.veet(["sessions", "list", "--all-kinds"], fixture: fixture, home: home)
        #expect(every.status == 0, "\(every.stderr)")
        let lines = every.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(every.stdout)")
        #expect(lines.filter { $0.contains("Skill background review") && $0.contains("[server: skill_background_review]")
            && $0.contains("active") }.count == 3, "\(every.stdout)")
        #expect(lines.contains { $0.contains("People history import") && $0.contains("[server: people-import]") })
        #expect(lines.contains { $0.contains("[server: people-management]") })
        #expect(lines.contains { $0.contains(mine) && !$0.contains("server:") })

        let everyJSON = try cli.veet(["sessions", "list", "--all-kinds", "--json", "--limit", "4"], fixture: fixture, home: home)
        let kinds = try #require(try JSONSerialization.jsonObject(with: Data(everyJSON.stdout.utf8)) as? [[String: Any]])
        #expect(kinds.count == 4)
        // Newest first: this conversation, then the People import made last by the fixture.
        #expect(kinds.first?["id"] as? String == mine && kinds.first?["kind"] as? String == "owner")
        #expect(kinds.dropFirst().first?["kind"] as? String == "server")
        #expect(kinds.dropFirst().first?["server_kind"] as? String == "purpose=people-import")
        let full = try cli.veet(["sessions", "list", "--all-kinds", "--json"], fixture: fixture, home: home)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(full.stdout.utf8)) as? [[String: Any]])
        #expect(all.count == 6)
        #expect(all.filter { $0["server_kind"] as? String == "run_kind=skill_background_review" }.count == 3)
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
