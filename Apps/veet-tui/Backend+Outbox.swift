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
