import Foundation
import VeetConsole
import VeetSurfaces
import VeetTransport

/// `veet surfaces ...`: the messaging bots (Telegram, WhatsApp) connected to the server and
/// who may talk to them. A server without surfaces is told plainly (exit 1, `not_offered`).
public struct SurfacesCommands: CommandGroup {
    let api: SurfacesAPI
    let now: @Sendable () -> Date

    public init(api: SurfacesAPI, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.now = now
    }

    static let surface = Argument("surface", help: "The surface id (from `veet surfaces list`).")
    static let pairing = Argument("pairing", help: "The pairing id (from `veet surfaces pairings`).")
    static let scope = ValueOption("scope", valueName: "scope",
                                   help: "A scope the paired chat gets (default: the chat set: run.write, run.read, "
                                       + "run.cancel, approval.read, approval.resolve).", repeatable: true)
    static let label = ValueOption("label", valueName: "text", help: "A note kept with the code, such as which phone.")
    static let yes = Flag("yes", help: "Do not ask.")

    public static let spec = CommandSpec(
        name: "surfaces",
        summary: "Messaging surfaces (Telegram, WhatsApp): who may talk to the agent there.",
        discussion: """
            A surface ignores everyone until you pair a sender: `pair` prints a one-time code, \
            which you send as /pair CODE to the bot from your own direct chat.
            """,
        examples: [CommandExample("veet surfaces list"), CommandExample("veet surfaces pair SURFACE --label \"my phone\""),
                   CommandExample("veet surfaces revoke PAIRING --yes")],
        subcommands: [
            CommandSpec(name: "list", summary: "List the messaging surfaces."),
            CommandSpec(name: "pairings", summary: "List who is paired with a surface (active and revoked).",
                        positionals: [surface.spec]),
            CommandSpec(name: "pair", summary: "Make a one-time pairing code (shown once, never kept).",
                        options: [scope.spec, label.spec], positionals: [surface.spec]),
            CommandSpec(name: "revoke", summary: "Stop a paired sender at once (the row stays as history).",
                        discussion: "Asks first on a terminal; without one, --yes is required.",
                        options: [yes.spec], positionals: [pairing.spec]),
            CommandSpec(name: "delete", summary: "Remove a revoked pairing from the list.",
                        discussion: "Asks first on a terminal; without one, --yes is required. Revoke first.",
                        options: [yes.spec], positionals: [pairing.spec]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = SurfacesCommandRun(api: api, console: console, now: now)
        let program = console.programName
        do {
            switch command.path {
            case ["surfaces", "list"]: return try await run.list()
            case ["surfaces", "pairings"]: return try await run.pairings(command.argument(Self.surface))
            case ["surfaces", "pair"]:
                let scopes = command.values(Self.scope)
                let request = try PairingRequest(grantedScopes: scopes.isEmpty ? PairingRequest.chatScopes : scopes,
                                                 label: command.value(Self.label))
                return try await run.pair(command.argument(Self.surface), request)
            case ["surfaces", "revoke"]:
                return try await run.revoke(command.argument(Self.pairing), confirmed: command.flag(Self.yes))
            case ["surfaces", "delete"]:
                return try await run.delete(command.argument(Self.pairing), confirmed: command.flag(Self.yes))
            default:
                throw CommandFailure.usage("\(program): surfaces needs a subcommand; see `\(program) help surfaces`")
            }
        } catch let error as SurfacesError {
            throw Self.failure(error, program: program)
        }
    }

    /// The feature's refusals as the CLI reports them.
    static func failure(_ error: SurfacesError, program: String) -> CommandFailure {
        let line = "\(program): \(error.description)"
        switch error {
        case .notOffered(let answer): return CommandFailure(line, kind: "not_offered", cause: answer)
        case .surfaceNotFound(_, let answer), .pairingNotFound(_, let answer):
            return CommandFailure(line, exitCode: .notFound, kind: "not_found", cause: answer)
        case .scopeCeiling(let answer), .codeAlreadyIssued(let answer), .pairingActive(let answer):
            return CommandFailure(line, kind: "conflict", cause: answer)
        case .invalidID, .invalidRequest: return .usage(line)
        }
    }
}
