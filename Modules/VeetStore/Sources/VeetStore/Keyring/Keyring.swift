import Foundation

/// A place for secrets outside our files: the desktop keyring. `Credentials`
/// talks to it through this protocol, so its rules are tested on a stand-in.
public protocol Keyring: Sendable {
    /// Whether the keyring answers now (a session bus and a Secret Service on it).
    func isAvailable() -> Bool
    func store(_ secret: String, connection: String, label: String) throws
    /// nil when the keyring holds no secret for `connection`.
    func lookup(connection: String) throws -> String?
    func remove(connection: String) throws
}

/// What went wrong with the keyring; never carries the secret.
public enum KeyringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token was stored in the keyring, and the keyring cannot be reached now.
    case unavailable(connection: String)
    case failed(operation: String, reason: String)

    public var description: String {
        switch self {
        case .unavailable(let name):
            "The token of \"\(name)\" is in the desktop keyring, and no keyring answers now (no session bus, or the keyring is locked or not running). Log in to the desktop session, or unlock the keyring, and try again."
        case .failed(let operation, let reason):
            "The desktop keyring could not \(operation): \(reason)"
        }
    }
}
