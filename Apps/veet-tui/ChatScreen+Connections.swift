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
    private func switchConnection(to name: String, menu: inout ConnectionMenu) {
        guard let registry = connection?.registry else { return }
        guard state.composer.isEmpty, state.queue.isEmpty else {
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

    // MARK: Sign in again, add a connection

    func openConnectionForm(_ mode: ConnectionForm.Mode) {
        guard let connection else { return }
        let address = mode == .firstRun ? "" : connection.resolved.settings.serverURL.url.absoluteString
        state.connections.form = ConnectionForm(mode: mode, address: address,
                                                credentialsPath: connection.registry.paths.credentialsDirectory.path)
    }

    func handleConnectionForm(_ event: InputEvent) {
        guard var form = state.connections.form else { return }
        switch form.handle(event) {
        case .none: state.connections.form = form
        case .cancel:
            state.connections.form = nil
            if case .signInAgain = form.mode {
                state.connections.signInPostponed = true
                state.notice = "Not signed in: nothing is sent until you sign in again (F8, Connection)."
            }
        case .submit(let url, let token):
            state.connections.form = form
            // No token typed on the Connection card: the saved one is checked against the new address.
            guard let settings = try? ConnectionSettings(serverURL: url, token: token ?? connection?.resolved.settings.token ?? "")
            else { return }
            let inbox = backend.inbox
            Task.detached {
                inbox.post(.connection(.checked(refusal: await ConnectionOpener.refusal(checking: settings))))
            }
        }
    }

    func apply(_ update: ConnectionUpdate) {
        switch update {
        case .signInNeeded:
            emailSignedOut()
            guard state.connections.form == nil, let connection else { return }
            if state.connections.signInPostponed {
                state.notice = "The server no longer accepts the token: F8, Connection, to sign in again."
            } else {
                openConnectionForm(.signInAgain(name: connection.name))
            }
        case .checked(let refusal):
            guard var form = state.connections.form else { return }
            if let refusal {
                form.refused(refusal)
                state.connections.form = form
                return
            }
            state.connections.form = nil
            saveChecked(form)
        case .forgot(let name, let revokeProblem):
            state.connections.menu?.message = ""
            let problem = revokeProblem.map { " (Its device could not be revoked on the server: \($0))" } ?? ""
            if name == connection?.name {
                // The last one went: there is nothing left to show.
                state.shouldQuit = true
                quitMessage = "Forgot \"\(name)\" and its token.\(problem) veet-tui asks for a connection next time."
            } else {
                let notice = "Forgot \"\(name)\" and its token.\(problem)"
                state.notice = notice
                openConnectionsMenu()
                // A local first: an optional chain on `state` would still be open while the right side reads it.
                state.connections.menu?.message = notice
            }
        }
    }

    /// The server accepted the token: saved as `veet connect` saves it.
    /// Signing in again keeps the screen (the composer, the open conversation,
    /// the outbox in the store); adding a connection switches to it.
    private func saveChecked(_ form: ConnectionForm) {
        guard let connection, case .success(let url) = ConnectionForm.validate(address: form.address.text) else { return }
        let token = form.token.text.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            switch form.mode {
            case .update(let name) where url.url.absoluteString != form.originalAddress:
                try changeAddress(of: name, to: url, newToken: token.isEmpty ? nil : token)
            case .firstRun:
                guard state.composer.isEmpty, state.queue.isEmpty else {
                    let name = ConnectionRegistry.defaultName(for: url)
                    try connection.registry.add(name: name, url: url, token: token)
                    state.notice = "Saved \"\(name)\"; send or clear the message, then switch to it with F9."
                    return
                }
                let name = ConnectionRegistry.defaultName(for: url)
                try connection.registry.add(name: name, url: url, token: token)
                try use(try connection.registry.resolve(named: name, environment: [:]))
                state.notice = "Connected to \(url.url.absoluteString) as \"\(name)\""
            case .signInAgain(let name), .update(let name):
                var resolved = connection.resolved
                resolved.settings = try ConnectionSettings(serverURL: url, token: token)
                // A VEET_URL connection has no saved slot: the new token lives in memory only.
                if let name { try connection.registry.add(name: name, url: url, token: token) }
                reconnect(resolved)
                state.notice = name == nil ? "Signed in again (for this run only: VEET_TOKEN is unchanged)" : "Signed in again"
                // From the Connection card: the screen stays open, says so, and reads its models with the new token.
                settingsSignedInAgain(state.notice)
            }
        } catch {
            state.notice = "Not saved: \(CommandHints.message(for: error))"
        }
    }

    /// Same connection, new token: a new backend under the same screen state.
    private func reconnect(_ resolved: ResolvedConnection) {
        guard let registry = connection?.registry,
              let opened = try? ConnectionOpener.open(resolved, registry: registry, environment: environment) else { return }
        backend.drafts.flush(force: true)
        leaveConversationWork()
        backend = opened.backend
        connection = ActiveConnection(resolved: resolved, registry: registry)
        registerThisDevice()
        remountEmail()
        state.connections.signInPostponed = false
        state.refreshProblem = nil
        if let sessionID = state.sessionID {
            startWork(sessionID: sessionID) { backend, work in backend.open(sessionID: sessionID, work: work) }
        }
        refreshSendStates()
        _ = backend.reconcile()
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
                guard state.composer.isEmpty, state.queue.isEmpty else {
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
