import Foundation
import VeetAccount
import VeetChat
import VeetConsole
import VeetStore
import VeetTransport
import VeetWire
import VeetFolders

/// Turns any error into a plain message on stderr (and a JSON object on
/// stdout with --json) and the documented exit status; the message carries
/// the command that fixes it where there is one (`CommandHints`).
struct ErrorReport: Encodable {
    var kind: String
    let message: String
    var status: Int?
    var code: String?
    var reason: String?
    var requestID: String?
    let exitCode: ExitCode

    enum CodingKeys: String, CodingKey {
        case kind, message, status, code, reason
        case requestID = "request_id"
    }

    init(error: Error) {
        switch error {
        case let api as APIError:
            kind = "api"
            message = CommandHints.message(for: api)
            status = api.status
            code = api.code.rawValue
            reason = api.reason
            requestID = api.requestID
            switch api.refusal {
            case .signInAgain, .notAllowed: exitCode = .notSignedIn
            case .notFound: exitCode = .notFound
            case .serverFailed: exitCode = .server
            default: exitCode = .failure
            }
        case let unknown as UnknownDeviceError:
            kind = "api"
            message = unknown.description
            status = unknown.answer.status
            code = unknown.answer.code.rawValue
            requestID = unknown.answer.requestID
            exitCode = .notFound
        case let refusal as DeviceRefusal:
            kind = "api"
            message = refusal.description
            status = refusal.underlying.status
            code = refusal.underlying.code.rawValue
            reason = refusal.reason
            requestID = refusal.underlying.requestID
            exitCode = .failure
        case let missing as NoVeetbotAPIError:
            kind = "no_api"
            message = missing.description
            status = missing.probeStatus
            exitCode = .transport
        case let transport as TransportError:
            kind = "transport"
            message = transport.description
            exitCode = .transport
        case let stream as RunStreamError:
            kind = "stream"
            message = stream.description
            exitCode = .transport
        case let invalid as InvalidResponseError:
            kind = "invalid_response"
            message = invalid.description
            requestID = invalid.requestID
            exitCode = .server
        case let sse as SSEError:
            kind = "invalid_response"
            message = sse.description
            exitCode = .server
        case let resolution as ConnectionResolutionError:
            message = CommandHints.message(for: resolution)
            if case .unknownConnection = resolution {
                kind = "unknown_connection"
                exitCode = .notFound
            } else {
                kind = "not_connected"
                exitCode = .notSignedIn
            }
        case let settings as ConnectionSettingsError:
            kind = "invalid_address"
            message = settings.description
            exitCode = .usage
        case let file as StoreFileError:
            kind = "local_file"
            message = file.description
            exitCode = .failure
        case let keyring as KeyringError:
            kind = "keyring"
            message = keyring.description
            exitCode = .notSignedIn
        case let migration as KeyringMigrationError:
            kind = "no_keyring"
            message = migration.description
            exitCode = .failure
        case let refused as OutboxRefusedError:
            kind = "outbox_refused"
            message = CommandHints.message(for: refused)
            status = refused.status
            exitCode = refused.refusal == .notFound ? .notFound : .failure
        case let held as OutboxHeldError:
            kind = "outbox_held"
            message = CommandHints.message(for: held)
            exitCode = .failure
        case let store as StoreError:
            kind = "local_store"
            message = "\(store)"
            exitCode = .failure
        case FolderRuleError.unavailable:
            self = ErrorReport(notOffered: FolderRuleError.unavailable.description, exitCode: .failure)
        case let usage as UsageError:
            kind = "usage"
            message = usage.message
            exitCode = .usage
        default:
            kind = "error"
            message = String(describing: error)
            exitCode = .failure
        }
    }

    /// A failure a command found itself (a refusal, a family not offered):
    /// its text as written on stderr, and the server's answer when one caused it.
    init(message: String, exitCode: ExitCode, answer: APIError? = nil) {
        let plain = message.hasPrefix("veet: ") ? String(message.dropFirst(6)) : message
        self.message = plain
        self.exitCode = exitCode
        if let answer {
            kind = "api"
            status = answer.status
            code = answer.code.rawValue
            reason = answer.reason
            requestID = answer.requestID
        } else {
            kind = switch exitCode {
            case .usage: "usage"
            case .notFound: "not_found"
            case .notSignedIn: "not_signed_in"
            case .transport: "transport"
            case .server: "server"
            case .notVerified: "not_verified"
            default: "refused"
            }
        }
    }

    /// A family the server does not offer (docs/cli.md: folders, schedules
    /// and task permissions exit 1).
    init(notOffered message: String, exitCode: ExitCode) {
        self.init(message: message, exitCode: exitCode)
        kind = "not_offered"
    }

    /// With --json, the error object on stdout (the text is on stderr already).
    func printJSON() {
        try? JSONOutput.print(["error": self], layout: .compact)
    }

    @discardableResult
    func print(json: Bool) -> ExitCode {
        Output.standardError.writeLine("veet: \(message)")
        if json { try? JSONOutput.print(["error": self], layout: .compact) }
        return exitCode
    }
}
