import Foundation
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
        if let name = menu.confirmingForget {
            menu.confirmingForget = nil
            if key == .char("y") {
                menu.message = "Forgetting \"\(name)\"..."
                state.connections.menu = menu
                forget(name)
            } else {
                menu.message = "Nothing was forgotten."
                state.connections.menu = menu
            }
            return
        }
        switch key {
        case KeyPress(.escape), KeyPress(.function(9)):
            state.connections.menu = nil
            return
        case KeyPress(.up): menu.selected = max(menu.selected - 1, 0)
        case KeyPress(.down): menu.selected = min(menu.selected + 1, menu.count - 1)
        case .char("x"), KeyPress(.delete):
            if let row = menu.selectedRow { menu.confirmingForget = row.name }
        case KeyPress(.enter):
            guard let row = menu.selectedRow else {
                state.connections.menu = nil
                openConnectionForm(.firstRun)
                return
            }
            if row.isActive {
                state.connections.menu = nil
                return
            }
            switchConnection(to: row.name, menu: &menu)
            state.connections.menu = menu.message.isEmpty ? nil : menu
            return
        default: return
        }
        state.connections.menu = menu
    }

    /// `veet connections use NAME` in the TUI: the connections file marks it
    /// current, then the screen starts over on its backend.
    func switchConnection(to name: String, menu: inout ConnectionMenu) {
        guard let registry = connection?.registry else { return }
        guard state.conversation.composer.isEmpty, state.conversation.queue.isEmpty else {
            menu.message = "Send or clear the message in the composer first: it belongs to this connection."
            return
        }
        do {
            let resolved = try registry.resolve(named: name, environment: [:])
            var file = try registry.load()
            if let saved = file.connection(named: name) { file.upsert(saved, makeCurrent: true) }
            try registry.save(file)
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
                    menu.message = "Send or clear the message in the composer first: it belongs to this connection."
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
            let problem = await ConnectionForgetting.forget(name, registry: registry)
            inbox.post(.connection(.forgot(name: name, revokeProblem: problem)))
        }
    }
}
