import Foundation
import VeetStore
import VeetTransport
import VeetWire

extension ChatAPI {
    /// The outbox's way of sending one message (the CLI, the TUI and veetd all
    /// deliver through it). A submission's `404` means the conversation is
    /// unknown, foreign or deleted, or that a file the message names is not an
    /// upload of this conversation (docs/wire/sessions-runs.md §3.2); the conversation's
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
            } catch let answer as APIError {
                guard let conflict = ChatConflict.from(answer, subject: .message) else { throw answer }
                throw OutboxRefusal(answer: answer, description: conflict.phrase)
            }
        }
    }

    /// The outbox's way of creating the conversation a first message opens.
    /// `POST /v1/sessions` takes no Idempotency-Key (docs/wire/sessions-runs.md §2.1), so
    /// the entry's conversation key goes in the conversation's metadata
    /// (opaque, stored verbatim), and the outbox records the created
    /// conversation before the message is submitted. After a lost answer
    /// (`mayExist`), the conversations are read first, newest activity first,
    /// down to the entry's own time (the conversation cannot be older): the
    /// one carrying the key is adopted rather than created again. The profile
    /// chosen with the message goes with the create when `checkBrowserProfile`
    /// (if set) still finds it usable.
    public var outboxCreateConversation: OutboxDelivery.CreateConversation {
        let api = self
        return { request in
            if request.mayExist, let earlier = try await api.conversation(createdWith: request) { return earlier }
            let metadata: JSONValue = .object([
                "client": .string("veet"), Self.conversationKeyMetadata: .string(request.key.rawValue),
            ])
            var profile = request.browserProfileID
            if let chosen = profile, let check = api.checkBrowserProfile { profile = await check(chosen) }
            return try await api.send.decode(.post("/v1/sessions", json: CreateSessionRequest(
                metadata: metadata, browserProfileID: profile)))
        }
    }

    /// The outbox delivering through this API: submissions, new conversations and echoes.
    /// `whenBusy` is `.withdraws` for the owner's own turn (a run in flight is followed
    /// and the words go back: docs/chat.md, Meeting another run), `.waits` for a sender working through the queue.
    public func outboxDelivery(store: LocalStore, whenBusy: OutboxDelivery.WhenBusy = .waits) -> OutboxDelivery {
        OutboxDelivery(store: store, transcripts: HTTPStoreSource(sender: sender, retry: retry), whenBusy: whenBusy,
                       createConversation: outboxCreateConversation, submit: outboxSubmit)
    }

    /// The metadata key naming the outbox entry that created a conversation.
    public static let conversationKeyMetadata = "veet_conversation_key"

    /// The conversation an earlier attempt created with the request's key, if
    /// any. A failed read is no answer about the conversation: it never
    /// refuses the message (`ConversationLookupError`), it leaves it to a retry.
    private func conversation(createdWith request: NewConversationRequest) async throws -> SessionView? {
        // A little slack for a server clock behind this one.
        let oldest = request.entryCreatedAt.addingTimeInterval(-300)
        var found: SessionView?
        do {
            _ = try await Page.all { cursor in
                var page = try await sessionsPage(limit: 200, cursor: cursor)
                if let match = page.items.first(where: {
                    $0.metadata[Self.conversationKeyMetadata]?.stringValue == request.key.rawValue
                }) {
                    found = match
                    page.nextCursor = nil
                } else if let last = page.items.last?.updatedAt.date, last < oldest {
                    page.nextCursor = nil
                }
                return page
            }
        } catch {
            throw ConversationLookupError(underlying: error)
        }
        return found
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

/// Looking for the conversation an earlier attempt may have created failed:
/// nothing is known about it, so the message waits for a retry.
public struct ConversationLookupError: Error, Sendable, CustomStringConvertible {
    public var underlying: any Error

    public var description: String {
        "could not look for the conversation an earlier attempt may have created (\(underlying))"
    }
}
