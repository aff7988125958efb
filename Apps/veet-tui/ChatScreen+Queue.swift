import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTerminal

/// Keys on the messages waiting for the run (VeetChatScreens' QueuedMessagesView shows them).
extension ScreenState {
    /// The queue as its view shows it.
    var queuedView: QueuedMessagesView {
        QueuedMessagesView(queue: conversation.queue, focused: focus == .queue, cursor: conversation.queueCursor)
    }
}

extension ChatScreen {
    /// Focus on the queue, its newest message chosen unless one already is.
    public func enterQueue() {
        guard let newest = state.conversation.queue.entries.last else { state.focus = .composer; return }
        state.focus = .queue
        if state.conversation.queueCursor.flatMap(state.conversation.queue.position(of:)) == nil { state.conversation.queueCursor = newest.id }
    }

    /// ↑↓ choose (past the top: the attachments or the transcript; past the bottom: the composer),
    /// `e`/Enter edit, `x`/Delete cancel (Esc, a global key, goes back to the composer).
    public func handleQueue(_ key: KeyPress) {
        let entries = state.conversation.queue.entries
        guard !entries.isEmpty else { state.focus = .composer; return }
        let index = state.conversation.queueCursor.flatMap(state.conversation.queue.position(of:)).map { $0 - 1 } ?? entries.count - 1
        switch key {
        case KeyPress(.up):
            if index > 0 {
                state.conversation.queueCursor = entries[index - 1].id
            } else {
                state.focus = .transcript
                state.conversation.transcriptView.selectedRow = nil
                moveTranscriptCursor(by: -1)
            }
        case KeyPress(.down):
            if index + 1 < entries.count {
                state.conversation.queueCursor = entries[index + 1].id
            } else if !state.conversation.attachments.isEmpty {
                enterTray(at: .first)
            } else {
                state.focus = .composer
            }
        case .char("e"), KeyPress(.enter):
            guard let entry = state.conversation.queue.takeBack(id: entries[index].id) else { return }
            let kept = [state.conversation.composer.text, entry.text].filter { !$0.isEmpty }.joined(separator: "\n")
            state.conversation.composer = TextInput(text: kept)
            state.focus = .composer
            state.notice = "Taken back to edit; Enter queues it again."
        case .char("x"), KeyPress(.delete):
            state.conversation.queue.takeBack(id: entries[index].id)
            state.notice = "Cancelled; that message will not be sent."
            if state.conversation.queue.isEmpty { state.focus = .composer } else {
                state.conversation.queueCursor = state.conversation.queue.entries[min(index, state.conversation.queue.count - 1)].id
            }
        default:
            if case .character = key.key, key.modifiers.isEmpty || key.modifiers == .shift {
                state.focus = .composer
                _ = state.conversation.composer.handle(.key(key), policy: .chat)
            }
        }
    }
}
