import Foundation
import VeetChat
import VeetCurses
import VeetStore

/// The outbox screen's work: reads of the store, a confirmed discard, one retry.
public enum OutboxScreenEffect: Sendable, Equatable {
    /// Read the store again.
    case reload
    /// Deliver this entry again with its own key.
    case retry(entryID: Int64)
    /// Discard this entry (asked and confirmed with `y`).
    case discard(entryID: Int64, clientKey: String)
}

/// The outbox as read from the store: every entry but the confirmed ones, and the conversations' titles.
public struct OutboxListing: Sendable {
    public var entries: [OutboxEntry]
    /// Session id → title, for the conversation each entry belongs to.
    public var titles: [String: String]

    public init(entries: [OutboxEntry], sessions: [CachedSession]) {
        self.entries = entries
        titles = Dictionary(sessions.map { ($0.id, $0.displayTitle ?? "New conversation") }, uniquingKeysWith: { first, _ in first })
    }
}

/// What comes back to the outbox screen: the store's answers, and from the shell whether the chat is delivering.
public enum OutboxScreenResult: Sendable {
    case entries(OutboxListing)
    /// A confirmed discard: `done` when the store dropped it; the outbox read after.
    case discarded(entryID: Int64, clientKey: String, done: Bool, listing: OutboxListing)
    /// A retry's outcome in the screen's words; `delivered` when the server has it; the outbox read after.
    case retried(entryID: Int64, words: String, delivered: Bool, listing: OutboxListing)
    /// The chat is sending a message now (or no longer): a retry waits for it.
    case chatDelivering(Bool)
}

/// What the chat follows: its send states change with the outbox.
public enum OutboxScreenRoute: Sendable, Equatable {
    /// An entry left the outbox (`clientKey`: the transcript lets that message go) or could not be discarded (nil).
    case discarded(clientKey: String?)
    /// A retry ended: the chat reads its send states again, and the conversations when `delivered`;
    /// `words` is its notice when the screen was closed meanwhile.
    case retried(words: String, delivered: Bool)
}

/// Does the outbox screen's work on the store. The retry is one delivery with
/// the entry's own key, as `veet outbox retry` makes it, without following the
/// run (the chat reads it when its conversation is opened).
public struct OutboxScreenWork: ScreenEffects {
    public typealias Screen = OutboxScreen

    let store: LocalStore
    /// The chat API to deliver with: `newConversation` when the entry creates its conversation.
    let api: @Sendable (_ newConversation: Bool) -> ChatAPI

    public init(store: LocalStore, api: @escaping @Sendable (_ newConversation: Bool) -> ChatAPI) {
        self.store = store
        self.api = api
    }

    /// The store is local: no wait.
    private var entries: OutboxListing { OutboxListing(entries: (try? store.outbox()) ?? [], sessions: (try? store.sessions()) ?? []) }

    public func run(_ effect: OutboxScreenEffect, report: @escaping @Sendable (OutboxScreenResult) -> Void) async {
        switch effect {
        case .reload:
            report(.entries(entries))
        case .discard(let entryID, let clientKey):
            let done = (try? store.discardOutboxEntry(id: entryID)) == true
            report(.discarded(entryID: entryID, clientKey: clientKey, done: done, listing: entries))
        case .retry(let entryID):
            _ = try? store.retryOutboxEntry(id: entryID)
            guard let before = try? store.outboxEntry(id: entryID) else {
                report(.retried(entryID: entryID, words: "#\(entryID) was discarded meanwhile; it was not sent.",
                                delivered: false, listing: entries))
                return
            }
            let result = await api(before.sessionID == nil).outboxDelivery(store: store).deliver(entryID: entryID)
            let settled = try? store.outboxEntry(id: entryID)
            report(.retried(entryID: entryID, words: OutboxScreen.words(result, id: entryID, settled: settled),
                            delivered: OutboxScreen.isDelivered(result, settled: settled), listing: entries))
        }
    }
}
