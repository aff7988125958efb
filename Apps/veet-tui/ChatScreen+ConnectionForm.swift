import Foundation
import VeetCurses
import VeetStore
import VeetTransport
import VeetWebsiteAccess

/// Sign in again (after a 401) and add a connection: the form over everything, its check and save.
extension ChatScreen {
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
                guard state.conversation.composer.isEmpty, state.conversation.queue.isEmpty else {
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
    func reconnect(_ resolved: ResolvedConnection) {
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
        if let sessionID = state.conversation.sessionID {
            startWork(sessionID: sessionID) { backend, work in backend.open(sessionID: sessionID, work: work) }
        }
        refreshSendStates()
        _ = backend.reconcile()
    }
}
