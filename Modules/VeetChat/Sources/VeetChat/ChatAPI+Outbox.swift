import Foundation
import VeetStore
import VeetTransport
import VeetWire

extension ChatAPI {
    /// The outbox's way of sending one message (the CLI, the TUI and veetd all
    /// deliver through it). A submission's `404` means the conversation is
    /// unknown, foreign or deleted, or that a file the message names is not an
    /// upload of this conversation (sessions-runs.md §3.2); the conversation's
    /// own read tells which, so the refusal the user reads names the right one.
    public var outboxSubmit: OutboxDelivery.Submit {
        let api = self
        return { sessionID, content, key in
            do {
                switch try await api.submit(sessionID: sessionID, content: content, key: key) {
                case .accepted(let result, _): return .accepted(runID: result.runID)
                case .activeRunExists(let runID, _): return .busy(runID: runID)
                }
            } catch let answer as APIError where answer.isNotFound {
                throw OutboxRefusal(answer: answer, description: await api.missingWhenSubmitting(to: sessionID, answer))
            }
        }
    }

    /// The outbox's way of creating the conversation a first message opens.
    /// `POST /v1/sessions` takes no Idempotency-Key (sessions-runs.md §2.1), so
    /// the entry's conversation key goes in the conversation's metadata
    /// (opaque, stored verbatim), and the outbox records the created id before
    /// the message is submitted. After a lost answer (`mayExist`), the newest
    /// page of conversations is read first: the one carrying the key is
    /// adopted rather than created again.
    public var outboxCreateConversation: OutboxDelivery.CreateConversation {
        let api = self
        return { key, mayExist in
            if mayExist, let earlier = try await api.conversation(createdWith: key) { return earlier }
            let metadata: JSONValue = .object([
                "client": .string("veet"), Self.conversationKeyMetadata: .string(key.rawValue),
            ])
            return try await api.createSession(metadata: metadata).id
        }
    }

    /// The outbox delivering through this API: submissions, new conversations and echoes.
    public func outboxDelivery(store: LocalStore) -> OutboxDelivery {
        OutboxDelivery(store: store, transcripts: HTTPStoreSource(sender: sender, retry: retry),
                       createConversation: outboxCreateConversation, submit: outboxSubmit)
    }

    /// The metadata key naming the outbox entry that created a conversation.
    public static let conversationKeyMetadata = "veet_conversation_key"

    private func conversation(createdWith key: IdempotencyKey) async throws -> String? {
        let page = try await sessionsPage(limit: 50)
        return page.items.first { $0.metadata[Self.conversationKeyMetadata]?.stringValue == key.rawValue }?.id
    }

    private func missingWhenSubmitting(to sessionID: String, _ answer: APIError) async -> String {
        let request = answer.requestID.map { " [404, request \($0)]" } ?? " [404]"
        do {
            _ = try await session(id: sessionID)
            return "a file this message names is not an upload of this conversation (or has expired)" + request
        } catch let read as APIError where read.isNotFound {
            return "no conversation with id \(sessionID) (it may have been deleted, or belong to someone else)" + request
        } catch {
            return answer.description
        }
    }
}
