import Foundation
import VeetAccount
import VeetAccountScreens
import VeetCurses
import VeetStore
import VeetTransport
import VeetWebsiteAccess

/// Connections on screen: the switcher (F9), "sign in again" after a 401,
/// adding a connection, forgetting one. Switching builds a new backend (its
/// own inbox and in-memory artifact cache) and a fresh screen state, so the
/// open conversation, the caches and any mode state of the other connection
/// are gone from the screen; its rows stay in its own slice of the store.
extension ChatScreen {
    // MARK: Switcher

    func openConnectionsMenu() {
        guard let connection else { return }
        let file = (try? connection.registry.load()) ?? ConnectionsFile()
        state.connections.menu = ConnectionMenu(file: file, active: connection.name)
    }

    func handleConnectionsMenu(_ key: KeyPress) {
        guard var menu = state.connections.menu else { return }
        switch menu.update(key) {
        case .none: state.connections.menu = menu
        case .close: state.connections.menu = nil
        case .add:
            state.connections.menu = nil
            openConnectionForm(.firstRun)
        case .use(let name):
            switchConnection(to: name, menu: &menu)
            state.connections.menu = menu.message.isEmpty ? nil : menu
        case .forget(let name):
            state.connections.menu = menu
            forget(name)
        }
    }

    /// `veet connections use NAME` in the TUI: the connections file marks it
    /// current, then the screen starts over on its backend.
    func switchConnection(to name: String, menu: inout ConnectionMenu) {
        guard let registry = connection?.registry else { return }
        guard state.conversation.composer.isEmpty, state.conversation.queue.isEmpty else {
            menu.message = ConnectionMenu.leaveFirst
            return
        }
        do {
            let resolved = try registry.resolve(named: name, environment: [:])
            try registry.makeCurrent(name)
            try use(resolved)
            state.notice = "Now using \"\(name)\""
        } catch {
            menu.message = CommandHints.message(for: error)
        }
    }

    /// The screen starts over on this connection: a new backend, a fresh state,
    /// then what start-up loads from the store (its index, folds, expansion).
    func use(_ resolved: ResolvedConnection) throws {
        guard let registry = connection?.registry else { return }
        let opened = try ConnectionOpener.open(resolved, registry: registry, environment: environment)
        keepDraft(now: Date())
        backend.drafts.flush(force: true)
        leaveConversationWork()
        searchTask?.cancel()
        backend.transcriptFiller.cancel()
        stopWebsiteWork()
        if connection?.resolved.settings.serverURL != resolved.settings.serverURL || connection?.name != resolved.name {
            // Another connection: no single-use sign-in link of the old one stays open (best effort, not waited for).
            let old = CeremonyDriver(api: backend.websites)
            Task.detached { _ = await old.cancelOpenSignIns() }
        }
        backend = opened.backend
        connection = ActiveConnection(resolved: resolved, registry: registry)
        registerThisDevice()
        composers = AttachmentComposers()
        state = ScreenState()
        state.connectionLabel = opened.label
        loadConnectionState()
        restoreDraft()
        lastReconcile = .distantPast
        announcedVisible = nil
        terminal.invalidate()
    }

    // MARK: Forget

    /// Revokes its device first, then deletes its token and local data whatever
    /// the revocation answered (`forgetConnection`, as `veet connections forget`).
    /// Forgetting the active connection moves to another first, so nothing of
    /// this screen writes into the rows being deleted.
    private func forget(_ name: String) {
        guard let registry = connection?.registry else { return }
        if name == connection?.name {
            let others = ((try? registry.load())?.connections ?? []).filter { $0.name != name }
            if let next = others.first {
                var menu = state.connections.menu ?? ConnectionMenu(file: ConnectionsFile(), active: nil)
                guard state.conversation.composer.isEmpty, state.conversation.queue.isEmpty else {
                    menu.message = ConnectionMenu.leaveFirst
                    state.connections.menu = menu
                    return
                }
                switchConnection(to: next.name, menu: &menu)
                guard menu.message.isEmpty else { state.connections.menu = menu; return }
            } else {
                leaveConversationWork()
            }
        }
        let inbox = backend.inbox
        Task.detached {
            let problem = await ConnectionOpener.forget(name, registry: registry)
            inbox.post(.connection(.forgot(name: name, revokeProblem: problem)))
        }
    }
}
