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

    @Test func theServersSuggestionIsAcceptedUnderAnotherName() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        for prompt in ["Lisbon trip packing list", "Lisbon trip budget", "Lisbon trip restaurants"] {
            #expect(try cli.veet(["chat", "--once", prompt], fixture: fixture, home: home).status == 0)
        }
        let listed = try cli.veet(["folders", "proposals"], fixture: fixture, home: home)
        #expect(listed.stdout.contains("New folder Lisbon"), "\(listed.stdout)\(listed.stderr)")
        let proposals = try #require(try JSONSerialization.jsonObject(
            with: Data(try cli.veet(["folders", "proposals", "--json"], fixture: fixture, home: home).stdout.utf8)) as? [[String: Any]])
        let proposalID = try #require(proposals.first?["id"] as? String)
        #expect((proposals.first?["member_session_ids"] as? [String])?.count == 3)
        let accepted = try cli.veet(["folders", "accept", proposalID, "--name", "Lisbon 2027"], fixture: fixture, home: home)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let folders = try cli.veet(["folders", "list"], fixture: fixture, home: home).stdout
        #expect(folders.contains("Lisbon 2027") && folders.contains("3 conversations"), "\(folders)")
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
        let sum = try cli.veet(["chat", "--once", "17 * 23", "--json"], fixture: fixture, home: home)
        #expect(sum.status == 0)
        let sumSession = try #require(try cli.json(sum.stdout)["session_id"] as? String)
        // Connecting the profile to an existing conversation.
        let bound = try cli.veet(["sites", "use", id, "--session", sumSession, "--json"], fixture: fixture, home: home)
        #expect(bound.status == 0, "\(bound.stderr)")
        #expect(try jsonObject(bound.stdout)["profile_id"] as? String == id)

        // A browser step asks; "allow all for this task" makes a task permission on the chosen profile.
        let browse = try cli.veet(["chat", "--once", "Browse to the next lesson", "--json"], fixture: fixture, home: home)
        #expect(browse.status == 7, "\(browse.stderr)")
        let pending = try #require(try JSONSerialization.jsonObject(
            with: Data(try cli.veet(["approvals", "list", "--json"], fixture: fixture, home: home).stdout.utf8)) as? [[String: Any]])
        let approvalID = try #require(pending.first?["id"] as? String)
        let approve = try cli.veet(["sites", "approve", approvalID], fixture: fixture, home: home)
        #expect(approve.status == 0, "\(approve.stderr)")
        #expect(approve.stderr.contains("www.example.org/lesson"))
        let grants = try #require(try JSONSerialization.jsonObject(
            with: Data(try cli.veet(["sites", "grants", "--json"], fixture: fixture, home: home).stdout.utf8)) as? [[String: Any]])
        #expect(grants.count == 1)
        #expect(grants.first?["profile_id"] as? String == id, "the new chat carried the chosen profile")
        let grantID = try #require(grants.first?["id"] as? String)
        #expect(try cli.veet(["sites", "stop", grantID], fixture: fixture, home: home).stdout.contains("revoked"))
        #expect(try cli.veet(["sites", "grants"], fixture: fixture, home: home).stderr.contains("No task permissions"))

        // A standing grant for the ready profile, then revoked.
        let standing = try cli.veet(["sites", "grant", id, "--action", "click,scroll", "--hours", "2", "--json"],
                                    fixture: fixture, home: home)
        #expect(standing.status == 0, "\(standing.stderr)")
        let standingID = try #require(try jsonObject(standing.stdout)["id"] as? String)
        #expect(try cli.veet(["sites", "grant", id, "--action", "drag"], fixture: fixture, home: home).stderr.contains("drag"))
        #expect(try cli.veet(["sites", "ungrant", standingID], fixture: fixture, home: home).status == 0)

        #expect(try cli.veet(["sites", "delete", id], fixture: fixture, home: home).status != 0, "delete only after revoke")
        #expect(try cli.veet(["sites", "revoke", id], fixture: fixture, home: home).status == 0)
        #expect(try cli.veet(["sites", "delete", id], fixture: fixture, home: home).status == 0)
    }
}

/// Issue 34: `veet connections use|forget` cancels the live website sign-ins of the connection
/// left or forgotten (best effort), so no single-use link stays open; each fixture records the cancel.
@Suite(.serialized) struct ConnectionSignInCancelTests {
    let cli = CLIEndToEndTests()

    /// The status of every sign-in ceremony the fixture holds, as its own routes tell.
    func ceremonyStatuses(_ fixture: FixtureProcess) throws -> [String] {
        let requests = FixtureRequests(fixture: fixture)
        let profiles = try requests.json("GET", "/v1/browser-profiles")["items"] as? [[String: Any]] ?? []
        return try profiles.compactMap { $0["id"] as? String }.flatMap { id in
            try requests.array("/v1/browser-profiles/\(id)/authentication-ceremonies").compactMap { $0["status"] as? String }
        }
    }

    @Test func leavingOrForgettingAConnectionCancelsItsLiveSignIns() throws {
        let one = try FixtureProcess(), two = try FixtureProcess()
        defer { one.stop(); two.stop() }
        let home = try Harness.temporaryHome()
        for (name, fixture) in [("one", one), ("two", two)] {
            let saved = try cli.veet(["connect", fixture.url, "--name", name], home: home, stdin: fixture.token + "\n")
            #expect(saved.status == 0, "\(saved.stderr)")
        }
        #expect(try cli.veet(["connections", "use", "one"], home: home).status == 0)
        let begun = try cli.veet(["sites", "add", "https://learn.example.org/login", "--no-wait"], home: home)
        #expect(begun.status == 7, "waiting for the owner to sign in: \(begun.stderr)")
        #expect(try ceremonyStatuses(one) == ["authentication_required"])

        let switched = try cli.veet(["connections", "use", "two"], home: home)
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(switched.stdout.contains("Cancelled its open website sign-in on \"one\": the sign-in link no longer works."),
                "\(switched.stdout)")
        #expect(try ceremonyStatuses(one) == ["cancelled"])

        // Using the connection already current leaves nothing: "two"'s new sign-in stays open.
        let again = try cli.veet(["sites", "add", "https://news.example.org/login", "--no-wait"], home: home)
        #expect(again.status == 7, "\(again.stderr)")
        let same = try cli.veet(["connections", "use", "two"], home: home)
        #expect(same.status == 0 && !same.stdout.contains("sign-in"), "\(same.stdout)")
        #expect(try ceremonyStatuses(two) == ["authentication_required"])
        let back = try cli.veet(["connections", "use", "one"], home: home)
        #expect(back.stdout.contains("on \"two\""), "\(back.stdout)")
        #expect(try ceremonyStatuses(two) == ["cancelled"])
    }

    @Test func forgettingAConnectionCancelsItsLiveSignIn() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["connect", fixture.url, "--name", "one"], home: home, stdin: fixture.token + "\n").status == 0)
        #expect(try cli.veet(["sites", "add", "https://learn.example.org/login", "--no-wait"], home: home).status == 7)
        #expect(try ceremonyStatuses(fixture) == ["authentication_required"])
        let forgot = try cli.veet(["connections", "forget", "one"], home: home)
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(forgot.stdout.contains("Cancelled its open website sign-in on \"one\""), "\(forgot.stdout)")
        #expect(try ceremonyStatuses(fixture) == ["cancelled"])
    }
}
