import Foundation
import Testing
import VeetConsole
import VeetSubscriptions
import VeetSubscriptionsCommands
import VeetTestSupport
import VeetTransport

/// `veet subscriptions` run in-process: its spec parsed, its answers printed to files.
@Suite struct SubscriptionsCommandsTests {
    typealias Captured = ConsoleCapture

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: SubscriptionsCommands.spec)
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
