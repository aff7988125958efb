import Foundation
import Testing

/// `veet people` through the built CLI against the built fixture.
@Suite(.serialized) struct PeopleJourneyTests {
    let cli = CLIEndToEndTests()

    func array(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "not a JSON array: \(text)")
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    func id(of name: String, _ fixture: FixtureProcess, _ home: URL) throws -> String {
        let listed = try array(cli.veet(["people", "list", "--all", "--search", name, "--json"], fixture: fixture, home: home).stdout)
        return try #require(listed.first { $0["display_name"] as? String == name }?["id"] as? String, "\(name) not listed")
    }

    @Test func theDirectoryAndAProfileRead() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let pinned = try cli.veet(["people", "list", "--pinned"], fixture: fixture, home: home)
        #expect(pinned.status == 0)
        #expect(pinned.stdout.split(separator: "\n").map { $0.prefix(14) } == ["MC  Maya Chen ", "JM  Jules More", "AS  Ana Silva "])
        let everyone = try array(cli.veet(["people", "list", "--json"], fixture: fixture, home: home).stdout)
        #expect(everyone.count >= 80)
        #expect(everyone.first?["display_name"] as? String == "Maya Chen")  // pinned first
        let review = try object(cli.veet(["people", "list", "--needs-review", "--json"], fixture: fixture, home: home).stdout)
        #expect((review["suggestions"] as? [[String: Any]])?.count == 4)
        #expect((review["people"] as? [[String: Any]])?.contains { $0["display_name"] as? String == "Dr. Patel" } == true)

        let maya = try id(of: "Maya Chen", fixture, home)
        let profile = try cli.veet(["people", "show", maya], fixture: fixture, home: home)
        #expect(profile.stdout.contains("Names and contact details"))
        #expect(profile.stdout.contains("email: maya.chen@example.com"))
        #expect(profile.stdout.contains("Maya Chen — partner — Jules Moreau"))
        let history = try cli.veet(["people", "show", maya, "--section", "history"], fixture: fixture, home: home)
        #expect(history.stdout.split(separator: "\n").count == 60)
        #expect(history.stdout.contains("(Asia/Tokyo)") && history.stdout.contains("Date unknown"))
        let facts = try cli.veet(["people", "show", maya, "--section", "facts"], fixture: fixture, home: home)
        #expect(facts.stdout.contains("evidence: email thread e1000000-0000-4000-8000-000000000053"))
        #expect(facts.stdout.contains("evidence: you said “Maya told me: allergic to peanuts.”"))
        let json = try object(cli.veet(["people", "show", maya, "--json"], fixture: fixture, home: home).stdout)
        #expect(json["fact_revisions"] != nil && json["related_labels"] != nil)
        let bad = try cli.veet(["people", "show", maya, "--section", "gossip"], fixture: fixture, home: home)
        #expect(bad.status == 2)
    }

    @Test func pinRenameAddAndAMergeThatIsAskedThenUndone() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let jules = try id(of: "Jules Moreau", fixture, home)
        let unpinned = try object(cli.veet(["people", "unpin", jules, "--json"], fixture: fixture, home: home).stdout)
        #expect(unpinned["pinned"] as? Bool == false)
        #expect(try cli.veet(["people", "rename", jules, "Jules M."], fixture: fixture, home: home).stdout.contains("Renamed to Jules M."))
        let added = try object(cli.veet(["people", "add", "Nadia Haddad", "--json"], fixture: fixture, home: home).stdout)
        #expect(added["display_name"] as? String == "Nadia Haddad")

        let bob = try id(of: "Bob Lee", fixture, home), robert = try id(of: "Robert Lee", fixture, home)
        let declined = try cli.veet(["people", "merge", bob, robert], fixture: fixture, home: home, stdin: "n\n")
        #expect(declined.status == 1)
        #expect(declined.stderr.contains("moves 1 record") && declined.stderr.contains("identifier: Bob Lee"))
        #expect(declined.stderr.contains("Not merged; nothing was changed"))
        let merged = try cli.veet(["people", "merge", bob, robert, "--json"], fixture: fixture, home: home, stdin: "y\n")
        #expect(merged.status == 0, "\(merged.stderr)")
        let applied = try #require(try object(merged.stdout)["applied"] as? [String: Any])
        #expect(applied["state"] as? String == "completed")
        let operation = try #require(applied["id"] as? String)
        let undone = try cli.veet(["people", "undo", operation], fixture: fixture, home: home)
        #expect(undone.status == 0 && undone.stdout.contains("Undid the merge"))
        let again = try cli.veet(["people", "list", "--all", "--search", "Bob Lee"], fixture: fixture, home: home)
        #expect(!again.stdout.contains("merged"))
    }

    @Test func suggestionsAndACorrection() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let suggestions = try array(cli.veet(["people", "suggestions", "--json"], fixture: fixture, home: home).stdout)
        let sameName = try #require(suggestions.first { $0["reason"] as? String == "same_name" }?["id"] as? String)
        let kept = try cli.veet(["people", "suggestions", "separate", sameName], fixture: fixture, home: home)
        #expect(kept.stdout.contains("will not be suggested again"))
        #expect(try array(cli.veet(["people", "suggestions", "--json"], fixture: fixture, home: home).stdout).count == 3)
        #expect(try cli.veet(["people", "suggestions", "merge", sameName], fixture: fixture, home: home).status == 4)

        let maya = try id(of: "Maya Chen", fixture, home)
        let facts = try array(cli.veet(["people", "show", maya, "--section", "facts", "--json"], fixture: fixture, home: home).stdout)
        let lisbon = try #require(facts.first { $0["statement"] as? String == "Lives in Lisbon" }?["id"] as? String)
        let corrected = try cli.veet(["people", "correct", maya, lisbon, "--as", "correct", "--statement", "Lives in Porto"],
                                     fixture: fixture, home: home)
        #expect(corrected.status == 0 && corrected.stdout.contains("Lives in Porto"), "\(corrected.stderr)")
        let removed = try cli.veet(["people", "correct", maya, lisbon, "--as", "never-true"], fixture: fixture, home: home)
        #expect(removed.stdout.contains("Removed"))
        #expect(try cli.veet(["people", "correct", maya, lisbon, "--as", "affirm"], fixture: fixture, home: home).status == 4)
        #expect(try cli.veet(["people", "correct", maya, lisbon, "--as", "wrong"], fixture: fixture, home: home).status == 2)
    }

    @Test func forgetAsksForTheNameOrTheExactCounts() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let ana = try id(of: "Ana Silva", fixture, home)
        let refused = try cli.veet(["people", "forget", ana], fixture: fixture, home: home, stdin: "yes\n")
        #expect(refused.status == 1 && refused.stderr.contains("Not forgotten; nothing was erased."))
        #expect(refused.stderr.contains("Original messages stay in their source"))
        #expect(refused.stderr.contains("identifier=1, person=1"))
        #expect(try cli.veet(["people", "forget", ana, "--yes"], fixture: fixture, home: home).status == 2)
        let wrongCounts = try cli.veet(["people", "forget", ana, "--yes", "--expect-counts", "person=1"],
                                       fixture: fixture, home: home)
        #expect(wrongCounts.status == 1 && wrongCounts.stderr.contains("nothing was erased"))
        let typed = try cli.veet(["people", "forget", ana], fixture: fixture, home: home, stdin: "Ana Silva\n")
        #expect(typed.status == 0 && typed.stdout.contains("Forgot Ana Silva") && typed.stdout.contains("completed"))
        #expect(try cli.veet(["people", "show", ana], fixture: fixture, home: home).status == 4)

        let jules = try id(of: "Jules Moreau", fixture, home)
        let scripted = try cli.veet(["people", "forget", jules, "--yes", "--expect-counts", "person=1,identifier=1", "--json"],
                                    fixture: fixture, home: home)
        #expect(scripted.status == 0, "\(scripted.stderr)")
        #expect(try object(scripted.stdout)["state"] as? String == "completed")
    }

    @Test func aServerWithoutPeopleOrWithoutTheWriteScopeSaysSo() throws {
        let off = try FixtureProcess(arguments: ["--no-people"])
        defer { off.stop() }
        let listed = try cli.veet(["people", "list", "--json"], fixture: off)
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("People is not enabled on this server."))
        #expect((try cli.json(listed.stdout)["error"] as? [String: Any])?["message"] as? String != nil)

        let readOnly = try FixtureProcess(arguments: ["--people-read-only"])
        defer { readOnly.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["people", "list"], fixture: readOnly, home: home).status == 0)
        let maya = try id(of: "Maya Chen", readOnly, home)
        let pin = try cli.veet(["people", "unpin", maya], fixture: readOnly, home: home)
        #expect(pin.status == 3)
        #expect(pin.stderr.contains("may read People but not change it") && pin.stderr.contains("nothing was changed"))
    }

    @Test func aContactDetailIsAddedAndEndedAndAConflictReadsThePersonAgain() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let jules = try id(of: "Jules Moreau", fixture, home)
        let added = try cli.veet(["people", "contact", jules, "--add", "phone:+33 6 12 34 56 78"], fixture: fixture, home: home)
        #expect(added.status == 0 && added.stdout.contains("Added phone +33 6 12 34 56 78 to Jules Moreau."), "\(added.stderr)")
        let evidence = try array(cli.veet(["people", "show", jules, "--section", "evidence", "--json"],
                                          fixture: fixture, home: home).stdout)
        let phone = try #require(evidence.first { $0["label"] as? String == "+33 6 12 34 56 78" }?["id"] as? String)
        let ended = try cli.veet(["people", "contact", jules, "--end", phone, "--json"], fixture: fixture, home: home)
        #expect(ended.status == 0)
        #expect(try object(ended.stdout)["display_name"] as? String == "Jules Moreau")
        #expect(try cli.veet(["people", "contact", jules], fixture: fixture, home: home).status == 2)
        #expect(try cli.veet(["people", "contact", jules, "--add", "phone:1", "--end", phone],
                             fixture: fixture, home: home).status == 2)

        // Changed on another device between the read and the edit: refused, read again, said so.
        let elsewhere = try FixtureProcess(arguments: ["--people-edited-elsewhere"])
        defer { elsewhere.stop() }
        let otherHome = try Harness.temporaryHome()
        let maya = try id(of: "Maya Chen", elsewhere, otherHome)
        let refused = try cli.veet(["people", "contact", maya, "--add", "email:maya@studio.example"], fixture: elsewhere,
                                   home: otherHome)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Not changed: Maya Chen changed on another device meanwhile (read again just now). "
                                        + "It is now at revision 2 with 2 contact details"), "\(refused.stderr)")
        let shown = try cli.veet(["people", "show", maya], fixture: elsewhere, home: otherHome).stdout
        #expect(!shown.contains("maya@studio.example"))
        let again = try cli.veet(["people", "contact", maya, "--add", "email:maya@studio.example"], fixture: elsewhere,
                                 home: otherHome)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func notTheSameMovesTheChosenRecordsToANewPerson() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let maya = try id(of: "Maya Chen", fixture, home)
        let evidence = try array(cli.veet(["people", "show", maya, "--section", "evidence", "--json"],
                                          fixture: fixture, home: home).stdout)
        let phone = try #require(evidence.first { $0["label"] as? String == "+351 912 345 678" }?["id"] as? String)
        #expect(try cli.veet(["people", "not-same", maya], fixture: fixture, home: home).status == 2)
        #expect(try cli.veet(["people", "not-same", maya, "--entities", "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"],
                             fixture: fixture, home: home).status == 4)
        let declined = try cli.veet(["people", "not-same", maya, "--entities", phone], fixture: fixture, home: home, stdin: "\n")
        #expect(declined.status == 1 && declined.stderr.contains("identifier: +351 912 345 678"))
        let split = try cli.veet(["people", "not-same", maya, "--entities", phone], fixture: fixture, home: home, stdin: "y\n")
        #expect(split.status == 0 && split.stdout.contains("Separated into a new person"), "\(split.stderr)")
        let after = try cli.veet(["people", "show", maya], fixture: fixture, home: home).stdout
        #expect(!after.contains("+351 912 345 678"))
    }

    @Test func aHistoryImportIsPreviewedAppliedPausedAndResumed() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let listed = try cli.veet(["people", "import", "list"], fixture: fixture, home: home)
        #expect(listed.stdout.contains("completed") && listed.stdout.contains("budget_paused") && listed.stdout.contains("failed"))
        let bad = try cli.veet(["people", "import", "preview", "--since", "2026-09-01T00:00:00Z", "--until", "2026-01-01T00:00:00Z",
                                "--account", "default", "--max-cost", "5"], fixture: fixture, home: home)
        #expect(bad.status == 2 && bad.stderr.contains("before its end"))
        let preview = try object(cli.veet(["people", "import", "preview", "--since", "2026-01-01T00:00:00Z",
                                           "--until", "2026-09-01T00:00:00Z", "--account", "default",
                                           "--max-cost", "0.50", "--json"], fixture: fixture, home: home).stdout)
        #expect(preview["state"] as? String == "preview")
        #expect((preview["scope"] as? [String: Any])?["max_cost_usd"] as? String == "0.50")
        let job = try #require(preview["id"] as? String)
        let applied = try cli.veet(["people", "import", "apply", job, "--wait"], fixture: fixture, home: home)
        #expect(applied.status == 0 && applied.stdout.contains("budget_paused"), "\(applied.stderr)")
        #expect(applied.stderr.contains("resume with a higher `--max-cost`"))
        let resumed = try cli.veet(["people", "import", "resume", job, "--max-cost", "5", "--wait", "--json"],
                                   fixture: fixture, home: home)
        let done = try object(resumed.stdout)
        #expect(done["state"] as? String == "completed" && done["spent_usd"] as? String == "2.00")
        let failedID = try #require(try array(cli.veet(["people", "import", "list", "--json"], fixture: fixture, home: home).stdout)
            .first { $0["state"] as? String == "failed" }?["id"] as? String)
        let failed = try cli.veet(["people", "import", "show", failedID], fixture: fixture, home: home)
        #expect(failed.status == 0 && failed.stderr.contains("The import failed (mailbox_unavailable)"))
    }
}
