import Foundation
import VeetAccount
import VeetAccountScreens
import VeetChat
import VeetCurses
import VeetDaemonProtocol
import VeetStore
import VeetTransport

/// Opens a connection the way start-up always did: the client, the local
/// store slice named like the CLI's (`name ?? "url:" + url`), veetd's link.
/// Each backend has its own inbox and in-memory artifact cache, so nothing a
/// backend read for one connection reaches the screen of another. A store
/// file that cannot be opened (a read-only folder, a damaged or locked file)
/// does not stop the TUI: it runs on a store in memory, refilled from the
/// server, and says so in a banner (`StoreBanner`).
enum ConnectionOpener {
    static func open(_ resolved: ResolvedConnection, registry: ConnectionRegistry,
                     environment: [String: String]) throws -> (backend: Backend, label: String) {
        let url = resolved.settings.serverURL.url.absoluteString
        let slice = resolved.name ?? "url:\(url)"
        let store: LocalStore
        var storeProblem: String?
        do {
            store = try LocalStore.open(paths: registry.paths, connection: slice, url: url)
        } catch {
            storeProblem = StoreBanner.reason(for: error)
            store = try LocalStore.inMemory(connection: slice, url: url)
        }
        // Making the client sends nothing and costs nothing (no URLSession since the transport speaks HTTP itself).
        let client = HTTPClient(settings: resolved.settings, clientVersion: VeetTransportVersion.current)
        let backend = Backend(client: client, store: store, inbox: Inbox(), broker: PromptBroker(),
                              daemon: DaemonLink(paths: DaemonPaths(environment: environment), connection: resolved.name),
                              storeProblem: storeProblem, diagnostics: DiagnosticLog.open(environment: environment))
        return (backend, label(for: resolved))
    }

    static func label(for resolved: ResolvedConnection) -> String {
        resolved.name ?? (resolved.settings.serverURL.url.host ?? resolved.settings.serverURL.url.absoluteString)
    }

    /// The check `veet connect` makes (a Chat read with the token given), for the connection forms.
    static let checker = ConnectionChecker(verify: { settings in
        switch await ConnectionCheck.check(HTTPClient(settings: settings, clientVersion: VeetTransportVersion.current)) {
        case .accepted: return
        case .tokenRefused(let error): throw error
        case .noVeetbotAPI(let missing): throw missing
        case .failed(let error): throw error
        }
    }, describe: { CommandHints.message(for: $0) })

    /// Forgets a saved connection as `veet connections forget` does (`ConnectionRegistry.forget`: its
    /// device revoked first, then forgotten locally whatever that answered); why the device could not
    /// be revoked, or nil.
    static func forget(_ name: String, registry: ConnectionRegistry) async -> String? {
        do {
            let outcome = try await registry.forget(name) {
                let resolved = try registry.resolve(named: name, environment: [:])
                let url = resolved.settings.serverURL.url.absoluteString
                let store = try LocalStore.open(paths: registry.paths, connection: name, url: url)
                let client = HTTPClient(settings: resolved.settings, clientVersion: VeetTransportVersion.current)
                return DeviceRegistrar(api: AccountAPI(sender: .live(client: client)), settings: store.preferences)
            }
            if case .forgotAfterRevokeFailed(let why) = outcome { return why }
            return nil
        } catch {
            return "forgetting it on this computer failed too: \(error)"
        }
    }
}

/// The first run: no saved connection and no VEET_URL. Its screen (VeetAccountScreens'
/// `FirstRunScreen`) takes the terminal until a connection is saved; nil when the owner leaves.
enum FirstRun {
    @MainActor
    static func run(terminal: TerminalSession, registry: ConnectionRegistry) -> ResolvedConnection? {
        let shell = ScreenShell(terminal: terminal)
        var chosen: ResolvedConnection?
        shell.push(FirstRunScreen(credentialsPath: registry.paths.credentialsDirectory.path),
                   work: FirstRunWork(registry: registry, checker: ConnectionOpener.checker))
        shell.run { route, _ in
            if case .connected(let resolved) = route as? FirstRunScreen.Route { chosen = resolved }
        }
        return chosen
    }
}

/// The connection on screen: what it was resolved from, for switching,
/// signing in again and forgetting.
struct ActiveConnection: Sendable {
    var resolved: ResolvedConnection
    let registry: ConnectionRegistry
    var name: String? { resolved.name }
}

/// What connection work reports to the loop.
enum ConnectionUpdate: Sendable {
    /// A request met 401: the server no longer accepts this connection's token.
    case signInNeeded
    /// The form's check came back: nil means the server accepted the token.
    case checked(refusal: String?)
    /// A connection was forgotten (locally, always); why its device could not be revoked, if it could not.
    case forgot(name: String, revokeProblem: String?)
}
