import Foundation

/// How forgetting a connection went on the server's side; the local side is always forgotten.
public enum ForgetOutcome: Sendable, Hashable {
    /// The device was revoked, then the connection forgotten.
    case revokedAndForgot
    /// No device was registered, so there was nothing to revoke.
    case forgotWithoutDevice
    /// Revoking failed (offline, signed out, feature off…); the connection was forgotten anyway.
    case forgotAfterRevokeFailed(String)
}

/// Forgetting a connection first tries to revoke its device (so the server
/// stops routing alerts to it), and forgets locally whatever that answers.
/// Only an error from `forgetLocally` itself is thrown.
public func forgetConnection(deviceID: String?, revoke: (String) async throws -> Void,
                             forgetLocally: () async throws -> Void) async throws -> ForgetOutcome {
    var outcome = ForgetOutcome.forgotWithoutDevice
    if let deviceID {
        do {
            try await revoke(deviceID)
            outcome = .revokedAndForgot
        } catch {
            outcome = .forgotAfterRevokeFailed(String(describing: error))
        }
    }
    try await forgetLocally()
    return outcome
}
