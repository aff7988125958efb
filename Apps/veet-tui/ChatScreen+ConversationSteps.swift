import VeetChat
import VeetChatScreens
import VeetCurses

/// The conversation's rules (VeetChatScreens' OpenConversation) answer with a step; the shell moves its
/// focus, says the notice and does the work asked through Backend.
extension ChatScreen {
    func perform(_ step: ConversationStep) {
        switch state.take(step) {
        case .retryAttachment(let id, let sessionID)?: _ = backend.retryAttachment(id, sessionID: sessionID, composers: composers)
        case .removeAttachment(let id, let sessionID)?: _ = backend.removeAttachment(id, sessionID: sessionID, composers: composers)
        case .answer(let ticket, let text)?: backend.broker.resolveQuestion(ticket: ticket, with: text)
        case .send(let text)?: send(text)
        case .openArtifact(let file, let sessionID)?: _ = backend.openArtifact(file, sessionID: sessionID)
        case .export(let artifactID, let name)?: promptExport(artifactID, name: name)
        case .copy(let text, let what)?: copy(text, what: what)
        case .readerOpened?: terminal.setMouseReporting(false)
        case .loadRunDetails(let runID)?: _ = backend.loadRunDetails(id: runID)
        case .redeliver(let entryID)?: redeliver(entryID)
        case .discard(let entryID, let itemID)?: discard(entryID, itemID: itemID)
        case nil: break
        }
    }
}

extension ScreenState {
    /// A step's focus and notice; its request is the caller's to do.
    mutating func take(_ step: ConversationStep) -> ConversationRequest? {
        if let moved = step.focus { focus = Focus(moved) }
        if let notice = step.notice { self.notice = notice }
        return step.request
    }

    /// The queue as its view shows it.
    var queuedView: QueuedMessagesView {
        QueuedMessagesView(queue: conversation.queue, focused: focus == .queue, cursor: conversation.queueCursor)
    }

    /// The tray as its view shows it.
    var trayView: AttachmentTrayView {
        AttachmentTrayView(files: conversation.attachments, focused: focus == .tray, cursor: conversation.trayCursor)
    }

    /// A file's news, or the composer's whole list: an empty tray gives the keys back to the message.
    mutating func applyAttachment(_ attachment: Attachment, sessionID: String) {
        if let said = conversation.applyAttachment(attachment, sessionID: sessionID, notice: notice) { notice = said }
    }

    mutating func applyAttachments(_ listed: [Attachment], sessionID: String) {
        guard let said = conversation.applyAttachments(listed, sessionID: sessionID, notice: notice) else { return }
        notice = said
        if conversation.attachments.isEmpty, focus == .tray { focus = .composer }
    }
}

extension ConversationFocus {
    /// The conversation's part that has the keys; nil for the shell's own (search, sidebar, approval dock).
    init?(_ focus: Focus) {
        switch focus {
        case .transcript: self = .transcript
        case .composer: self = .composer
        case .tray: self = .tray
        case .queue: self = .queue
        case .search, .sidebar, .approval: return nil
        }
    }
}

extension Focus {
    init(_ part: ConversationFocus) {
        switch part {
        case .transcript: self = .transcript
        case .composer: self = .composer
        case .tray: self = .tray
        case .queue: self = .queue
        }
    }
}
