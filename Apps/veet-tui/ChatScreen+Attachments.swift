import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTokens
import VeetTerminal
import VeetWire

/// The attachment tray above the composer: its keys (the rules are the chat
/// feature's `AttachmentTray` and `AttachmentComposer`; this only maps keys and draws).
extension ScreenState {
    /// The tray as its view shows it.
    var trayView: AttachmentTrayView {
        AttachmentTrayView(files: conversation.attachments, focused: focus == .tray, cursor: conversation.trayCursor)
    }
}

extension ChatScreen {
    enum TrayEnd { case first, last }

    /// Focus on the tray, at its first or last file.
    func enterTray(at end: TrayEnd) {
        guard !state.conversation.attachments.isEmpty else { state.focus = .composer; return }
        state.focus = .tray
        if state.conversation.trayCursor.flatMap({ id in state.conversation.attachments.firstIndex { $0.id == id } }) == nil {
            state.conversation.trayCursor = (end == .first ? state.conversation.attachments.first : state.conversation.attachments.last)?.id
        }
    }

    /// ↑↓ choose a file (past the ends: the transcript, the composer), `r` retries it, `x` or Delete removes it.
    func handleTray(_ key: KeyPress) {
        guard !state.conversation.attachments.isEmpty else { state.focus = .composer; return }
        let index = state.conversation.tray.chosenIndex
        switch key {
        case KeyPress(.up):
            if index == 0, !state.conversation.queue.isEmpty {
                enterQueue()
            } else if index == 0 {
                state.focus = .transcript
                state.conversation.transcriptView.selectedRow = nil
                moveTranscriptCursor(by: -1)
            } else {
                state.conversation.trayCursor = state.conversation.attachments[index - 1].id
            }
        case KeyPress(.down):
            if index + 1 < state.conversation.attachments.count {
                state.conversation.trayCursor = state.conversation.attachments[index + 1].id
            } else {
                state.focus = .composer
            }
        case .char("r"): retryAttachment(state.conversation.attachments[index])
        case .char("x"), KeyPress(.delete): removeAttachment(state.conversation.attachments[index], at: index)
        case KeyPress(.enter): state.focus = .composer
        default:
            // Typing goes to the message, as if the composer had the focus.
            if case .character = key.key, key.modifiers.isEmpty || key.modifiers == .shift {
                state.focus = .composer
                _ = state.conversation.composer.handle(.key(key), policy: .chat)
            }
        }
    }

    private func retryAttachment(_ file: Attachment) {
        guard let sessionID = state.conversation.sessionID else { return }
        switch TrayFiles.retry(file) {
        case .send(let notice):
            state.notice = notice
            _ = backend.retryAttachment(file.id, sessionID: sessionID, composers: composers)
        case .refused(let words):
            state.notice = words
        }
    }

    /// The file leaves the tray at once; its upload, if still going, is cancelled behind it.
    private func removeAttachment(_ file: Attachment, at index: Int) {
        state.removeAttachment(at: index)
        if let sessionID = state.conversation.sessionID {
            _ = backend.removeAttachment(file.id, sessionID: sessionID, composers: composers)
        }
    }

    func applyAttachment(_ attachment: Attachment, sessionID: String) {
        state.applyAttachment(attachment, sessionID: sessionID)
    }

    func applyAttachments(_ attachments: [Attachment], sessionID: String) {
        state.applyAttachments(attachments, sessionID: sessionID)
    }

    /// The message's content when it can go now; otherwise nil, the reason in
    /// the status bar and the text back in the composer (nothing is lost).
    func sendableDraft(_ text: String) -> [ContentBlock]? {
        if let problem = AttachmentTray.problem(sending: state.conversation.attachments, text: text) {
            state.notice = "Not sent: \(problem)"
            if state.conversation.composer.isEmpty, !text.isEmpty { state.conversation.composer = TextInput(text: text) }
            return nil
        }
        let blank = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        return (blank ? [] : [.text(text)]) + state.conversation.attachments.compactMap(\.contentBlock)
    }
}

/// The tray's rules (VeetChatScreens' TrayFiles) on the screen's state: news of another
/// conversation is dropped, and an empty tray gives the keys back to the message.
extension ScreenState {
    mutating func removeAttachment(at index: Int) {
        notice = conversation.tray.remove(at: index)
        if conversation.attachments.isEmpty, focus == .tray { focus = .composer }
    }

    /// One file's news; nothing for another conversation.
    mutating func applyAttachment(_ attachment: Attachment, sessionID: String) {
        guard sessionID == conversation.sessionID, conversation.tray.apply(attachment) else { return }
        notice = conversation.tray.notice(afterNews: notice)
    }

    /// The composer's whole list.
    mutating func applyAttachments(_ listed: [Attachment], sessionID: String) {
        guard sessionID == conversation.sessionID else { return }
        conversation.tray.apply(listed: listed)
        if conversation.attachments.isEmpty, focus == .tray { focus = .composer }
        notice = conversation.tray.notice(afterNews: notice)
    }
}
