import Foundation
import Testing
import VeetChat
import VeetStore
import VeetTestSupport
import VeetTransport

/// The chat routes' listed 409 reasons in words (docs/wire/README.md §6.3).
@Suite struct ChatConflictWordsTests {
    @Test func aReusedKeyOnASubmissionIsRefusedInWords() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/sessions/*/messages", .apiError(409, "conflict", message: "Idempotency key reused.",
                                                               reason: "idempotency_key_reused"))
        let api = ChatAPI(sender: server.sender)
        do {
            _ = try await api.outboxSubmit("s1", [.text("hello")], IdempotencyKey())
            Issue.record("a reused key was taken")
        } catch let refusal as OutboxRefusal {
            #expect(refusal.answer.reason == "idempotency_key_reused")
            #expect(refusal.description == "another message already holds this message's idempotency key, so the "
                    + "server will not take a second one under it (idempotency_key_reused)")
        }
    }

    @Test func aReusedKeyOnAnUploadIsNotAcceptedInWords() {
        let answer = HTTPResponse.apiError(409, "conflict", message: "refused", reason: "idempotency_key_reused")
        guard case .notAccepted(let why) = AttachmentUploader.interpret(answer) else {
            Issue.record("a reused key should not be accepted"); return
        }
        #expect(why.reason ==
            "another file already holds this file's idempotency key, so the server will not take a second one under it "
                + "(idempotency_key_reused)")
    }
}
