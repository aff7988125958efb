import Foundation
import VeetAccountScreens
import VeetCurses
import VeetStore
import VeetTransport
import VeetWebsiteAccess

/// Sign in again (after a 401) and add a connection: the form over everything, its check and save.
extension ChatScreen {
    func openConnectionForm(_ mode: ConnectionForm.Mode) {
        guard let connection else { return }
        state.connections.openForm(mode, address: connection.resolved.settings.serverURL.url.absoluteString,
                                   credentialsPath: connection.registry.paths.credentialsDirectory.path)
    }

    func handleConnectionForm(_ event: InputEvent) {
        switch state.connections.formKey(event) {
        case .none: break
        case .closed(let notice): if let notice { state.notice = notice }
        case .check(let url, let token):
            // No token typed on the Connection card: the saved one is checked against the new address.
            guard let settings = try? ConnectionSettings(serverURL: url, token: token ?? connection?.resolved.settings.token ?? "")
            else { return }
            let inbox = backend.inbox
            Task.detached {
                inbox.post(.connection(.checked(refusal: await ConnectionOpener.checker.refusal(checking: settings))))
            }
        }
    }

    func apply(_ update: ConnectionUpdate) {
        switch update {
        case .signInNeeded:
            emailSignedOut()
            guard let connection else { return }
            if let notice = state.connections.signInNeeded(
                name: connection.name, address: connection.resolved.settings.serverURL.url.absoluteString,
                credentialsPath: connection.registry.paths.credentialsDirectory.path) { state.notice = notice }
        case .checked(let refusal):
            if let accepted = state.connections.checked(refusal: refusal) { saveChecked(accepted) }
        case .forgot(let name, let revokeProblem):
            state.connections.menu?.message = ""
            let notice = ConnectionMenu.forgot(name, revokeProblem: revokeProblem)
            if name == connection?.name {
                // The last one went: there is nothing left to show.
                state.shouldQuit = true
                quitMessage = notice + " veet-tui asks for a connection next time."
            } else {
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
