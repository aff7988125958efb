import Foundation
import VeetChat
import VeetCurses
import VeetWire

/// What a turn hands back to the screen besides its frames: a message that
/// was not sent, and the run as read after an approval settled.
extension ChatScreen {
    /// Seed 000: a message that met another run of its conversation was not
    /// sent; that run is followed instead. Its bubble goes and its words come
    /// back to the composer (before anything typed since), so nothing is lost.
    func takeBack(_ unsent: UnsentMessage, sessionID: String?) {
        let words = unsent.text
        if let item = state.transcript.items.last(where: {
            $0.runID == nil && $0.user?.isOptimistic == true && $0.user?.text == words
        }), let key = item.user?.clientKey {
            state.transcript.submissionFailed(clientKey: key)
        }
        let typed = state.composer.text
        state.composer = TextInput(text: typed.isEmpty ? words : words + "\n" + typed)
        state.focus = .composer
        state.notice = Self.notSentNotice
        refreshSendStates()
    }

    nonisolated static let notSentNotice = "Not sent: a reply was already running · your text is back in the composer"

    /// The status bar after an approval settled, with the run's outcome once read.
    static func settledNotice(_ decided: String, run: RunView?) -> String {
        guard let run else { return decided }
        switch ApprovalRunOutcome(run) {
        case .completed: return decided + " · the run completed"
        case .failed(let failure): return decided + " · the run failed" + (failure.map { ": " + $0.message } ?? "")
        case .cancelled: return decided + " · the run was cancelled"
        case .active: return decided
        }
    }
}
