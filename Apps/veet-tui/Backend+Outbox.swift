import Foundation
import VeetChat
import VeetStore

/// "Enter to try again" on a message that did not go out.
extension Backend {
    /// Delivers outbox entry `entryID` again with its key and follows its run,
    /// reporting like a send (`runStarted`, then `workEnded`).
    func redeliver(entryID: Int64, sessionID: String?, work: Int) -> Task<Void, Never> {
        Task {
            let slot = SessionSlot(sessionID)
            let inbox = self.inbox
            do {
                let api = sessionID == nil ? apiForNewConversation() : self.api
                _ = try await TurnRunner(api: api).redeliver(
                    entryID: entryID, outbox: store, interaction: interaction(slot, work: work)
                ) { session, runID in
                    slot.value = session
                    inbox.post(.runStarted(sessionID: session, runID: runID, work: work))
                }
                inbox.post(.workEnded(work: work, problem: nil))
            } catch {
                inbox.post(.workEnded(work: work, problem: Task.isCancelled ? nil : Self.describe(error)))
            }
            _ = reconcile()
        }
    }
}
