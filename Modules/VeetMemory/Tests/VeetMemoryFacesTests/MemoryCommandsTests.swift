import Foundation
import Testing
import VeetConsole
import VeetMemory
import VeetMemoryCommands
import VeetTestSupport
import VeetTransport

/// The command group run in-process: its spec parsed, its answers printed to files.
@Suite struct MemoryCommandsTests {
    typealias Captured = ConsoleCapture

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: MemoryCommands.spec)
    }

    static func server() -> ScriptedServer {
        let server = ScriptedServer()
        server.on("GET", "/v1/memories") { _ in
            .json(["items": [[
                "id": "b1", "subject": "person:p1:Ana", "statement": "Ana likes tea", "belief_type": "fact",
                "status": "active", "derivation": "email", "flagged_for_review": true,
                "created_at": "2026-12-01T09:00:00Z", "updated_at": "2026-12-01T09:00:00Z",
            ]], "next_cursor": NSNull()])
        }
        return server
    }

    @Test func listPrintsTheOriginAndTheFlagFromTheDomainsWords() async throws {
        let captured = try Captured()
        let group = MemoryCommands(api: MemoryAPI(sender: Self.server().sender, retry: .never))
        let code = try await group.run(Self.parse("memory", "list"), console: captured.console())
        #expect(code == .success)
        #expect(captured.stdout.contains("Ana likes tea"))
        #expect(captured.stdout.contains("· about Ana, from email"))
        #expect(captured.stdout.contains("Needs review"))
    }

    @Test func aMisspeltStatusIsAUsageFailureBeforeAnyRequest() async throws {
        let captured = try Captured()
        let group = MemoryCommands(api: MemoryAPI(sender: ScriptedServer().sender, retry: .never))
        await #expect(throws: CommandFailure.self) {
            _ = try await group.run(Self.parse("memory", "list", "--status", "actve"), console: captured.console())
        }
        do {
            _ = try await group.run(Self.parse("memory", "list", "--status", "actve"), console: captured.console())
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == .usage)
            #expect(failure.message.hasPrefix("veet: --status actve: use one of candidate"))
        }
    }

    @Test func deleteWithoutATerminalNeedsYes() async throws {
        let captured = try Captured()
        let group = MemoryCommands(api: MemoryAPI(sender: ScriptedServer().sender, retry: .never))
        do {
            _ = try await group.run(Self.parse("memory", "delete", "b1"), console: captured.console())
            Issue.record("deleted without confirmation")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == .usage)
            #expect(failure.message.contains("add --yes"))
        }
    }

    @Test func aServerWithoutMemoriesIsNotOfferedWithTheAnswerKept() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/memories") { _ in .json(["error": ["code": "not_found", "message": "x"]], status: 404) }
        let group = MemoryCommands(api: MemoryAPI(sender: server.sender, retry: .never))
        do {
            _ = try await group.run(Self.parse("memory", "list"), console: try Captured().console())
            Issue.record("listed on a server without memories")
        } catch let failure as CommandFailure {
            #expect(failure.message == "veet: This server does not offer memory browsing.")
            #expect((failure.cause as? APIError)?.refusal == .notFound)
        }
    }
}
