import Foundation
import Testing

/// `veet memory` through the built CLI against the built fixture.
@Suite(.serialized) struct MemoryJourneyTests {
    let cli = CLIEndToEndTests()

    private func array(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    private func ids(_ arguments: [String], _ fixture: FixtureProcess, _ home: URL) throws -> [String] {
        let result = try cli.veet(["memory", "list"] + arguments + ["--json"], fixture: fixture, home: home)
        #expect(result.status == 0, "\(result.stderr)")
        return try array(result.stdout).compactMap { $0["id"] as? String }
    }

    @Test func eachReviewActionAndDeleteChangeTheList() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let queue = try ids(["--flagged"], fixture, home)
        #expect(queue.count >= 10)
        let (a, b, c) = (queue[0], queue[1], queue[2])

        let notHere = try cli.veet(["memory", "not-here", b], fixture: fixture, home: home)
        #expect(notHere.status == 0 && notHere.stdout.contains("stays flagged"), "\(notHere.stderr)")
        #expect(try ids(["--flagged"], fixture, home).contains(b))

        let untrue = try cli.veet(["memory", "untrue", a, "--json"], fixture: fixture, home: home)
        #expect(try cli.json(untrue.stdout)["status"] as? String == "retired")
        #expect(!(try ids([], fixture, home)).contains(a))
        #expect(try ids(["--status", "retired"], fixture, home).contains(a))

        let reviewed = try cli.veet(["memory", "reviewed", c], fixture: fixture, home: home)
        #expect(reviewed.stdout.contains("moved to the top"))
        #expect(try ids([], fixture, home).first == c)
        #expect(!(try ids(["--flagged"], fixture, home)).contains(c))

        // Without a terminal, delete refuses unless --yes is given; nothing is deleted.
        let refused = try cli.veet(["memory", "delete", c, "--json"], fixture: fixture, home: home)
        #expect(refused.status == 2 && refused.stderr.contains("--yes"))
        #expect(try cli.json(refused.stdout)["error"] != nil)
        #expect(try ids([], fixture, home).contains(c))
        let deleted = try cli.veet(["memory", "delete", c, "--yes"], fixture: fixture, home: home)
        #expect(deleted.status == 0 && deleted.stdout.contains("will not form again"))
        #expect(!(try ids([], fixture, home)).contains(c))
        #expect(try cli.veet(["memory", "show", c], fixture: fixture, home: home).status == 4)
    }

    @Test func theFiltersAndTheRecord() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let listed = try cli.veet(["memory", "list", "--status", "superseded", "--status", "expired", "--type", "fact",
                                   "--type", "preference", "--json"], fixture: fixture, home: home)
        let items = try array(listed.stdout)
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { ["superseded", "expired"].contains($0["status"] as? String) })
        #expect(items.allSatisfy { ["fact", "preference"].contains($0["belief_type"] as? String) })
        let coffee = try array(try cli.veet(["memory", "list", "--search", "coffee", "--json"], fixture: fixture,
                                            home: home).stdout)
        #expect(!coffee.isEmpty && coffee.allSatisfy { ($0["statement"] as? String)?.contains("coffee") == true })
        let session = try #require(items.first?["source_session_id"] as? String)
        let fromSession = try array(try cli.veet(["memory", "list", "--session", session, "--json"], fixture: fixture,
                                                 home: home).stdout)
        #expect(!fromSession.isEmpty && fromSession.allSatisfy { $0["source_session_id"] as? String == session })

        let misspelt = try cli.veet(["memory", "list", "--status", "activ"], fixture: fixture, home: home)
        #expect(misspelt.status == 2 && misspelt.stderr.contains("use one of candidate, provisional, active"))
        let plain = try cli.veet(["memory", "list", "--flagged"], fixture: fixture, home: home).stdout
        #expect(plain.contains("Needs review") && plain.contains("from email"))
        let id = try #require(try ids(["--flagged"], fixture, home).first)
        let shown = try cli.veet(["memory", "show", id], fixture: fixture, home: home)
        #expect(shown.stdout.contains("Needs review:") && shown.stdout.contains("Source"))
        let record = try cli.json(try cli.veet(["memory", "show", id, "--json"], fixture: fixture, home: home).stdout)
        #expect(record["flagged_for_review"] as? Bool == true && record["belief_type"] != nil)
    }

    @Test func synthesisUndoAndDreaming() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let operations = try array(try cli.veet(["memory", "synthesis", "list", "--json"], fixture: fixture,
                                                home: home).stdout)
        #expect(Set(operations.compactMap { $0["state"] as? String }).count == 6)
        let undoable = try #require(operations.first {
            $0["kind"] as? String == "merge" && $0["state"] as? String == "committed" && ($0["sources"] as? [Any])?.count == 2
        }?["id"] as? String)
        let single = try #require(operations.first {
            $0["kind"] as? String == "merge" && ($0["sources"] as? [Any])?.count == 1
        }?["id"] as? String)
        let refused = try cli.veet(["memory", "synthesis", "undo", single], fixture: fixture, home: home)
        #expect(refused.status == 1 && refused.stderr.contains("fewer than two"))
        #expect(try cli.veet(["memory", "synthesis", "show", undoable], fixture: fixture, home: home).stdout
            .contains("Undo: veet memory synthesis undo"))
        let undone = try cli.veet(["memory", "synthesis", "undo", undoable, "--json"], fixture: fixture, home: home)
        #expect(try cli.json(undone.stdout)["state"] as? String == "undone")

        let journal = try cli.json(try cli.veet(["memory", "dreaming", "--json"], fixture: fixture, home: home).stdout)
        #expect((journal["runs"] as? [Any])?.count == 6)
        let proposal = try #require((journal["proposals"] as? [[String: Any]])?.first?["id"] as? String)
        let paused = try cli.veet(["memory", "dreaming", "pause"], fixture: fixture, home: home)
        #expect(paused.stdout.contains("paused"), "\(paused.stderr)")
        #expect(try cli.veet(["memory", "dreaming"], fixture: fixture, home: home).stdout.contains("Dreaming is paused."))
        #expect(try cli.veet(["memory", "dreaming", "resume"], fixture: fixture, home: home).stdout.contains("next run"))
        let rejected = try cli.veet(["memory", "dreaming", "reject", proposal, "--json"], fixture: fixture, home: home)
        #expect(try cli.json(rejected.stdout)["state"] as? String == "rejected")
        // Deciding again: a 409, shown with the operation read back.
        let again = try cli.veet(["memory", "dreaming", "approve", proposal, "--json"], fixture: fixture, home: home)
        #expect(again.status == 1 && again.stderr.contains("changed meanwhile"))
        #expect(try cli.json(again.stdout)["state"] as? String == "rejected")
    }

    @Test(arguments: [
        (["--no-dreaming"], ["memory", "dreaming"], "does not offer dreaming review"),
        (["--no-memory-synthesis"], ["memory", "synthesis", "list"], "does not offer the synthesis history"),
        (["--no-memory"], ["memory", "list"], "does not offer memory browsing"),
        (["--no-memory-write"], ["memory", "reviewed", "be11ef00-0000-4000-8000-000000000002"], "memory.write"),
        (["--no-memory-changes"], ["memory", "delete", "be11ef00-0000-4000-8000-000000000002", "--yes"],
         "does not support changing them"),
    ])
    func aFamilyOrAWriteTheServerDoesNotOfferIsSaidSo(flags: [String], command: [String], words: String) throws {
        let fixture = try FixtureProcess(arguments: flags)
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let result = try cli.veet(command, fixture: fixture, home: home)
        #expect(result.status == 1 && result.stderr.contains(words), "\(result.stderr)")
        if flags != ["--no-memory"] {
            #expect(try cli.veet(["memory", "list"], fixture: fixture, home: home).status == 0)  // the rest still works
        }
    }

    @Test func theSnapshotHasNoMemory() throws {
        let fixture = try FixtureProcess(profile: .snapshot)
        defer { fixture.stop() }
        let result = try cli.veet(["memory", "list", "--json"], fixture: fixture)
        #expect(result.status == 1 && result.stderr.contains("does not offer memory browsing"))
    }

    /// On a terminal, delete asks first; "n" keeps the memory, "y" deletes it.
    @Test(.enabled(if: TmuxTerminal.isAvailable)) func deleteAsksOnATerminal() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["connect", fixture.url, "--name", "fx"], home: home, stdin: fixture.token + "\n").status == 0)
        let id = try #require(try ids(["--flagged"], fixture, home).first)
        let veet = try Harness.binary("veet").path
        let environment = "HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data"
        for (answer, kept) in [("n", true), ("y", false)] {
            let terminal = try TmuxTerminal(width: 100, height: 10,
                                            command: "env \(environment) \(veet) memory delete \(id); sleep 30")
            defer { terminal.stop() }
            _ = try terminal.waitFor("[y/N]")
            try terminal.type(answer)
            try terminal.press("Enter")
            _ = try terminal.waitFor(kept ? "Nothing was deleted" : "will not form again")
            #expect(try ids([], fixture, home).contains(id) == kept)
        }
    }
}
