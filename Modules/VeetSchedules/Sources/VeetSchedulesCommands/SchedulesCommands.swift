import Foundation
import VeetConsole
import VeetSchedules
import VeetTransport

/// `veet schedules ...`: saved instructions the server runs on a cadence. A
/// server without schedules is told plainly (exit 1, `not_offered`) on `list`.
///
/// A new schedule runs the agent of the owner's latest conversation unless
/// `--agent` says otherwise: the app hands in `conversations` (the owner's
/// conversations with their agents, read by the chat feature; `all` asks for
/// the whole history rather than the latest page) and VeetSchedules' rule chooses.
public struct SchedulesCommands: CommandGroup {
    let api: SchedulesAPI
    let conversations: @Sendable (_ all: Bool) async throws -> [ConversationAgent]

    public init(api: SchedulesAPI, conversations: @escaping @Sendable (_ all: Bool) async throws -> [ConversationAgent]) {
        self.api = api
        self.conversations = conversations
    }

    static let id = Argument("id", help: "The schedule id.")
    static let state = ValueOption("state", valueName: "STATE", help: "ACTIVE, PAUSED, COMPLETED or CANCELLED.",
                                   repeatable: true)
    static let title = ValueOption("title", valueName: "text", help: "The schedule's title.")
    static let instruction = ValueOption("instruction", valueName: "text", help: "What the agent is asked each time.")
    static let cadence = ValueOption(
        "cadence", valueName: "words",
        help: "daily 08:00 | weekly mon,fri 08:00 | monthly 1,last 08:00 | yearly 02-14 08:00 | once <instant>")
    static let timezone = ValueOption("timezone", valueName: "IANA", help: "Time zone of the cadence (default: this machine's).")
    static let agent = ValueOption(
        "agent", valueName: "uuid",
        help: "The agent's UUID (default: your latest conversation's; `veet schedules agents` lists them).")
    static let agentVersion = ValueOption(
        "agent-version", valueName: "version",
        help: "The agent version (default: the latest one your conversations used with that agent).")
    static let policyProfile = ValueOption("policy-profile", valueName: "name", help: "Policy profile (default: default).")
    static let scope = ValueOption("scope", valueName: "scope", help: "A requested scope, such as memory.read.",
                                   repeatable: true)
    static let maxCost = ValueOption("max-cost", valueName: "decimal", help: "Cost limit per run, such as 0.50.")
    static let key = ValueOption("key", valueName: "key", help: "Idempotency key (default: a new one).")
    static let revision = ValueOption("revision", valueName: "n",
                                      help: "The revision you expect (default: the current one, read first).")

    private static let definitionOptions = [title, instruction, cadence, timezone, agent, agentVersion, policyProfile,
                                            scope, maxCost].map(\.spec)

    public static let spec = CommandSpec(
        name: "schedules",
        summary: "Scheduled conversations: instructions the server runs on a cadence.",
        subcommands: [
            CommandSpec(name: "list", summary: "List schedules.", options: [state.spec]),
            CommandSpec(name: "show", summary: "Show a schedule: instruction, cadence, next runs.", positionals: [id.spec]),
            CommandSpec(name: "create", summary: "Create a schedule.", options: definitionOptions + [key.spec]),
            CommandSpec(name: "edit", summary: "Change a schedule's definition.",
                        options: definitionOptions + [revision.spec], positionals: [id.spec]),
            CommandSpec(name: "pause", summary: "Pause a schedule.", options: [revision.spec], positionals: [id.spec]),
            CommandSpec(name: "resume", summary: "Resume a paused schedule.", options: [revision.spec],
                        positionals: [id.spec]),
            CommandSpec(name: "cancel", summary: "Cancel future runs (a run already started continues).",
                        options: [revision.spec], positionals: [id.spec]),
            CommandSpec(name: "runs", summary: "List a schedule's occurrences and their conversations.",
                        positionals: [id.spec]),
            CommandSpec(name: "agents", summary: "List the agents (and versions) of your conversations, newest first."),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = SchedulesCommandRun(api: api, conversations: conversations, console: console)
        let id = command.argument(Self.id)
        let program = console.programName
        do {
            switch command.path {
            case ["schedules", "list"]: return try await run.list(command)
            case ["schedules", "show"]: return try run.show(await api.read(id: id))
            case ["schedules", "create"]: return try await run.create(command)
            case ["schedules", "edit"]:
                let current = try await api.read(id: id)
                let definition = try run.definition(command, base: current.revision.definition)
                return try run.show(await api.edit(id: id, expectedRevision: try Self.revision(command, current),
                                                   definition: definition))
            case ["schedules", "pause"]:
                return try run.show(await api.pause(id: id, expectedRevision: revision(command, id)))
            case ["schedules", "resume"]:
                return try run.show(await api.resume(id: id, expectedRevision: revision(command, id)))
            case ["schedules", "cancel"]:
                return try run.show(await api.cancel(id: id, expectedRevision: revision(command, id)))
            case ["schedules", "runs"]: return try await run.runs(id: id)
            case ["schedules", "agents"]: return try await run.agents()
            default:
                throw CommandFailure("\(program): schedules needs a subcommand; see `\(program) help schedules`",
                                     exitCode: .usage)
            }
        } catch let conflict as ScheduleConflict {
            console.err.writeLine("\(program): \(conflict.description)")
            if console.json, let current = conflict.current { try console.printJSON(current) }
            return .failure
        } catch let invalid as ScheduleValidationError {
            throw CommandFailure("\(program): \(invalid.description)")
        } catch let refused as ScheduleDefinitionRefused {
            throw CommandFailure("\(program): \(refused.description)")
        } catch let problem as CadenceInput.Problem {
            throw CommandFailure("\(program): \(problem.description)", exitCode: .usage)
        } catch where SchedulesAPI.meansUnavailable(error) && command.path == ["schedules", "list"] {
            throw CommandFailure("This server does not offer schedules.", kind: "not_offered", cause: error)
        }
    }

    private static func revision(_ command: ParsedCommand, _ current: ScheduleRecord) throws -> Int {
        try command.int(Self.revision) ?? current.schedule.currentRevision
    }

    private func revision(_ command: ParsedCommand, _ id: String) async throws -> Int {
        if let given = try command.int(Self.revision) { return given }
        return try await api.read(id: id).schedule.currentRevision
    }
}
