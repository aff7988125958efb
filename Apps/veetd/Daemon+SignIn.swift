import Foundation
import VeetStore
import VeetTransport

/// A connection whose server answers 401: the daemon stops sending to it (no
/// sync, outbox delivery, inbox read or run watch), keeps its outbox as it is,
/// logs once, raises one "sign in again" notice and says so in `status`. The
/// next sync after the saved token changed (`veet connect` again, or
/// veet-tui's sign-in) starts it again with the new token.
extension Daemon {
    static let signInAdvice = "sign in again: the server no longer accepts the token"

    static func isUnauthorized(_ error: Error) -> Bool { (error as? APIError)?.refusal == .signInAgain }

    /// The first 401 of a connection: remembered, logged and told once.
    func signInLost(_ name: String) {
        guard let runtime = connections[name], !runtime.signInNeeded else { return }
        connections[name]?.signInNeeded = true
        connections[name]?.lastError = Self.signInAdvice
        log.warn("connection \(name): the server answered 401; nothing more is sent to it until its token is replaced "
                 + "(veet connect \(runtime.url) --name \(name)); the outbox keeps what waits")
        notifier?.showNotice(title: "Sign in again to \(name)",
                             body: "The server no longer accepts this computer's token. Run veet connect or sign in from veet-tui; "
                                 + "unsent messages wait in the outbox.")
    }

    /// The runtime to sync with: as it is, renewed when a new token was saved
    /// since the 401, or nil while the refused token is still the saved one.
    func usableRuntime(_ name: String) -> ConnectionRuntime? {
        guard let runtime = connections[name] else { return nil }
        guard runtime.signInNeeded else { return runtime }
        guard let paths else { return nil }
        let registry = ConnectionRegistry(paths: paths)
        guard let saved = try? registry.load().connections.first(where: { $0.name == name }),
              let token = try? registry.credentials.token(for: name, storage: saved.tokenStorage ?? .file),
              token != runtime.client.settings.token,
              let url = try? ServerURL(validating: saved.url),
              let settings = try? ConnectionSettings(serverURL: url, token: token) else { return nil }
        log.info("connection \(name): a new token was saved; syncing again")
        let renewed = ConnectionRuntime(name: name, url: saved.url, store: runtime.store,
                                        client: HTTPClient(settings: settings, clientVersion: version))
        connections[name] = renewed
        return renewed
    }
}
