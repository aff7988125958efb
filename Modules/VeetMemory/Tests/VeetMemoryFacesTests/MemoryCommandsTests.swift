import Foundation
import Testing
import VeetConsole
import VeetMemory
import VeetMemoryCommands
import VeetTestSupport
import VeetTransport

/// The command group run in-process: its spec parsed, its answers printed to files.
@Suite struct MemoryCommandsTests {
    /// stdout and stderr as files, read back after the run.
    struct Captured {
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("memory-out-\(UUID().uuidString)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("memory-err-\(UUID().uuidString)")
        let out: FileHandle
        let err: FileHandle

        init() throws {
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            out = try FileHandle(forWritingTo: outURL)
            err = try FileHandle(forWritingTo: errURL)
        }

        func console(json: Bool = false, answer: String? = nil) -> Console {
            let terminal = Terminal(stdinIsTerminal: answer != nil, stdoutIsTerminal: false, stderrIsTerminal: false,
                                    width: 80, colorMode: .never, environment: [:])
            return Console(out: Output(fileDescriptor: out.fileDescriptor), err: Output(fileDescriptor: err.fileDescriptor),
                           terminal: terminal, json: json, programName: "veet", readLine: { _ in answer })
        }

        var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
    }

    static func parse(_ words: String...) throws -> ParsedCommand {
        let root = CommandSpec(name: "veet", summary: "", options: [.flag("json", help: "")],
                               subcommands: [MemoryCommands.spec])
        guard case .run(let command) = try CommandLineParser(root: root).parse(words) else {
            throw CommandFailure("no command")
        }
        return command
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
