import Foundation
import VeetTransport

/// The check the connection forms make before anything is saved (as `veet
/// connect` makes it), in the forms' words. The app hands in the check itself
/// (a read with the token given: it needs a client and a feature's route) and
/// its words for an error; the form says each outcome.
public struct ConnectionChecker: Sendable {
    /// Returns when the server accepted the token; else throws what it found: an `APIError` that
    /// needs sign-in, a `NoVeetbotAPIError`, or the error as it came.
    let verify: @Sendable (ConnectionSettings) async throws -> Void
    /// The app's words for any other error (unreachable, a 5xx).
    let describe: @Sendable (any Error) -> String

    public init(verify: @escaping @Sendable (ConnectionSettings) async throws -> Void,
                describe: @escaping @Sendable (any Error) -> String) {
        self.verify = verify
        self.describe = describe
    }

    /// Nil when the server accepted the token; else why, in the form's words.
    public func refusal(checking settings: ConnectionSettings) async -> String? {
        do {
            try await verify(settings)
            return nil
        } catch {
            return Self.refusal(for: error, describe: describe)
        }
    }

    /// What the form says of a failed check: nothing was saved, whatever it was.
    public static func refusal(for error: any Error, describe: (any Error) -> String) -> String {
        switch error {
        case let answer as APIError where answer.refusal == .signInAgain: "The server did not accept this token; nothing was saved."
        case let missing as NoVeetbotAPIError: "\(missing.description) Nothing was saved."
        default: "\(describe(error)) Nothing was saved."
        }
    }
}
