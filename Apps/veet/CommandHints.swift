import VeetChat
import VeetStore
import VeetTransport

/// Library errors state the facts (what is missing, which outbox entry);
/// the CLI adds the `veet` command that fixes them.
enum CommandHints {
    /// The error's text with the command that acts on it, or its plain text
    /// when no command does.
    static func message(for error: any Error) -> String {
        switch error {
        case let api as APIError where api.refusal == .signInAgain:
            "\(api.summary) Sign in again with `veet connect`. \(api.reference)"
        case let resolution as ConnectionResolutionError:
            "\(resolution) \(hint(for: resolution))"
        case let held as OutboxHeldError:
            "\(held.summary): `veet outbox retry \(held.entryID)` sends it again with the same key, "
                + "`veet outbox discard \(held.entryID)` drops it."
        case let refused as OutboxRefusedError:
            "\(refused.summary) until `veet outbox discard \(refused.entryID)`."
        default:
            String(describing: error)
        }
    }

    static func hint(for resolution: ConnectionResolutionError) -> String {
        switch resolution {
        case .notConnected: "Run `veet connect https://your-server` (or set VEET_URL and VEET_TOKEN)."
        case .unknownConnection: "`veet connections list` shows them."
        case .noToken: "Run `veet connect` again or set VEET_TOKEN."
        }
    }
}
