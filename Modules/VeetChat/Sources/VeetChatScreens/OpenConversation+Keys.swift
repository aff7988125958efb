import Foundation
import VeetChat
import VeetCurses
import VeetTransport
import VeetWire

/// The keys of the conversation's own parts: the queued messages, the attached files and the composer.
/// Moving between them is the conversation's rule; the shell moves its focus where the step says.
extension OpenConversation {
    public enum TrayEnd: Sendable { case first, last }

    /// The queue, its newest message chosen unless one already is; the composer when nothing waits.
    public mutating func enterQueue() -> ConversationFocus {
        guard let newest = queue.entries.last else { return .composer }
        if queueCursor.flatMap(queue.position(of:)) == nil { queueCursor = newest.id }
        return .queue
    }

    /// The tray, at its first or last file unless one is chosen; the composer when no file is attached.
    public mutating func enterTray(at end: TrayEnd) -> ConversationFocus {
        guard !attachments.isEmpty else { return .composer }
        if trayCursor.flatMap({ id in attachments.firstIndex { $0.id == id } }) == nil {
            trayCursor = (end == .first ? attachments.first : attachments.last)?.id
        }
        return .tray
    }

    /// The transcript entered from below: its last row the owner can act on.
    public mutating func enterTranscriptFromBelow() -> ConversationFocus {
        transcriptView.selectedRow = nil
        transcriptView.moveCursor(by: -1)
        return .transcript
    }

    /// On the queue: ↑↓ choose (past the top: the transcript; past the bottom: the files, else the composer),
    /// `e`/Enter take the message back to edit, `x`/Delete cancel it; typing goes to the composer.
    public mutating func queueKey(_ key: KeyPress) -> ConversationStep {
        let entries = queue.entries
        guard !entries.isEmpty else { return ConversationStep(focus: .composer) }
        let index = queueCursor.flatMap(queue.position(of:)).map { $0 - 1 } ?? entries.count - 1
        switch key {
        case KeyPress(.up):
            guard index > 0 else { return ConversationStep(focus: enterTranscriptFromBelow()) }
            queueCursor = entries[index - 1].id
        case KeyPress(.down):
            guard index + 1 < entries.count else { return ConversationStep(focus: enterTray(at: .first)) }
            queueCursor = entries[index + 1].id
        case .char("e"), KeyPress(.enter):
            guard let entry = queue.takeBack(id: entries[index].id) else { return ConversationStep() }
            composer = TextInput(text: [composer.text, entry.text].filter { !$0.isEmpty }.joined(separator: "\n"))
            return ConversationStep(focus: .composer, notice: "Taken back to edit; Enter queues it again.")
        case .char("x"), KeyPress(.delete):
            queue.takeBack(id: entries[index].id)
            if !queue.isEmpty { queueCursor = queue.entries[min(index, queue.count - 1)].id }
            return ConversationStep(focus: queue.isEmpty ? .composer : nil, notice: "Cancelled; that message will not be sent.")
        default:
            return typeIntoComposer(key)
        }
        return ConversationStep()
    }

    /// On the tray: ↑↓ choose a file (past the top: the queue, else the transcript; past the bottom: the
    /// composer), `r` uploads it again, `x`/Delete takes it off, Enter goes to the composer; typing too.
    public mutating func trayKey(_ key: KeyPress) -> ConversationStep {
        guard !attachments.isEmpty else { return ConversationStep(focus: .composer) }
        let index = tray.chosenIndex
        let file = attachments[index]
        switch key {
        case KeyPress(.up):
            guard index > 0 else { return ConversationStep(focus: queue.isEmpty ? enterTranscriptFromBelow() : enterQueue()) }
            trayCursor = attachments[index - 1].id
        case KeyPress(.down):
            guard index + 1 < attachments.count else { return ConversationStep(focus: .composer) }
            trayCursor = attachments[index + 1].id
        case .char("r"):
            guard let sessionID else { return ConversationStep() }
            switch TrayFiles.retry(file) {
            case .send(let notice): return ConversationStep(notice: notice, request: .retryAttachment(file.id, sessionID: sessionID))
            case .refused(let words): return ConversationStep(notice: words)
            }
        case .char("x"), KeyPress(.delete):
            // The file leaves the tray at once; the server hears of it behind.
            let notice = tray.remove(at: index)
            return ConversationStep(focus: attachments.isEmpty ? .composer : nil, notice: notice,
                                    request: sessionID.map { .removeAttachment(file.id, sessionID: $0) })
        case KeyPress(.enter): return ConversationStep(focus: .composer)
        default: return typeIntoComposer(key)
        }
        return ConversationStep()
    }

    /// A character typed on the queue or the tray goes to the message, as if the composer had the keys.
    mutating func typeIntoComposer(_ key: KeyPress) -> ConversationStep {
        guard case .character = key.key, key.modifiers.isEmpty || key.modifiers == .shift else { return ConversationStep() }
        _ = composer.handle(.key(key), policy: .chat)
        return ConversationStep(focus: .composer)
    }

    /// ↑ in an empty composer with no question docked walks into the attached files, else the queue, else
    /// the transcript from its last row; nil when ↑ is the composer's own key (it moves in the text).
    public mutating func composerUp() -> ConversationFocus? {
        guard composer.isEmpty, question == nil else { return nil }
        if !attachments.isEmpty { return enterTray(at: .last) }
        if !queue.isEmpty { return enterQueue() }
        return enterTranscriptFromBelow()
    }

    /// Esc on the conversation, once the shell's own uses of it (the search, the sidebar) are past: the
    /// docked question is put off, the queue gives the keys back to the composer, else the newest queued
    /// message comes back to the composer after what it holds (nothing is lost), else the transcript gives
    /// the keys back. Nil when Esc means nothing here.
    public mutating func escape(focused: ConversationFocus?) -> ConversationStep? {
        if let docked = question {
            question = nil
            return ConversationStep(request: .answer(ticket: docked.ticket, text: nil))
        }
        if focused == .queue { return ConversationStep(focus: .composer) }
        if let newest = queue.entries.last {
            queue.takeBack(id: newest.id)
            composer = TextInput(text: [composer.text, newest.text].filter { !$0.isEmpty }.joined(separator: "\n"))
            return ConversationStep()
        }
        if focused == .transcript { return ConversationStep(focus: .composer) }
        return nil
    }

    /// The run Ctrl-C stops: the one the work follows while it has not ended (else the transcript's latest).
    /// Nil when nothing runs (Ctrl-C asks whether to quit).
    public var runToStop: String? {
        guard isRunActive else { return nil }
        return work?.runID ?? transcript.latestRunID
    }

    /// Enter in the composer: answers a docked question, sends, or (while the run is still going) queues the
    /// message to go the moment it ends. Blank text goes only with files, and never as an answer.
    public mutating func submitComposer() -> ConversationStep {
        let text = composer.text
        let blank = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        guard !blank || question == nil && !attachments.isEmpty else { return ConversationStep() }
        if let docked = question {
            question = nil
            composer = TextInput()
            return ConversationStep(request: .answer(ticket: docked.ticket, text: text))
        }
        if isRunActive {
            guard queue.enqueue(text) != nil else {
                return ConversationStep(notice: "\(MessageQueue.limit) messages are already waiting for the run to end (Esc takes the last back).")
            }
            composer = TextInput()
            return ConversationStep()
        }
        composer = TextInput()
        return ConversationStep(request: .send(text))
    }
}

/// The attached files' news from the composer (TrayFiles' rules): nothing for another conversation.
extension OpenConversation {
    /// One file's news. Returns the status bar's words after it (`notice`: what it says now), nil when the
    /// news was for another conversation or a file taken off.
    public mutating func applyAttachment(_ attachment: Attachment, sessionID: String, notice: String) -> String? {
        guard sessionID == self.sessionID, tray.apply(attachment) else { return nil }
        return tray.notice(afterNews: notice)
    }

    /// The composer's whole list; nil when it was for another conversation.
    public mutating func applyAttachments(_ listed: [Attachment], sessionID: String, notice: String) -> String? {
        guard sessionID == self.sessionID else { return nil }
        tray.apply(listed: listed)
        return tray.notice(afterNews: notice)
    }
}

extension OpenConversation {
    /// What a send of `text` with the attached files carries when it can go now; else nil with why, in the
    /// status bar's words, and the text back in the composer if it was emptied (nothing is lost).
    public mutating func content(sending text: String) -> (content: [ContentBlock]?, notice: String?) {
        if let problem = AttachmentTray.problem(sending: attachments, text: text) {
            if composer.isEmpty, !text.isEmpty { composer = TextInput(text: text) }
            return (nil, "Not sent: \(problem)")
        }
        let blank = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        return ((blank ? [] : [.text(text)]) + attachments.compactMap(\.contentBlock), nil)
    }
}

/// What a send that can go now hands the shell: where it goes, its keys and the files it carries.
public struct OutgoingMessage: Sendable {
    public let text: String
    /// Nil for a new conversation, named by `conversationKey` until the server gives it an id.
    public let sessionID: String?
    public let conversationKey: IdempotencyKey
    /// The bubble's key until the server's copy replaces it.
    public let clientKey: String
    public let files: [Attachment]
}

extension OpenConversation {
    /// A send of `text` starts: its files leave the tray with it, its bubble shows at once under
    /// `clientKey`, the transcript scrolls to the end. Nil when it cannot go now (`notice` says why and the
    /// text stays in the composer: `content(sending:)`); else the status bar is cleared (`notice` empty).
    public mutating func beginSend(_ text: String, clientKey: String) -> (message: OutgoingMessage?, notice: String) {
        let checked = content(sending: text)
        guard let content = checked.content else { return (nil, checked.notice ?? "") }
        let message = OutgoingMessage(text: text, sessionID: sessionID, conversationKey: newConversationKey,
                                      clientKey: clientKey, files: attachments)
        attachments = []
        trayCursor = nil
        _ = transcript.addOptimisticUserMessage(content, clientKey: clientKey)
        transcriptScroll.scrollToBottom()
        return (message, "")
    }
}
