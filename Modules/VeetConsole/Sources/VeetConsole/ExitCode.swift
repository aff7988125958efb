#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's exit statuses. They are a stable interface for scripts;
/// docs/cli.md mirrors this table, and a new status is added, never renumbered.
///
/// | Code | Name               | Meaning                                                        |
/// |------|--------------------|----------------------------------------------------------------|
/// | 0    | `success`          | The command did what was asked.                                |
/// | 1    | `failure`          | A failure with no more specific code.                          |
/// | 2    | `usage`            | The command line was wrong (unknown option, missing argument). |
/// | 3    | `notSignedIn`      | No credentials, or the server refused them (401) or the action (403). |
/// | 4    | `notFound`         | The named thing does not exist (404).                          |
/// | 5    | `runFailed`        | The agent run ended in failure.                                |
/// | 6    | `runCancelled`     | The agent run was cancelled.                                   |
/// | 7    | `needsInteraction` | An approval or answer is needed, but there is no terminal to ask on. |
/// | 8    | `transport`        | The server could not be reached (network, TLS, proxy, timeout). |
/// | 9    | `server`           | The server failed (5xx) or answered with something invalid.    |
/// | 10   | `notVerified`      | Not sent: the send approval could not be verified against the reviewed message. |
/// | 130  | `interrupted`      | Interrupted by Ctrl-C (SIGINT), as shells report it.           |
public struct ExitCode: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let success = ExitCode(rawValue: 0)
    public static let failure = ExitCode(rawValue: 1)
    public static let usage = ExitCode(rawValue: 2)
    public static let notSignedIn = ExitCode(rawValue: 3)
    public static let notFound = ExitCode(rawValue: 4)
    public static let runFailed = ExitCode(rawValue: 5)
    public static let runCancelled = ExitCode(rawValue: 6)
    public static let needsInteraction = ExitCode(rawValue: 7)
    public static let transport = ExitCode(rawValue: 8)
    public static let server = ExitCode(rawValue: 9)
    /// Review & Send refused: the approval's message is not provably the one reviewed, so nothing was sent.
    public static let notVerified = ExitCode(rawValue: 10)
    public static let interrupted = ExitCode(rawValue: 130)

    /// Every documented status with its name and meaning, in table order, so
    /// a test can check docs/cli.md against it.
    public static let documented: [(code: ExitCode, name: String, meaning: String)] = [
        (.success, "success", "The command did what was asked."),
        (.failure, "failure", "A failure with no more specific code."),
        (.usage, "usage", "The command line was wrong (unknown option, missing argument)."),
        (.notSignedIn, "notSignedIn", "No credentials, or the server refused them (401)."),
        (.notFound, "notFound", "The named thing does not exist (404)."),
        (.runFailed, "runFailed", "The agent run ended in failure."),
        (.runCancelled, "runCancelled", "The agent run was cancelled."),
        (.needsInteraction, "needsInteraction",
         "An approval or answer is needed, but there is no terminal to ask on."),
        (.transport, "transport", "The server could not be reached (network, TLS, timeout)."),
        (.server, "server", "The server failed (5xx) or answered with something invalid."),
        (.notVerified, "notVerified",
         "Not sent: the send approval could not be verified against the reviewed message."),
        (.interrupted, "interrupted", "Interrupted by Ctrl-C (SIGINT), as shells report it."),
    ]

    public var description: String { String(rawValue) }

    /// Ends the process with this status.
    public func exitProcess() -> Never {
        exit(rawValue)
    }
}
