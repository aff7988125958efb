import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetStore

/// The line under each of the owner's messages that is not confirmed (VeetChatScreens' `SendStates`
/// matches them to the outbox), and Enter / x on it.
extension ChatScreen {
    func refreshSendStates() {
        var transcript = state.conversation.transcript
        let states = SendStates.match((try? backend.store.outbox()) ?? [], into: &transcript, sessionID: state.conversation.sessionID,
                                      floor: state.conversation.outboxFloor, delivering: state.conversation.work?.isDelivery == true)
        if transcript.items.count != state.conversation.transcript.items.count { state.conversation.transcript = transcript }
        if states != state.conversation.sendStates { state.conversation.sendStates = states }
    }

    func heldNotice() -> String? { SendStates.heldNotice(state.conversation.sendStates) }

    /// The highest outbox id now, confirmed entries included.
    func currentOutboxFloor() -> Int64 {
        ((try? backend.store.outbox(includeConfirmed: true)) ?? []).map(\.id).max() ?? 0
    }

    /// The send state of the transcript row the cursor is on, when it has one to act on.
    var selectedSendState: (itemID: String, state: SendState)? {
        guard case .entry(let id)? = selectedTarget, let sent = state.conversation.sendStates[id], sent.entryID != nil else { return nil }
        return (id, sent)
    }

    /// Enter on a message that did not go out: delivers its entry again, same key.
    func retrySelectedMessage() -> Bool {
        guard let (_, sent) = selectedSendState, let entryID = sent.entryID else { return false }
        guard sent.canRetry else {
            state.notice = "The server refused it; x discards it"
            return true
        }
        guard !state.conversation.isRunActive else {
            state.notice = "A run is still going; try again when it ends"
            return true
        }
        let sessionID = (try? backend.store.outboxEntry(id: entryID))?.sessionID ?? state.conversation.sessionID
        state.notice = "Sending again..."
        startWork(sessionID: sessionID, isDelivery: true) { backend, work in
            backend.redeliver(entryID: entryID, sessionID: sessionID, work: work)
        }
        refreshSendStates()
        return true
    }

    /// x on a message that did not go out: the outbox drops it (it asks
    /// nothing more, as the dock's keys do not); the transcript lets it go.
    func discardSelectedMessage() -> Bool {
        guard let (itemID, sent) = selectedSendState, let entryID = sent.entryID else { return false }
        guard state.conversation.work?.isDelivery != true else {
            state.notice = "Wait for the send in progress to end"
            return true
        }
        let clientKey = state.conversation.transcript.item(id: itemID)?.user?.clientKey
        if (try? backend.store.discardOutboxEntry(id: entryID)) == true {
            if let clientKey { state.conversation.transcript.submissionFailed(clientKey: clientKey) }
            state.notice = "Discarded from the outbox"
            state.conversation.transcriptView.selectedRow = nil
        } else {
            state.notice = "Could not discard it (already sent?)"
        }
        refreshSendStates()
        return true
    }
}

/// The outbox screen (Ctrl-Q, VeetChatScreens' OutboxScreen): mounted with the entries read now; what it
/// discards or sends again, the chat follows (its send states, the conversations).
extension ChatScreen {
    func openOutboxScreen() {
        mount(OutboxScreen(OutboxListing(entries: (try? backend.store.outbox()) ?? [], sessions: state.sessions)),
              work: OutboxScreenWork(store: backend.store) { [backend] new in new ? backend.apiForNewConversation() : backend.api })
    }

    /// Before a key: whether a message is being sent from the chat now (a retry waits for it).
    func tellOutboxChatWork(_ mounted: inout MountedScreen) {
        guard mounted.value(as: OutboxScreen.self) != nil else { return }
        _ = mounted.update(result: OutboxScreenResult.chatDelivering(state.conversation.work?.isDelivery == true))
    }

    func resolve(_ route: OutboxScreenRoute) {
        switch route {
        case .discarded(let clientKey):
            if let clientKey { state.conversation.transcript.submissionFailed(clientKey: clientKey) }
        case .retried(_, let delivered):
            if delivered { _ = backend.reconcile() }
        }
        refreshSendStates()
    }

    /// A retry's answer after its screen closed: the chat follows it, and says it.
    func applyOutboxResult(_ result: any Sendable, mount: Int) -> Bool {
        guard case .retried(_, let words, let delivered, _)? = result as? OutboxScreenResult,
              state.featureScreen?.mount != mount else { return false }
        resolve(.retried(words: words, delivered: delivered))
        state.notice = words
        return true
    }
}
