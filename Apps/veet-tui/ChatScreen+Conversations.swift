import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetStore
import VeetTerminal
import VeetTransport

/// Sending in the open conversation, opening another, and the work that follows it.
extension ChatScreen {
    /// Sends the composer's text (with any uploaded files) in the open conversation.
    /// Files still uploading or not on the server keep the whole draft here, said why.
    func send(_ text: String) {
        // Files shown from a saved draft reach the upload keeper a moment after the conversation opens; a send
        // before that would go without them (and they would come back to the tray), so nothing goes yet.
        if !state.conversation.attachments.isEmpty, let sessionID = state.conversation.sessionID,
           composers.existing(for: sessionID) == nil {
            if state.conversation.composer.isEmpty, !text.isEmpty { state.conversation.composer = TextInput(text: text) }
            state.notice = "Not sent yet: the attached files are still being restored. Press Enter again in a moment."
            return
        }
        let begun = state.conversation.beginSend(text, clientKey: UUID().uuidString)
        state.notice = begun.notice
        guard let message = begun.message else { return }
        if state.focus == .tray { state.focus = .composer }
        backend.drafts.sent(from: message.sessionID)
        let composer = message.sessionID.flatMap { composers.existing(for: $0) }
        startWork(sessionID: message.sessionID, isDelivery: true) { backend, work in
            backend.send(text: message.text, files: message.files.isEmpty ? nil : composer, clientKey: message.clientKey,
                         sessionID: message.sessionID, conversationKey: message.conversationKey, work: work)
        }
    }

    /// Opens a conversation (nil: a new one), leaving the open one's work pending.
    func openConversation(_ sessionID: String?, at sequence: Int64? = nil, run runID: String? = nil) {
        // Messages still waiting for the left conversation's run go back into its draft, unsent and not lost.
        state.conversation.giveQueueBack()
        keepDraft(now: Date())
        backend.drafts.flush(force: true)
        leaveConversationWork()
        state.conversation.open(sessionID, revealing: sequence, outboxFloor: currentOutboxFloor())
        state.taskGrants = []
        state.taskGrantsStale = false
        state.notice = ""
        state.focus = .composer
        state.sidebarOverlayOpen = false
        let draft = restoreDraft()
        guard let sessionID else {
            state.sidebar.selection = .item(sectionID: "start", itemID: ScreenState.newConversationID)
            return
        }
        startWork(sessionID: sessionID) { backend, work in backend.open(sessionID: sessionID, run: runID, work: work) }
        _ = backend.loadTaskGrants(sessionID: sessionID)
        _ = backend.listAttachments(sessionID: sessionID, composers: composers,
                                    restoring: draft?.files ?? [])
    }

    func startWork(sessionID: String?, isDelivery: Bool = false, _ start: (Backend, Int) -> Task<Void, Never>) {
        let id = nextWorkID
        nextWorkID += 1
        state.conversation.start(work: id, sessionID: sessionID, isDelivery: isDelivery)
        workTask = start(backend, id)
    }

    /// Stops following the open conversation; its approvals and questions stay pending on the server.
    func leaveConversationWork() {
        workTask?.cancel()
        workTask = nil
        state.conversation.leaveWork()
        backend.broker.releaseAll()
    }

    /// Copies through the terminal (OSC 52; wrapped for tmux when inside it).
    func copy(_ text: String, what: String) {
        // A clipboard program, confirmed by reading back, else OSC 52 (VeetTerminal decides and words it).
        let outcome = Clipboard.copy(text, environment: environment)
        if let sequence = outcome.sequence { terminal.sendControlSequence(sequence) }
        state.notice = outcome.notice(what: what)
    }
}
