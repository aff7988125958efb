import Foundation
import VeetCurses
import VeetDaemonProtocol
import VeetSettings
import VeetTokens

/// The Settings screen (F8) and the connections switcher (F9): keys, what the
/// model-settings calls report, and the stored appearance applied at once.
extension ChatScreen {
    /// F8 and F9 wherever the chat is, then the switcher or the screen while open.
    func handleSettingsLayer(_ event: InputEvent) -> Bool {
        if state.personaPage != nil && state.connections.menu == nil && state.connections.form == nil {
            handlePersonaPage(event)
            return true
        }
        guard case .key(let key) = event else { return state.connections.menu != nil || state.settingsScreen != nil }
        if state.connections.menu != nil { handleConnectionsMenu(key); return true }
        if key == KeyPress(.function(9)) { openConnectionsMenu(); return true }
        if key == KeyPress(.function(8)) {
            if state.settingsScreen == nil { openSettings() } else { state.settingsScreen = nil }
            return true
        }
        guard state.settingsScreen != nil else { return false }
        handleSettingsScreen(key)
        return true
    }

    func openSettings() {
        guard let connection else { return }
        let paths = connection.registry.paths
        let daemon = DaemonPaths(environment: environment)
        var screen = SettingsScreen(connectionName: connection.name,
                                    address: connection.resolved.settings.serverURL.url.absoluteString,
                                    credentialsPath: paths.credentialsDirectory.path)
        screen.appearance = storedAppearance()
        screen.noColorSet = !(environment["NO_COLOR"] ?? "").isEmpty
        screen.paths = [("Connections", paths.connectionsFile.path), ("Tokens", paths.credentialsDirectory.path),
                        ("Cache", paths.databaseFile.path), ("veetd log", daemon.logFile.path)]
        state.settingsScreen = screen
        _ = backend.loadModelSettings()
        // What veetd knows of this connection (a 401 it met in the background), without waiting for it.
        let inbox = backend.inbox, name = connection.name
        Task.detached {
            guard let status = DaemonClient.status(paths: daemon, timeout: 2),
                  status.connections.contains(where: { $0.name == name && $0.awaitsSignIn }) else { return }
            inbox.post(.settings(.daemonSignInNeeded))
        }
    }

    private func handleSettingsScreen(_ key: KeyPress) {
        guard var screen = state.settingsScreen else { return }
        screen.message = ""
        switch key {
        case KeyPress(.escape):
            state.settingsScreen = nil
            return
        case KeyPress(.up), KeyPress(.tab, .shift): screen.move(by: -1)
        case KeyPress(.down), KeyPress(.tab): screen.move(by: 1)
        case KeyPress(.enter):
            switch screen.card {
            case .connection:
                state.settingsScreen = screen
                openConnectionForm(.update(name: connection?.name))
                return
            case .models: saveModels(&screen)
            case .persona:
                state.settingsScreen = screen
                openPersona()
                return
            case .websiteAccess:
                state.settingsScreen = nil
                openWebsiteScreen()
                return
            case .appearance, .privacy: break
            }
        case KeyPress(.left) where screen.card == .models: screen.cycleChatModel(by: -1)
        case KeyPress(.right) where screen.card == .models: screen.cycleChatModel(by: 1)
        case .char("e") where screen.card == .models: screen.cycleEffort()
        case .char("m") where screen.card == .models: screen.cycleMemory()
        case .char("g") where screen.card == .models:
            screen.modelsMessage = ""
            _ = backend.loadModelSettings()
        case .char("a") where screen.card == .appearance:
            let all = AppearancePreference.allCases.sorted { $0.order < $1.order }
            let index = all.firstIndex(of: screen.appearance.appearance) ?? 0
            screen.appearance.appearance = all[(index + 1) % all.count]
            storeAppearance(screen.appearance)
        case .char("c") where screen.card == .appearance:
            let index = AppearanceChoice.depths.firstIndex { $0 == screen.appearance.depth } ?? 0
            screen.appearance.depth = AppearanceChoice.depths[(index + 1) % AppearanceChoice.depths.count]
            storeAppearance(screen.appearance)
        default: break
        }
        state.settingsScreen = screen
    }

    /// Save: the library's rules first (nothing is sent when they refuse), then the write.
    private func saveModels(_ screen: inout SettingsScreen) {
        guard let models = screen.models, let draft = screen.draft, !screen.saving else { return }
        if let refusal = ModelChoiceRules.chatRefusal(draft.chat, in: models)
            ?? ModelChoiceRules.memoryRefusal(draft.memory, in: models) {
            screen.modelsMessage = "\(refusal.description) Nothing was saved."
            return
        }
        guard screen.draftChanged else {
            screen.modelsMessage = "Nothing to save: these are the server's choices."
            return
        }
        screen.saving = true
        screen.modelsMessage = ""
        _ = backend.saveModelSettings(chat: draft.chat, memory: draft.memory, basedOn: models)
    }

    func apply(_ update: SettingsUpdate) {
        guard var screen = state.settingsScreen else { return }
        switch update {
        case .models(let models?):
            screen.show(models)
            screen.modelsHidden = false
        case .models(nil):
            screen.modelsHidden = true
            if screen.card == .models { screen.card = .connection }
        case .modelsSaved(let models):
            screen.saving = false
            screen.show(models)
            screen.modelsMessage = "Saved (version \(models.version))."
        case .modelsReloaded(let models, let why):
            screen.saving = false
            if let models { screen.show(models) }
            screen.modelsMessage = why
        case .message(let text):
            screen.saving = false
            screen.modelsMessage = text
        case .daemonSignInNeeded:
            screen.daemonSignInNeeded = true
        }
        state.settingsScreen = screen
    }

    // MARK: Appearance

    func storedAppearance() -> AppearanceChoice {
        let preferences = backend.store.preferences
        var choice = AppearanceChoice()
        if let raw = try? preferences.value(for: AppearanceChoice.appearanceKey), let value = AppearancePreference(rawValue: raw) {
            choice.appearance = value
        }
        if let raw = try? preferences.value(for: AppearanceChoice.depthKey), let value = ColorCapability(rawValue: raw) {
            choice.depth = value
        }
        return choice
    }

    func storeAppearance(_ choice: AppearanceChoice) {
        let preferences = backend.store.preferences
        try? preferences.set(choice.appearance == .auto ? nil : choice.appearance.rawValue, for: AppearanceChoice.appearanceKey)
        try? preferences.set(choice.depth?.rawValue, for: AppearanceChoice.depthKey)
        apply(choice, environmentFirst: false)
    }

    /// At start-up and after a switch: VEET_APPEARANCE (for one run) wins over the stored look.
    func applyStoredAppearance() {
        let stored = storedAppearance()
        guard stored != AppearanceChoice() else { return }
        apply(stored, environmentFirst: true)
    }

    private func apply(_ choice: AppearanceChoice, environmentFirst: Bool) {
        var preference = choice.appearance
        if environmentFirst, let forced = environment["VEET_APPEARANCE"].flatMap(AppearancePreference.init(rawValue:)) {
            preference = forced
        }
        let background = terminalBackground
        let appearance = AppearanceResolver.resolve(preference, environment: environment) { background }.appearance
        terminal.restyle(appearance: appearance, capability: choice.effectiveDepth(environment: environment))
    }
}

extension Backend {
    var settings: SettingsAPI { SettingsAPI(sender: api.sender) }

    func loadModelSettings() -> Task<Void, Never> {
        let api = settings
        return Task {
            do {
                inbox.post(.settings(.models(try await api.modelSettingsIfOffered())))
            } catch {
                inbox.post(.settings(.message("Could not read the model settings: \(Self.describe(error))")))
            }
        }
    }

    /// One write, never retried: a 409 and a refused choice come back reloaded, in the library's words.
    func saveModelSettings(chat: ModelChoice, memory: ModelChoice, basedOn current: ModelSettings) -> Task<Void, Never> {
        let api = settings
        return Task {
            do {
                inbox.post(.settings(.modelsSaved(try await api.saveModels(chat: chat, memory: memory, basedOn: current))))
            } catch let conflict as ModelSettingsConflict {
                inbox.post(.settings(.modelsReloaded(conflict.current, conflict.description)))
            } catch let notOffered as ChoiceNotOffered {
                inbox.post(.settings(.modelsReloaded(notOffered.current, notOffered.description)))
            } catch {
                inbox.post(.settings(.message("Not saved: \(Self.describe(error))")))
            }
        }
    }
}
