import Foundation
import VeetConsole
import VeetSchedules
import VeetTransport

/// `veet schedules ...`: saved instructions the server runs on a cadence.
struct SchedulesCommand {
    let context: CLIContext

    private static let definitionOptions: [OptionSpec] = [
        .value("title", valueName: "text", help: "The schedule's title."),
        .value("instruction", valueName: "text", help: "What the agent is asked each time."),
        .value("cadence", valueName: "words",
               help: "daily 08:00 | weekly mon,fri 08:00 | monthly 1,last 08:00 | yearly 02-14 08:00 | once <instant>"),
        .value("timezone", valueName: "IANA", help: "Time zone of the cadence (default: this machine's)."),
        .value("agent", valueName: "uuid",
               help: "The agent's UUID (default: your latest conversation's; `veet schedules agents` lists them)."),
        .value("agent-version", valueName: "version",
               help: "The agent version (default: the latest one your conversations used with that agent)."),
        .value("policy-profile", valueName: "name", help: "Policy profile (default: default)."),
        .value("scope", valueName: "scope", help: "A requested scope, such as memory.read.", repeatable: true),
        .value("max-cost", valueName: "decimal", help: "Cost limit per run, such as 0.50."),
    ]

    private static func idArgument() -> [PositionalSpec] { [PositionalSpec("id", help: "The schedule id.")] }
    private static let revisionOption = OptionSpec.value(
        "revision", valueName: "n", help: "The revision you expect (default: the current one, read first).")

    static let spec = CommandSpec(
        name: "schedules",
        summary: "Scheduled conversations: instructions the server runs on a cadence.",
        subcommands: [
            CommandSpec(name: "list", summary: "List schedules.",
                        options: [.value("state", valueName: "STATE", help: "ACTIVE, PAUSED, COMPLETED or CANCELLED.",
                                         repeatable: true)]),
            CommandSpec(name: "show", summary: "Show a schedule: instruction, cadence, next runs.", positionals: idArgument()),
            CommandSpec(name: "create", summary: "Create a schedule.",
                        options: definitionOptions + [.value("key", valueName: "key",
                                                             help: "Idempotency key (default: a new one).")]),
            CommandSpec(name: "edit", summary: "Change a schedule's definition.",
                        options: definitionOptions + [revisionOption], positionals: idArgument()),
            CommandSpec(name: "pause", summary: "Pause a schedule.", options: [revisionOption], positionals: idArgument()),
            CommandSpec(name: "resume", summary: "Resume a paused schedule.", options: [revisionOption],
                        positionals: idArgument()),
            CommandSpec(name: "cancel", summary: "Cancel future runs (a run already started continues).",
                        options: [revisionOption], positionals: idArgument()),
            CommandSpec(name: "runs", summary: "List a schedule's occurrences and their conversations.",
                        positionals: idArgument()),
            agentsSpec,
        ])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let schedules = SchedulesCommand(context: context)
        let api = SchedulesAPI(sender: .live(client: try context.client()))
        let id = command.positionals.first ?? ""
        do {
            switch command.path {
            case ["schedules", "list"]: return try await schedules.list(api, command)
            case ["schedules", "show"]: return try await schedules.show(api.read(id: id))
            case ["schedules", "create"]: return try await schedules.create(api, command)
            case ["schedules", "edit"]:
                let current = try await api.read(id: id)
                let definition = try schedules.definition(command, base: current.revision.definition)
                return try await schedules.show(api.edit(id: id, expectedRevision: try revision(command, current),
                                                         definition: definition))
            case ["schedules", "pause"]:
                return try await schedules.show(api.pause(id: id, expectedRevision: revision(command, api, id)))
            case ["schedules", "resume"]:
                return try await schedules.show(api.resume(id: id, expectedRevision: revision(command, api, id)))
            case ["schedules", "cancel"]:
                return try await schedules.show(api.cancel(id: id, expectedRevision: revision(command, api, id)))
            case ["schedules", "runs"]: return try await schedules.runs(api, id: id)
            case ["schedules", "agents"]: return try await schedules.agents()
            default:
                return context.fail("veet: schedules needs a subcommand; see `veet help schedules`", .usage)
            }
        } catch let conflict as ScheduleConflict {
            context.err.writeLine("veet: \(conflict.description)")
            if context.json, let current = conflict.current { try JSONOutput.print(current, layout: .compact) }
            return .failure
        } catch let invalid as ScheduleValidationError {
            return context.fail("veet: \(invalid.description)", .failure)
        } catch let refused as ScheduleDefinitionRefused {
            return context.fail("veet: \(refused.description)", .failure)
        } catch let problem as CadenceInput.Problem {
            return context.fail("veet: \(problem.description)", .usage)
        } catch where SchedulesAPI.meansUnavailable(error) && command.path == ["schedules", "list"] {
            return try await context.notOffered("This server does not offer schedules.", .failure)
        }
    }

    private static func revision(_ command: ParsedCommand, _ current: ScheduleRecord) throws -> Int {
        try command.int("revision") ?? current.schedule.currentRevision
    }

    private static func revision(_ command: ParsedCommand, _ api: SchedulesAPI, _ id: String) async throws -> Int {
        if let given = try command.int("revision") { return given }
        return try await api.read(id: id).schedule.currentRevision
    }

    func list(_ api: SchedulesAPI, _ command: ParsedCommand) async throws -> ExitCode {
        let states = Set(command.values("state").map { ScheduleState(raw: $0.uppercased()) })
        let items = try await api.listAll(states: states)
        if context.json {
            try JSONOutput.print(items, layout: .compact)
            return .success
        }
        if items.isEmpty { context.err.writeLine("No schedules.") }
        let style = context.outStyle
        for item in items {
            let cadence = item.cadence.map(CadenceText.describe) ?? ""
            let next = item.nextFireAt.map { "next \($0)" } ?? item.state.rawValue
            context.out.writeLine("\(style.emphasis(ServerText.line(item.title)))  \(cadence)  \(style.dim(next))")
            context.out.writeLine(style.dim("  \(item.id)  \(item.state.rawValue)  revision \(item.currentRevision)"))
        }
        return .success
    }

    func show(_ record: ScheduleRecord) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(record, layout: .compact)
            return .success
        }
        let style = context.outStyle
        let schedule = record.schedule, definition = record.revision.definition
        context.out.writeLine(style.emphasis(ServerText.line(definition.title)))
        var state = schedule.state.rawValue
        if let reason = schedule.pauseReason { state += " (\(reason == "failure_limit" ? "too many failures" : reason))" }
        context.out.writeLine("\(state)  revision \(schedule.currentRevision)  \(style.dim(schedule.id))")
        context.out.writeLine(CadenceText.describe(definition.cadence))
        let formatter = ISO8601DateFormatter()
        let upcoming = FireTimes.upcoming(record, now: Date()).map(formatter.string)
        if !upcoming.isEmpty { context.out.writeLine("Next runs: \(upcoming.joined(separator: ", "))") }
        context.out.writeLine("")
        context.out.writeLine(definition.instruction)
        return .success
    }

    func create(_ api: SchedulesAPI, _ command: ParsedCommand) async throws -> ExitCode {
        // A missing title, instruction or cadence is said before the history is read for the agent.
        _ = try definition(command, base: nil, agent: (id: "", version: ""))
        guard let agent = try await chooseAgent(command) else { return .usage }
        let definition = try self.definition(command, base: nil, agent: agent)
        let key = command.value("key").flatMap(IdempotencyKey.init(rawValue:)) ?? IdempotencyKey()
        return try show(await api.create(definition, idempotencyKey: key))
    }

    func runs(_ api: SchedulesAPI, id: String) async throws -> ExitCode {
        let page = try await api.occurrences(id: id, limit: 50)
        if context.json {
            try JSONOutput.print(page.items, layout: .compact)
            return .success
        }
        if page.items.isEmpty { context.err.writeLine("No runs yet.") }
        let style = context.outStyle
        for occurrence in page.items {
            let target = occurrence.sessionID.map { "conversation \($0)" + (occurrence.runID.map { " · run \($0)" } ?? "") }
                ?? occurrence.reasonCode ?? (occurrence.linksErasedAt != nil ? "conversation deleted" : "")
            context.out.writeLine("\(occurrence.nominalFireAt)  \(occurrence.disposition.rawValue)  \(style.dim(target))")
        }
        return .success
    }

    /// A definition from the options, on top of `base` for an edit.
    /// `agent` is the one `chooseAgent` settled on (create); an edit keeps the base's unless given.
    func definition(_ command: ParsedCommand, base: ScheduleDefinition?,
                    agent: (id: String, version: String)? = nil) throws -> ScheduleDefinition {
        func required(_ name: String, _ fallback: String?) throws -> String {
            if let value = command.value(name) ?? fallback { return value }
            throw UsageError(.missingOption("--\(name)"), path: command.path)
        }
        let timezone = command.value("timezone") ?? base?.cadence.timezone ?? TimeZone.current.identifier
        let cadence = try command.value("cadence").map { try CadenceInput.parse($0, timezone: timezone) }
        guard let cadence = cadence ?? base?.cadence else {
            throw UsageError(.missingOption("--cadence"), path: command.path)
        }
        var limits = base?.limits ?? ScheduleLimits()
        if let cost = command.value("max-cost") { limits.maxCost = cost }
        let scopes = command.values("scope")
        return ScheduleDefinition(
            title: try required("title", base?.title), instruction: try required("instruction", base?.instruction),
            agentID: try required("agent", agent?.id ?? base?.agentID),
            agentVersion: try required("agent-version", agent?.version ?? base?.agentVersion),
            policyProfile: command.value("policy-profile") ?? base?.policyProfile ?? "default",
            requestedScopes: scopes.isEmpty ? base?.requestedScopes ?? [] : scopes,
            browserProfileID: base?.browserProfileID, limits: limits,
            runTimeoutSeconds: base?.runTimeoutSeconds ?? 900, cadence: cadence,
            misfireGraceSeconds: base?.misfireGraceSeconds ?? 3600,
            maxConsecutiveFailures: base?.maxConsecutiveFailures ?? 3)
    }
}
