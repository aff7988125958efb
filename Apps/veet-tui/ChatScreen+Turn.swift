import Foundation
import VeetChat
import VeetCurses
import VeetWire

/// What a turn hands back to the screen besides its frames: a message that
/// was not sent, and the run as read after an approval settled.
extension ChatScreen {
    /// A message that met another run of its conversation was not
    /// sent; that run is followed instead. Its bubble goes and its words come
    /// back to the composer (before anything typed since), so nothing is lost.
    func takeBack(_ unsent: UnsentMessage, sessionID: String?) {
        state.handBack(unsent.text, clientKey: nil, notice: Self.notSentNotice)
        refreshSendStates()
    }

    /// A message whose files the chat library refused after the screen's own
    /// check passed (a file changed meanwhile): handed back as `takeBack` does.
    func takeBack(refused words: String, clientKey: String, reason: String) {
        state.handBack(words, clientKey: clientKey, notice: "Not sent: \(reason) · your text is back in the composer")
        refreshSendStates()
    }

    nonisolated static let notSentNotice = "Not sent: a reply was already running" + handedBackSuffix

    /// What every hand-back notice ends with; such a notice outlives the end of its work.
    nonisolated static let handedBackSuffix = " · your text is back in the composer"

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

extension ScreenState {
    /// Words that did not go: the owner's bubble leaves the transcript (found
    /// by `clientKey`, else the last unsent bubble with these words), and the
    /// words go back to the composer before anything typed since.
    mutating func handBack(_ words: String, clientKey: String?, notice: String) {
        let key = clientKey ?? transcript.items.last(where: {
            $0.runID == nil && $0.user?.isOptimistic == true && $0.user?.text == words
        })?.user?.clientKey
        if let key { _ = transcript.submissionFailed(clientKey: key) }
        let typed = composer.text
        if !words.isEmpty { composer = TextInput(text: typed.isEmpty ? words : words + "\n" + typed) }
        focus = .composer
        self.notice = notice
    }

    /// The status bar when work ends: its problem, else nothing, except that a
    /// message handed back stays said while its words wait in the composer.
    mutating func settleNotice(afterWork problem: String?) {
        notice = problem ?? (notice.hasSuffix(ChatScreen.handedBackSuffix) ? notice : "")
    }
}
