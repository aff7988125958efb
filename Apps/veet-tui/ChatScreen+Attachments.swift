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
        AttachmentTrayView(files: attachments, focused: focus == .tray, cursor: trayCursor)
    }
}

extension ChatScreen {
    enum TrayEnd { case first, last }

    /// Focus on the tray, at its first or last file.
    func enterTray(at end: TrayEnd) {
        guard !state.attachments.isEmpty else { state.focus = .composer; return }
        state.focus = .tray
        if state.trayCursor.flatMap({ id in state.attachments.firstIndex { $0.id == id } }) == nil {
            state.trayCursor = (end == .first ? state.attachments.first : state.attachments.last)?.id
        }
    }

    /// ↑↓ choose a file (past the ends: the transcript, the composer), `r` retries it, `x` or Delete removes it.
    func handleTray(_ key: KeyPress) {
        guard !state.attachments.isEmpty else { state.focus = .composer; return }
        let index = state.trayCursor.flatMap { id in state.attachments.firstIndex { $0.id == id } }
            ?? state.attachments.count - 1
        switch key {
        case KeyPress(.up):
            if index == 0, !state.queue.isEmpty {
                enterQueue()
            } else if index == 0 {
                state.focus = .transcript
                state.transcriptView.selectedRow = nil
                moveTranscriptCursor(by: -1)
            } else {
                state.trayCursor = state.attachments[index - 1].id
            }
        case KeyPress(.down):
            if index + 1 < state.attachments.count {
                state.trayCursor = state.attachments[index + 1].id
            } else {
                state.focus = .composer
            }
        case .char("r"): retryAttachment(state.attachments[index])
        case .char("x"), KeyPress(.delete): removeAttachment(state.attachments[index], at: index)
        case KeyPress(.enter): state.focus = .composer
        default:
            // Typing goes to the message, as if the composer had the focus.
            if case .character = key.key, key.modifiers.isEmpty || key.modifiers == .shift {
                state.focus = .composer
                _ = state.composer.handle(.key(key), policy: .chat)
            }
        }
    }

    private func retryAttachment(_ file: Attachment) {
        guard let sessionID = state.sessionID else { return }
        switch file.state {
        case .failed:
            state.notice = "Sending \(file.filename) again..."
            _ = backend.retryAttachment(file.id, sessionID: sessionID, composers: composers)
        case .notAccepted:
            state.notice = "\(file.filename) was not accepted; sending it again would not help (x removes it)."
        case .queued, .uploading:
            state.notice = "\(file.filename) is still uploading."
        case .uploaded:
            state.notice = "\(file.filename) is already on the server."
        }
    }

    /// The file leaves the tray at once; its upload, if still going, is cancelled behind it.
    private func removeAttachment(_ file: Attachment, at index: Int) {
        state.removeAttachment(at: index)
        if let sessionID = state.sessionID {
            _ = backend.removeAttachment(file.id, sessionID: sessionID, composers: composers)
        }
    }

    func applyAttachment(_ attachment: Attachment, sessionID: String) {
        state.applyAttachment(attachment, sessionID: sessionID)
    }

    func applyAttachments(_ attachments: [Attachment], sessionID: String) {
        state.applyAttachments(attachments, sessionID: sessionID)
    }

    nonisolated static let attachingNotice = "Attaching "

    /// The message's content when it can go now; otherwise nil, the reason in
    /// the status bar and the text back in the composer (nothing is lost).
    func sendableDraft(_ text: String) -> [ContentBlock]? {
        if let problem = AttachmentTray.problem(sending: state.attachments, text: text) {
            state.notice = "Not sent: \(problem)"
            if state.composer.isEmpty, !text.isEmpty { state.composer = TextInput(text: text) }
            return nil
        }
        let blank = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        return (blank ? [] : [.text(text)]) + state.attachments.compactMap(\.contentBlock)
    }
}

/// The tray's rules on the screen's state: a removed file is gone at once and
/// stays gone, whatever the composer still reports about it.
extension ScreenState {
    mutating func removeAttachment(at index: Int) {
        let file = attachments.remove(at: index)
        removedAttachments.insert(file.id)
        trayCursor = attachments.isEmpty ? nil : attachments[min(index, attachments.count - 1)].id
        if attachments.isEmpty, focus == .tray { focus = .composer }
        notice = "Removed \(file.filename) from the message."
    }

    /// One file's news (added, progress, its answer); nothing for a file removed or another conversation.
    mutating func applyAttachment(_ attachment: Attachment, sessionID: String) {
        guard sessionID == self.sessionID, !removedAttachments.contains(attachment.id) else { return }
        if let index = attachments.firstIndex(where: { $0.id == attachment.id }) {
            attachments[index] = attachment
        } else {
            attachments.append(attachment)
        }
        clearAttachingNotice()
    }

    /// The composer's whole list, without the files removed meanwhile.
    mutating func applyAttachments(_ listed: [Attachment], sessionID: String) {
        guard sessionID == self.sessionID else { return }
        attachments = listed.filter { !removedAttachments.contains($0.id) }
        if let cursor = trayCursor, !attachments.contains(where: { $0.id == cursor }) {
            trayCursor = attachments.last?.id
        }
        if attachments.isEmpty, focus == .tray { focus = .composer }
        clearAttachingNotice()
    }

    /// "Attaching x..." is said while a file travels; once none is in flight the tray says how it went.
    private mutating func clearAttachingNotice() {
        if notice.hasPrefix(ChatScreen.attachingNotice), !attachments.contains(where: \.state.isInFlight) {
            notice = ""
        }
    }
}
