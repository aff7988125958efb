import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetStore

/// The line under each of the owner's messages that is not confirmed, read
/// from its outbox entry (the chat feature's `SendState`), and Enter / x on it.
extension ChatScreen {
    /// Matches the transcript's unconfirmed owner messages to their outbox
    /// entries. In an open conversation an entry the transcript does not show
    /// (sent before a restart, say) joins it, so nothing typed is hidden.
    func refreshSendStates() {
        let entries = ((try? backend.store.outbox()) ?? []).filter { entry in
            entry.sessionID == state.sessionID
                || (entry.id > state.outboxFloor && (state.sessionID == nil || entry.sessionID == nil))
        }
        let delivering = state.work?.isDelivery == true
        var remaining = entries
        var states: [String: SendState] = [:]
        for item in state.transcript.items {
            guard let message = item.user, message.isOptimistic else { continue }
            guard let index = remaining.firstIndex(where: { $0.key.rawValue == message.clientKey })
                ?? remaining.firstIndex(where: { $0.text == message.text }) else { continue }
            states[item.id] = SendState(entry: remaining.remove(at: index), isBeingDelivered: delivering)
        }
        if let sessionID = state.sessionID {
            for entry in remaining where entry.sessionID == sessionID {
                let id = state.transcript.addOptimisticUserMessage(entry.content, clientKey: entry.key.rawValue)
                states[id] = SendState(entry: entry, isBeingDelivered: delivering)
            }
        }
        if states != state.sendStates { state.sendStates = states }
    }

    /// The status bar's notice for a send that did not go out: short enough
    /// for 80 columns, naming the entry (`veet outbox` knows it by that number).
    func heldNotice() -> String? {
        guard let held = state.sendStates.values.filter({ $0.entryID != nil }).max(by: { $0.entryID! < $1.entryID! }),
              let id = held.entryID else { return nil }
        return held.canRetry ? "Not sent · kept in the outbox as #\(id)" : "Refused · kept in the outbox as #\(id)"
    }

    /// The highest outbox id now, confirmed entries included.
    func currentOutboxFloor() -> Int64 {
        ((try? backend.store.outbox(includeConfirmed: true)) ?? []).map(\.id).max() ?? 0
    }

    /// The send state of the transcript row the cursor is on, when it has one to act on.
    var selectedSendState: (itemID: String, state: SendState)? {
        guard case .entry(let id)? = selectedTarget, let sent = state.sendStates[id], sent.entryID != nil else { return nil }
        return (id, sent)
    }

    /// Enter on a message that did not go out: delivers its entry again, same key.
    func retrySelectedMessage() -> Bool {
        guard let (_, sent) = selectedSendState, let entryID = sent.entryID else { return false }
        guard sent.canRetry else {
            state.notice = "The server refused it; x discards it"
            return true
        }
        guard !state.isRunActive else {
            state.notice = "A run is still going; try again when it ends"
            return true
        }
        let sessionID = (try? backend.store.outboxEntry(id: entryID))?.sessionID ?? state.sessionID
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
        guard state.work?.isDelivery != true else {
            state.notice = "Wait for the send in progress to end"
            return true
        }
        let clientKey = state.transcript.item(id: itemID)?.user?.clientKey
        if (try? backend.store.discardOutboxEntry(id: entryID)) == true {
            if let clientKey { state.transcript.submissionFailed(clientKey: clientKey) }
            state.notice = "Discarded from the outbox"
            state.transcriptView.selectedRow = nil
        } else {
            state.notice = "Could not discard it (already sent?)"
        }
        refreshSendStates()
        return true
    }
}

/// The outbox screen (Ctrl-Q): list, send again, discard after asking.
extension ChatScreen {
    func openOutboxScreen() {
        var screen = OutboxScreen()
        reloadOutbox(into: &screen)
        state.outboxScreen = screen
    }

    /// Entries read from the store (it is local: no wait), with their conversations' titles.
    private func reloadOutbox(into screen: inout OutboxScreen) {
        screen.show((try? backend.store.outbox()) ?? [])  // every entry but the confirmed ones
        screen.titles = Dictionary(state.sessions.map { ($0.id, $0.displayTitle ?? "New conversation") },
                                   uniquingKeysWith: { first, _ in first })
    }

    func handleOutboxScreen(_ key: KeyPress) {
        guard var screen = state.outboxScreen else { return }
        switch screen.handle(key, chatIsDelivering: state.work?.isDelivery == true) {
        case .none: break
        case .close:
            state.outboxScreen = nil
            return
        case .reload:
            reloadOutbox(into: &screen)
        case .retry(let entryID):
            _ = backend.retryFromOutbox(entryID: entryID)
        case .discard(let entryID, let clientKey):
            let done = (try? backend.store.discardOutboxEntry(id: entryID)) == true
            if done { state.transcript.submissionFailed(clientKey: clientKey) }
            screen.discarded(entryID: entryID, done: done)
            reloadOutbox(into: &screen)
            refreshSendStates()
        }
        state.outboxScreen = screen
    }

    func apply(_ update: OutboxUpdate) {
        switch update {
        case .retried(let entryID, let words, let delivered):
            if delivered { _ = backend.reconcile() }
            refreshSendStates()
            guard var screen = state.outboxScreen else {
                state.notice = words
                return
            }
            screen.retried(entryID: entryID, words: words)
            reloadOutbox(into: &screen)
            state.outboxScreen = screen
        }
    }
}

