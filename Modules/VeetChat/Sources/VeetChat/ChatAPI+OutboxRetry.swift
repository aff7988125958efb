import Foundation
import VeetStore

/// What retrying one held outbox entry came to, in the domain's terms: the
/// delivery's answer read against the entry as it was before (a new
/// conversation's first message, the entry it waits behind), and an entry
/// that was no longer pending read again (another program delivered it
/// meanwhile, or it was discarded). A front end words it; `isDelivered` is
/// its success.
public struct OutboxRetry: Sendable, Hashable {
    public enum Result: String, Sendable, Hashable {
        case delivered, alreadyDelivered = "already_delivered", busy, failed, refused, waiting
        case sendingElsewhere = "sending_elsewhere", discarded
    }

    public var entryID: Int64
    public var result: Result
    public var sessionID: String?
    public var runID: String?
    /// Why it was not delivered (failed) or never will be (refused).
    public var reason: String?
    /// The earlier entry of the same conversation it waits behind.
    public var behind: Int64?
    /// The server already had the message: its own echo said so.
    public var byEcho = false
    /// The entry opens a new conversation (it carries a conversation key).
    public var newConversation = false

    public init(entryID: Int64, result: Result, sessionID: String? = nil, runID: String? = nil, reason: String? = nil) {
        self.entryID = entryID
        self.result = result
        self.sessionID = sessionID
        self.runID = runID
        self.reason = reason
    }

    /// `delivery` read for the entry `before` was; `settled` reads the entry again when the delivery
    /// found it no longer pending.
    public init(_ delivery: DeliveryResult, before: OutboxEntry, settled: () throws -> OutboxEntry?) rethrows {
        self.init(entryID: before.id, result: .failed)
        newConversation = before.conversationKey != nil
        sessionID = delivery.entry?.sessionID ?? before.sessionID
        switch delivery {
        case .confirmed(_, let run, let echo): result = .delivered; runID = run; byEcho = echo
        case .busy(_, let run): result = .busy; runID = run
        case .failed(_, let why): result = .failed; reason = why
        case .refused(_, let why, _): result = .refused; reason = why
        case .waiting(_, let earlier): result = .waiting; behind = earlier
        case .claimedElsewhere: result = .sendingElsewhere
        case .notPending:
            // Settled by another program meanwhile: delivered (its conversation is known), or discarded.
            if let entry = try settled(), entry.state == .confirmed {
                result = .alreadyDelivered; sessionID = entry.sessionID; runID = entry.runID
            } else {
                result = .discarded; sessionID = nil
            }
        }
    }

    public var isDelivered: Bool { result == .delivered || result == .alreadyDelivered }
}

extension ChatAPI {
    /// Sends a held outbox entry again, with its own key (it is delivered once either way): the entry
    /// is made pending, delivered through this API, and the answer read as an `OutboxRetry`. Nil when
    /// the store holds no entry `id`.
    public func retryOutboxEntry(id: Int64, store: LocalStore) async throws -> OutboxRetry? {
        _ = try store.retryOutboxEntry(id: id)
        guard let before = try store.outboxEntry(id: id) else { return nil }
        let delivery = await outboxDelivery(store: store).deliver(entryID: id)
        return try OutboxRetry(delivery, before: before) { try store.outboxEntry(id: id) }
    }
}
