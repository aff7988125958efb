import Foundation
import Testing
import VeetConsole
import VeetEmail
import VeetEmailCommands
import VeetTestSupport
import VeetTransport

/// `veet email` run in-process: its spec parsed, its answers printed to files,
/// its failures thrown as `CommandFailure` (no status read in the face).
@Suite struct EmailCommandsTests {
    typealias Captured = ConsoleCapture

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: EmailCommands.spec)
    }

    static func group(_ server: ScriptedServer, chats: ChatLog = ChatLog()) -> EmailCommands {
        EmailCommands(api: EmailAPI(sender: server.sender, retry: .never), environment: [:]) { session, once in
            chats.record(session, once)
            return .success
        }
    }

    /// The chats `discuss` opened.
    final class ChatLog: Sendable {
        private let opened = ThreadLock<[String]>([])
        func record(_ session: String, _ once: String?) { opened.withLock { $0.append(session + " " + (once ?? "-")) } }
        var all: [String] { opened.withLock { $0 } }
    }

    static let notFound = HTTPResponse.json(["error": ["code": "not_found", "message": "no"]], status: 404)

    @Test func aServerWithoutEmailIsNotOffered() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/threads", Self.notFound)
        server.on("GET", "/v1/email/accounts", Self.notFound)
        let captured = try Captured()
        await #expect {
            _ = try await Self.group(server).run(Self.parse("email", "inbox"), console: captured.console())
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.kind == "not_offered" && failure?.exitCode == .failure
                && failure?.message == "veet: this server does not offer Email."
        }
    }

    @Test func aMissingThreadIsNotFoundWithTheServersAnswerAsItsCause() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/threads/*", Self.notFound)
        server.on("GET", "/v1/email/accounts", .json(["items": [], "next_cursor": NSNull()]))
        let captured = try Captured()
        await #expect {
            _ = try await Self.group(server).run(Self.parse("email", "show", "t9"), console: captured.console())
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.exitCode == .notFound && (failure?.cause as? APIError)?.refusal == .notFound
                && failure?.message.hasPrefix("veet: It no longer exists") == true
        }
    }

    @Test func optionsAreCheckedBeforeAnyRequestAndDiscussOpensTheChatItWasGiven() async throws {
        let server = ScriptedServer()
        let captured = try Captured()
        await #expect {
            _ = try await Self.group(server).run(Self.parse("email", "inbox", "--other", "--all"), console: captured.console())
        } throws: { error in
            (error as? CommandFailure)?.message == "veet: --other and --all cannot be used together."
        }
        #expect(server.requests.isEmpty)
        let thread: [String: Any] = [
            "id": "t1", "account_id": "default", "subject": "Board", "senders": ["Ann <ann@example.test>"],
            "topics": [], "updated_at": "2026-09-20T08:00:00Z", "revision": 1, "summary": "Gist", "reason": "",
            "needs_reply": false, "priority": 0.5, "complete": true, "draft_id": NSNull(), "session_id": "s-42",
            "dismissed_revision": NSNull(), "in_inbox": true, "in_spam": false, "suspected_spam": false,
            "spam_cleared": false, "archive_operation": NSNull(), "attention_expires_at": NSNull(),
            "reply_blocked_reason": NSNull(), "profile_revision": 3, "assessment_version": "v1", "source_session_ids": [],
        ]
        server.on("POST", "/v1/email/threads/*/discussion", .json(thread))
        let chats = ChatLog()
        let code = try await Self.group(server, chats: chats).run(Self.parse("email", "discuss", "t1", "--once", "Hi"),
                                                                  console: captured.console())
        #expect(code == .success && chats.all == ["s-42 Hi"])
    }
}
