import Foundation
import Testing

/// Folders and website access through the built CLI.
@Suite(.serialized) struct FeatureJourneyTests {
    let cli = CLIEndToEndTests()

    func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aConversationIsFiledAndUnfiled() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let created = try cli.veet(["folders", "create", "Travel", "--json"], fixture: fixture, home: home)
        #expect(created.status == 0, "\(created.stderr)")
        let folderID = try #require(try jsonObject(created.stdout)["id"] as? String)
        let duplicate = try cli.veet(["folders", "create", "travel"], fixture: fixture, home: home)
        #expect(duplicate.status != 0)
        let chat = try cli.veet(["chat", "--once", "17 * 23", "--json"], fixture: fixture, home: home)
        let sessionID = try #require(try cli.json(chat.stdout)["session_id"] as? String)
        #expect(try cli.veet(["folders", "move", sessionID, folderID], fixture: fixture, home: home).status == 0)
        #expect(try cli.veet(["folders", "list"], fixture: fixture, home: home).stdout.contains("1 conversation"))
        #expect(try cli.veet(["folders", "unfile", sessionID], fixture: fixture, home: home).status == 0)
        #expect(try cli.veet(["folders", "list"], fixture: fixture, home: home).stdout.contains("0 conversations"))
    }

    @Test func aWebsiteIsAddedSignedInUsedAndRemoved() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let refused = try cli.veet(["sites", "add", "https://192.168.1.4/login", "--no-wait"], fixture: fixture, home: home)
        #expect(refused.status != 0)

        let added = try cli.veet(["sites", "add", "https://learn.example.org/login", "--no-wait"], fixture: fixture, home: home)
        #expect(added.status == 7, "\(added.stderr)")  // waiting for the owner to sign in elsewhere
        // Without a terminal the single-use link goes to stdout; it is never in --json output or the store.
        let link = try #require(added.stdout.split(separator: " ").map(String.init)
            .first { $0.hasPrefix("http://127.0.0.1") }?.trimmingCharacters(in: .whitespacesAndNewlines))
        let database = home.appendingPathComponent("data/veet/veet.sqlite")
        let stored = (try? Data(contentsOf: database)) ?? Data()
        let capability = try #require(link.split(separator: "#").last.map(String.init))
        #expect(stored.range(of: Data(capability.utf8)) == nil)

        // The owner signs in elsewhere: the fixture's page drives the ceremony to ready.
        let parts = link.split(separator: "#", maxSplits: 1)
        let ready = try #require(URL(string: "\(parts[0])?outcome=ready#\(parts[1])"))
        _ = try Data(contentsOf: ready)

        let list = try jsonObject(try cli.veet(["sites", "list", "--json"], fixture: fixture, home: home).stdout)
        let profile = try #require((list["profiles"] as? [[String: Any]])?.first)
        #expect(profile["status"] as? String == "ready")
        #expect(!(try cli.veet(["sites", "list", "--json"], fixture: fixture, home: home).stdout.contains(capability)))
        let id = try #require(profile["id"] as? String)
        #expect(try cli.veet(["sites", "use", id], fixture: fixture, home: home).status == 0)
        #expect(try cli.veet(["chat", "--once", "17 * 23"], fixture: fixture, home: home).status == 0)

        #expect(try cli.veet(["sites", "delete", id], fixture: fixture, home: home).status != 0, "delete only after revoke")
        #expect(try cli.veet(["sites", "revoke", id], fixture: fixture, home: home).status == 0)
        #expect(try cli.veet(["sites", "delete", id], fixture: fixture, home: home).status == 0)
    }
}
