import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses

/// What a turn hands back to the screen besides its frames: a message that
/// was not sent (the rules and words: VeetChatScreens' `HandBack`).
extension ChatScreen {
    /// A message that met another run of its conversation was not
    /// sent; that run is followed instead. Its bubble goes and its words come
    /// back to the composer (before anything typed since), so nothing is lost.
    func takeBack(_ unsent: UnsentMessage, sessionID: String?) {
        state.handBack(unsent.text, clientKey: nil, notice: HandBack.notSentNotice)
        refreshSendStates()
    }

    /// A message whose files the chat library refused after the screen's own
    /// check passed (a file changed meanwhile): handed back as `takeBack` does.
    func takeBack(refused words: String, clientKey: String, reason: String) {
        state.handBack(words, clientKey: clientKey, notice: HandBack.refusedNotice(reason: reason))
        refreshSendStates()
    }
}

extension ScreenState {
    /// Words that did not go: their bubble leaves the transcript and they go back to the composer.
    mutating func handBack(_ words: String, clientKey: String?, notice: String) {
        conversation.handBack(words, clientKey: clientKey)
        focus = .composer
        self.notice = notice
    }

    mutating func settleNotice(afterWork problem: String?) { notice = HandBack.notice(notice, afterWork: problem) }
}
