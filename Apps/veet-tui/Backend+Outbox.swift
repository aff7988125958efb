import Foundation
import VeetChat
import VeetStore

/// "Enter to try again" on a message that did not go out.
extension Backend {
    /// Delivers outbox entry `entryID` again with its key and follows its run,
    /// reporting like a send (`runStarted`, then `workEnded`).
    func redeliver(entryID: Int64, sessionID: String?, work: Int) -> Task<Void, Never> {
        outboxTurn(sessionID: sessionID, work: work) { interaction, onRunStarted in
            let api = sessionID == nil ? apiForNewConversation() : self.api
            _ = try await TurnRunner(api: api).redeliver(entryID: entryID, outbox: store, interaction: interaction,
                                                        onRunStarted: onRunStarted)
        }
    }
}

/// What the outbox screen's calls report.
enum OutboxUpdate: Sendable {
    /// Entry `entryID` was sent again: what came of it, in words; `delivered` when the server has it.
    case retried(entryID: Int64, words: String, delivered: Bool)
}

/// The outbox screen's retry: one delivery with the entry's own key, as `veet
/// outbox retry` makes it, without following the run (the chat reads it when
/// its conversation is opened).
extension Backend {
    func retryFromOutbox(entryID: Int64) -> Task<Void, Never> {
        Task {
            _ = try? store.retryOutboxEntry(id: entryID)
            guard let before = try? store.outboxEntry(id: entryID) else {
                inbox.post(.outbox(.retried(entryID: entryID, words: "#\(entryID) was discarded meanwhile; it was not sent.",
                                            delivered: false)))
                return
            }
            let api = before.sessionID == nil ? apiForNewConversation() : self.api
            let result = await api.outboxDelivery(store: store).deliver(entryID: entryID)
            let settled = try? store.outboxEntry(id: entryID)
            inbox.post(.outbox(.retried(entryID: entryID, words: OutboxScreen.words(result, id: entryID, settled: settled),
                                        delivered: OutboxScreen.isDelivered(result, settled: settled))))
        }
    }
}
