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
            inbox.post(.outbox(.retried(entryID: entryID, words: Self.words(result, id: entryID, settled: settled),
                                        delivered: Self.isDelivered(result, settled: settled))))
        }
    }

    static func isDelivered(_ result: DeliveryResult, settled: OutboxEntry?) -> Bool {
        switch result {
        case .confirmed: true
        case .notPending: settled?.state == .confirmed
        default: false
        }
    }

    /// A delivery's outcome in the outbox screen's words (its keys, not the CLI's commands).
    static func words(_ result: DeliveryResult, id: Int64, settled: OutboxEntry?) -> String {
        switch result {
        case .confirmed(let entry, let run, let byEcho):
            let into = entry.sessionID.map { " to conversation \($0)" } ?? ""
            return "#\(id) delivered" + (byEcho ? " (the server already had it)" : "") + into
                + (run.map { "; run \($0)" } ?? "") + "."
        case .busy(_, let run):
            return "#\(id) not sent yet: a run is still working in that conversation (\(run)); r when it ends."
        case .failed(_, let reason):
            return "#\(id) not delivered: \(reason). It keeps its key; r tries again (it is sent once either way)."
        case .refused(_, let reason, _):
            return "#\(id) was refused by the server (\(reason)); it will not be sent again. x discards it."
        case .waiting(_, let behind):
            return "#\(id) waits behind #\(behind) of the same conversation: r on #\(behind) first."
        case .claimedElsewhere:
            return "#\(id) is being sent right now by another program (veetd or another window); nothing was sent from here."
        case .notPending:
            return settled?.state == .confirmed ? "#\(id) was already delivered; nothing was sent again."
                : "#\(id) was discarded meanwhile; it was not sent."
        }
    }
}
