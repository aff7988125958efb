import Foundation
import VeetCurses
import VeetDaemonProtocol
import VeetSettings
import VeetSettingsScreens
import VeetSurfaces
import VeetTokens

/// The shell's side of Settings (F8; the screen is VeetSettingsScreens'): mounting it with what
/// only the shell knows, what it routes back, and the stored appearance applied at once.
extension ChatScreen {
    /// The Data & Privacy card's way to clear the cache: the shell's programs and commands.
    nonisolated static let cacheAdvice = "To clear the local cache: quit veet-tui, stop veetd (veet daemon stop), check that "
        + "`veet outbox list` is empty, then delete the cache file and its -wal and -shm files; "
        + "it is rebuilt from the server. Connections and tokens stay."

    /// F8 and F9 over the chat (over Settings, the screen takes them and routes F9 back).
    func handleSettingsKeys(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        if key == KeyPress(.function(9)) { openConnectionsMenu(); return true }
        if key == KeyPress(.function(8)) { openSettings(); return true }
        return false
    }

    func openSettings() {
        guard let connection else { return }
        let paths = connection.registry.paths
        let daemon = DaemonPaths(environment: environment)
        var screen = SettingsScreen(connectionName: connection.name,
                                    address: connection.resolved.settings.serverURL.url.absoluteString,
                                    credentialsPath: paths.credentialsDirectory.path, keptPersona: state.keptPersona)
        screen.appearance = storedAppearance()
        screen.noColorSet = !(environment["NO_COLOR"] ?? "").isEmpty
        screen.paths = [("Connections", paths.connectionsFile.path), ("Tokens", paths.credentialsDirectory.path),
                        ("Cache", paths.databaseFile.path), ("veetd log", daemon.logFile.path)]
        screen.build = TUIBuild.build
        screen.cacheAdvice = Self.cacheAdvice
        screen.commit = TUIBuild.commit
        screen.surfaces = .loading
        mount(screen, work: settingsWork())
    }

    /// The screen's work on this backend; veetd asked what it knows of this connection (a 401 it met in the background).
    /// The Messaging surfaces card's line is the surfaces feature's, composed here (the Settings face does not know it).
    private func settingsWork() -> SettingsScreenWork {
        let daemon = DaemonPaths(environment: environment), name = connection?.name
        let surfaces = SurfacesAPI(sender: backend.api.sender)
        return SettingsScreenWork(api: SettingsAPI(sender: backend.api.sender), daemonNeedsSignIn: {
            guard let status = DaemonClient.status(paths: daemon, timeout: 2) else { return false }
            return status.connections.contains { $0.name == name && $0.awaitsSignIn }
        }, surfaces: {
            let glance = await SurfacesGlance.read(surfaces)
            return SurfacesCard(line: glance.line, opens: glance.offered)
        }, describe: Backend.describe)
    }

    /// Signed in again from the Connection card: the open screen's work moves to the new backend and says so.
    func settingsSignedInAgain(_ notice: String) {
        guard let mounted = state.featureScreen, let screen = mounted.screen as? SettingsScreen else { return }
        nextMount += 1
        let fresh = MountedScreen(screen, work: settingsWork(), mount: nextMount)
        state.featureScreen = fresh
        applyScreenResult(SettingsScreenResult.signedInAgain(notice), mount: fresh.mount)
    }

    func resolve(_ route: SettingsScreenRoute) {
        switch route {
        case .updateConnection: openConnectionForm(.update(name: connection?.name))
        case .openConnections: openConnectionsMenu()
        case .openWebsiteAccess: openWebsiteScreen()
        case .openSurfaces: openSurfaces()
        case .appearance(let choice): storeAppearance(choice)
        case .keepPersona(let page): state.keptPersona = page
        }
    }

    // MARK: Appearance

    func storedAppearance() -> AppearanceChoice {
        let preferences = backend.store.preferences
        return AppearanceChoice { try? preferences.value(for: $0) }
    }

    func storeAppearance(_ choice: AppearanceChoice) {
        let preferences = backend.store.preferences
        for (key, value) in choice.stored { try? preferences.set(value, for: key) }
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
