import Foundation
import Testing

/// Journeys through the chat feature with the built CLI: approvals decided
/// later, files attached, artifacts exported.
@Suite(.serialized) struct ChatJourneyTests {
    let cli = CLIEndToEndTests()

    func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func anApprovalLeftPendingIsDecidedLater() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let first = try cli.veet(["chat", "--once", "Please approve a write", "--json"], fixture: fixture)
        #expect(first.status == 7)
        let runID = try #require(try cli.json(first.stdout)["run_id"] as? String)
        let pending = try jsonArray(try cli.veet(["approvals", "list", "--json"], fixture: fixture).stdout)
        #expect(pending.count == 1)
        let approvalID = try #require(pending.first?["id"] as? String)
        // What is to be approved shows, not only the server's generic sentence.
        let listed = try cli.veet(["approvals", "list"], fixture: fixture).stdout
        #expect(listed.contains("destination: demo://notes"), "\(listed)")
        let shown = try cli.veet(["approvals", "show", approvalID], fixture: fixture)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("content: hello from the scripted model"), "\(shown.stdout)")
        #expect(shown.stdout.contains("destination: demo://notes"), "\(shown.stdout)")
        let approve = try cli.veet(["approvals", "approve", approvalID], fixture: fixture)
        #expect(approve.status == 0, "\(approve.stderr)")
        // The run goes on once approved.
        var status = ""
        for _ in 0..<50 {
            status = (try cli.json(try cli.veet(["run", "show", runID, "--json"], fixture: fixture).stdout)["status"] as? String) ?? ""
            if status == "COMPLETED" { break }
            usleep(100_000)
        }
        #expect(status == "COMPLETED")
        #expect(try jsonArray(try cli.veet(["approvals", "list", "--json"], fixture: fixture).stdout).isEmpty)
        // Deciding differently afterwards is refused with a plain reason.
        let deny = try cli.veet(["approvals", "deny", approvalID], fixture: fixture)
        #expect(deny.status != 0)
        #expect(deny.stderr.contains("already resolved"))
    }

    @Test func aFileIsAttachedAndSentWithThePrompt() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let file = try Harness.temporaryHome().appendingPathComponent("notes.txt")
        try "Day 1: Alfama\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try cli.veet(["chat", "--once", "What is in this file?", "--attach", file.path, "--json"],
                                  fixture: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("notes.txt: uploaded"))
        let sessionID = try #require(try cli.json(result.stdout)["session_id"] as? String)
        let artifacts = try jsonArray(try cli.veet(["artifacts", "list", sessionID, "--json"], fixture: fixture).stdout)
        #expect(artifacts.contains { $0["name"] as? String == "notes.txt" })
    }

    @Test func aServerWithoutUploadsRefusesTheFileAndSendsNothing() throws {
        let fixture = try FixtureProcess(arguments: ["--no-uploads"])
        defer { fixture.stop() }
        let file = try Harness.temporaryHome().appendingPathComponent("notes.txt")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let result = try cli.veet(["chat", "--once", "Read this", "--attach", file.path], fixture: fixture)
        #expect(result.status == 1)
        #expect(result.stderr.contains("not accepted"))
    }

    @Test func anExportedArtifactKeepsItsExactBytes() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try cli.veet(["chat", "--once", "Please export the report", "--json", "--approve-all"], fixture: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        let sessionID = try #require(try cli.json(result.stdout)["session_id"] as? String)
        let artifacts = try jsonArray(try cli.veet(["artifacts", "list", sessionID, "--json"], fixture: fixture).stdout)
        let artifact = try #require(artifacts.first)
        let id = try #require(artifact["id"] as? String)
        let target = try Harness.temporaryHome().appendingPathComponent("out.bin")
        let export = try cli.veet(["artifacts", "export", id, target.path], fixture: fixture)
        #expect(export.status == 0, "\(export.stderr)")
        let bytes = try Data(contentsOf: target)
        #expect(bytes.count == (artifact["size_bytes"] as? Int))
        // Refuses to overwrite without --force.
        let again = try cli.veet(["artifacts", "export", id, target.path], fixture: fixture)
        #expect(again.status != 0)
        #expect(try cli.veet(["artifacts", "export", id, target.path, "--force"], fixture: fixture).status == 0)
    }
}

/// A question left open by a scripted `--once` is answered later from the command line.
@Suite(.serialized) struct QuestionJourneyTests {
    let cli = CLIEndToEndTests()

    @Test func aQuestionIsAnsweredLater() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let first = try cli.veet(["chat", "--once", "Please ask me which region", "--json"], fixture: fixture)
        #expect(first.status == 7)
        let object = try cli.json(first.stdout)
        #expect(object["status"] as? String == "WAITING_FOR_USER")
        let runID = try #require(object["run_id"] as? String)
        let answer = try cli.veet(["run", "answer", runID, "EU", "please"], fixture: fixture)
        #expect(answer.status == 0, "\(answer.stderr)")
        var status = ""
        for _ in 0..<50 {
            status = (try cli.json(try cli.veet(["run", "show", runID, "--json"], fixture: fixture).stdout)["status"] as? String) ?? ""
            if status == "COMPLETED" { break }
            usleep(100_000)
        }
        #expect(status == "COMPLETED")
        let again = try cli.veet(["run", "answer", runID, "EU"], fixture: fixture)
        #expect(again.status == 1)
        #expect(again.stderr.contains("not waiting"))
    }
}
