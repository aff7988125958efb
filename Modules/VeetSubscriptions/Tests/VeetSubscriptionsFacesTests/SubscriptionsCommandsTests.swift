import Foundation
import Testing
import VeetConsole
import VeetSubscriptions
import VeetSubscriptionsCommands
import VeetTestSupport
import VeetTransport

/// `veet subscriptions` run in-process: its spec parsed, its answers printed to files.
@Suite struct SubscriptionsCommandsTests {
    struct Captured {
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("subs-out-\(UUID().uuidString)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("subs-err-\(UUID().uuidString)")
        let out: FileHandle
        let err: FileHandle

        init() throws {
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            out = try FileHandle(forWritingTo: outURL)
            err = try FileHandle(forWritingTo: errURL)
        }

        func console(json: Bool = false) -> Console {
            let terminal = Terminal(stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false,
                                    width: 80, colorMode: .never, environment: [:])
            return Console(out: Output(fileDescriptor: out.fileDescriptor), err: Output(fileDescriptor: err.fileDescriptor),
                           terminal: terminal, json: json, programName: "veet", readLine: { _ in nil })
        }

        var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
    }

    static func parse(_ words: String...) throws -> ParsedCommand {
        let root = CommandSpec(name: "veet", summary: "", options: [.flag("json", help: "")],
                               subcommands: [SubscriptionsCommands.spec])
        guard case .run(let command) = try CommandLineParser(root: root).parse(words) else {
            throw CommandFailure("no command")
        }
        return command
    }

    static var row: [String: Any] { [
        "id": String(repeating: "a", count: 64), "account_id": "default", "display_name": "Example News",
        "address": "news@example.com", "thread_count": 3, "mechanism": "one_click", "verified": true,
        "destination": "example.com", "evidence_digest": String(repeating: "d", count: 64), "state": "active",
        "revision": 1,
    ] }

    static func group(_ server: ScriptedServer) -> SubscriptionsCommands {
        SubscriptionsCommands(api: SubscriptionsAPI(sender: server.sender, retry: .never))
    }

    @Test func withoutTheAccountListTheCensusIsShownWithNoActions() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/accounts", .json(["error": ["code": "not_found", "message": "no"]], status: 404))
        server.on("GET", "/v1/email/subscriptions", .json(["items": [Self.row], "next_cursor": NSNull()]))
        let captured = try Captured()
        let code = try await Self.group(server).run(Self.parse("subscriptions", "list"), console: captured.console())
        #expect(code == .success)
        #expect(captured.stderr.contains("No account flags could be read"), "\(captured.stderr)")
        #expect(captured.stdout.contains("Example News") && captured.stdout.contains("One-click request to example.com"))
    }

    @Test func aServerWithoutTheFeatureIsNotOfferedAndAnUnknownStateIsAUsageError() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/accounts", .json(["items": [], "next_cursor": NSNull()]))
        server.on("GET", "/v1/email/subscriptions", .json(["error": ["code": "not_found", "message": "no"]], status: 404))
        let captured = try Captured()
        await #expect {
            _ = try await Self.group(server).run(Self.parse("subscriptions", "list"), console: captured.console())
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.kind == "not_offered" && failure?.exitCode == .notFound
                && failure?.message == "veet: \(SubscriptionsError.unavailable.description)"
        }
        await #expect {
            _ = try await Self.group(server).run(Self.parse("subscriptions", "list", "--state", "gone"), console: captured.console())
        } throws: { error in
            (error as? CommandFailure)?.exitCode == .usage
        }
    }

    @Test func anUnsubscribeWithoutTheAccountsFlagIsRefusedBeforeAnythingIsSent() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/accounts", .json(["items": [["id": "default"]], "next_cursor": NSNull()]))
        server.on("GET", "/v1/email/subscriptions", .json(["items": [Self.row], "next_cursor": NSNull()]))
        let captured = try Captured()
        await #expect {
            _ = try await Self.group(server).run(Self.parse("subscriptions", "unsubscribe", String(repeating: "a", count: 64),
                                                           "--yes"), console: captured.console())
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.exitCode == .usage && failure?.message.hasSuffix("Nothing was sent.") == true
        }
        #expect(!server.requests.contains { $0.method == "POST" })
    }
}
