import Foundation
import VeetCalls
import VeetConsole
import VeetTransport

/// `veet calls ...`: the phone calls the agent placed or answered. A server without
/// calls is told plainly on every subcommand (exit 1, `not_offered`).
public struct CallsCommands: CommandGroup {
    let api: CallsAPI

    public init(api: CallsAPI) {
        self.api = api
    }

    static let id = Argument("id", help: "The call id (from `veet calls list`).")
    static let yes = Flag("yes", help: "Delete without asking.")

    public static let spec = CommandSpec(
        name: "calls",
        summary: "Phone calls the agent placed or answered: results, transcripts, stop, delete.",
        discussion: """
            The agent places a call only inside a conversation, after you approve it. What the other \
            party said is unverified third-party text, printed as plain text.
            """,
        examples: [CommandExample("veet calls list"), CommandExample("veet calls show ID --json"),
                   CommandExample("veet calls delete ID --yes")],
        subcommands: [
            CommandSpec(name: "list", summary: "List calls, newest first."),
            CommandSpec(name: "show", summary: "Show a call's result: status, the other party, summary and transcript.",
                        positionals: [id.spec]),
            CommandSpec(name: "stop", summary: "Ask the phone provider to end a call in progress.",
                        discussion: "Exit 1 when the provider did not confirm: the call may still be live; stopping again is safe.",
                        positionals: [id.spec]),
            CommandSpec(name: "delete", summary: "Delete a call's content from Veetbot (the phone provider keeps its own records).",
                        discussion: "Asks first on a terminal; without one, --yes is required. A call in progress must end first.",
                        options: [yes.spec], positionals: [id.spec]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = CallsCommandRun(api: api, console: console)
        let id = command.argument(Self.id)
        let program = console.programName
        do {
            switch command.path {
            case ["calls", "list"]: return try await run.list()
            case ["calls", "show"]: return try run.show(await api.read(id: id))
            case ["calls", "stop"]: return try await run.stop(id)
            case ["calls", "delete"]: return try await run.delete(id, confirmed: command.flag(Self.yes))
            default:
                throw CommandFailure.usage("\(program): calls needs a subcommand; see `\(program) help calls`")
            }
        } catch let error as CallsError {
            throw Self.failure(error, program: program)
        }
    }

    /// The feature's refusals as the CLI reports them.
    static func failure(_ error: CallsError, program: String) -> CommandFailure {
        let line = "\(program): \(error.description)"
        switch error {
        case .notOffered(let answer): return CommandFailure(line, kind: "not_offered", cause: answer)
        case .notFound(_, let answer): return CommandFailure(line, exitCode: .notFound, kind: "not_found", cause: answer)
        case .stillInProgress(_, let answer): return CommandFailure(line, kind: "conflict", cause: answer)
        case .invalidID: return .usage(line)
        }
    }
}
