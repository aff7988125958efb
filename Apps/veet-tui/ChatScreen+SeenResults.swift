import Foundation

/// Viewing a finished run's result acknowledges it (docs/wire/sessions-runs.md §8.2):
/// once its conversation is open, its terminal frame shown and the terminal
/// not reported away, the run is sent as seen, once.
extension ChatScreen {
    func acknowledgeViewedResult() {
        guard state.conversation.sessionID != nil, terminalAlerts.focused != false, let runID = state.conversation.transcript.latestRunID,
              state.conversation.transcript.runStatus?.isTerminal == true, acknowledgedRuns.insert(runID).inserted else { return }
        backend.acknowledgeSeen(runID: runID)
    }
}
