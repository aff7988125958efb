import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetStore

/// The line under each of the owner's messages that is not confirmed (VeetChatScreens' `SendStates`
/// matches them to the outbox), and Enter / x on it.
extension ChatScreen {
    func refreshSendStates() { state.conversation.matchSendStates((try? backend.store.outbox()) ?? []) }

    /// The highest outbox id now, confirmed entries included.
    func currentOutboxFloor() -> Int64 {
        ((try? backend.store.outbox(includeConfirmed: true)) ?? []).map(\.id).max() ?? 0
    }

    /// Enter on a message that did not go out (OpenConversation decides when): its entry goes again, same key.
    func redeliver(_ entryID: Int64) {
        let sessionID = (try? backend.store.outboxEntry(id: entryID))?.sessionID ?? state.conversation.sessionID
        startWork(sessionID: sessionID, isDelivery: true) { backend, work in
            backend.redeliver(entryID: entryID, sessionID: sessionID, work: work)
        }
        refreshSendStates()
    }

    /// x on a message that did not go out: the outbox drops it (it asks
    /// nothing more, as the dock's keys do not); the transcript lets it go.
    func discard(_ entryID: Int64, itemID: String) {
        if (try? backend.store.discardOutboxEntry(id: entryID)) == true {
            state.conversation.discarded(itemID: itemID)
            state.notice = "Discarded from the outbox"
        } else {
            state.notice = "Could not discard it (already sent?)"
        }
        refreshSendStates()
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
