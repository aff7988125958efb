import Foundation
import VeetConsole
import VeetSchedules
import VeetTransport

/// The `veet schedules` commands' work: reads and writes through `SchedulesAPI`, printed through `Console`.
struct SchedulesCommandRun {
    let api: SchedulesAPI
    let conversations: @Sendable (_ all: Bool) async throws -> [ConversationAgent]
    let console: Console

    /// The most recent conversations carry the latest agent: the list comes newest first (`updated_at`).
    static let latestPageSize = 50

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        let states = Set(command.values(SchedulesCommands.state).map { ScheduleState(raw: $0.uppercased()) })
        let items = try await api.listAll(states: states)
        if console.json {
            try console.printJSON(items)
            return .success
        }
        if items.isEmpty { console.err.writeLine("No schedules.") }
        let style = console.outStyle
        for item in items {
            let cadence = item.cadence.map(CadenceText.describe) ?? ""
            let next = item.nextFireAt.map { "next \($0)" } ?? item.state.rawValue
            console.out.writeLine("\(style.emphasis(ServerText.line(item.title)))  \(cadence)  \(style.dim(next))")
            console.out.writeLine(style.dim("  \(item.id)  \(item.state.rawValue)  revision \(item.currentRevision)"))
        }
        return .success
    }

    func show(_ record: ScheduleRecord) throws -> ExitCode {
        if console.json {
            try console.printJSON(record)
            return .success
        }
        let style = console.outStyle
        let schedule = record.schedule, definition = record.revision.definition
        console.out.writeLine(style.emphasis(ServerText.line(definition.title)))
        var state = schedule.state.rawValue
        if let reason = schedule.pauseReason { state += " (\(reason == "failure_limit" ? "too many failures" : reason))" }
        console.out.writeLine("\(state)  revision \(schedule.currentRevision)  \(style.dim(schedule.id))")
        console.out.writeLine(CadenceText.describe(definition.cadence))
        let formatter = ISO8601DateFormatter()
        let upcoming = FireTimes.upcoming(record, now: Date()).map(formatter.string)
        if !upcoming.isEmpty { console.out.writeLine("Next runs: \(upcoming.joined(separator: ", "))") }
        console.out.writeLine("")
        console.out.writeLine(definition.instruction)
        return .success
    }

    func create(_ command: ParsedCommand) async throws -> ExitCode {
        // A missing title, instruction or cadence is said before the history is read for the agent.
        _ = try definition(command, base: nil, agent: (id: "", version: ""))
        guard let agent = try await chooseAgent(command) else { return .usage }
        let definition = try self.definition(command, base: nil, agent: agent)
        let key = command.value(SchedulesCommands.key).flatMap(IdempotencyKey.init(rawValue:)) ?? IdempotencyKey()
        return try show(await api.create(definition, idempotencyKey: key))
    }

    func runs(id: String) async throws -> ExitCode {
        let page = try await api.occurrences(id: id, limit: 50)
        if console.json {
            try console.printJSON(page.items)
            return .success
        }
        if page.items.isEmpty { console.err.writeLine("No runs yet.") }
        let style = console.outStyle
        for occurrence in page.items {
            let target = occurrence.sessionID.map { "conversation \($0)" + (occurrence.runID.map { " · run \($0)" } ?? "") }
                ?? occurrence.reasonCode ?? (occurrence.linksErasedAt != nil ? "conversation deleted" : "")
            console.out.writeLine("\(occurrence.nominalFireAt)  \(occurrence.disposition.rawValue)  \(style.dim(target))")
        }
        return .success
    }

    /// A definition from the options, on top of `base` for an edit.
    /// `agent` is the one `chooseAgent` settled on (create); an edit keeps the base's unless given.
    func definition(_ command: ParsedCommand, base: ScheduleDefinition?,
                    agent: (id: String, version: String)? = nil) throws -> ScheduleDefinition {
        func required(_ option: ValueOption, _ fallback: String?) throws -> String {
            if let value = command.value(option) ?? fallback { return value }
            throw UsageError(.missingOption("--\(option.spec.long)"), path: command.path)
        }
        let timezone = command.value(SchedulesCommands.timezone) ?? base?.cadence.timezone ?? TimeZone.current.identifier
        let cadence = try command.value(SchedulesCommands.cadence).map { try CadenceInput.parse($0, timezone: timezone) }
        guard let cadence = cadence ?? base?.cadence else {
            throw UsageError(.missingOption("--cadence"), path: command.path)
        }
        var limits = base?.limits ?? ScheduleLimits()
        if let cost = command.value(SchedulesCommands.maxCost) { limits.maxCost = cost }
        let scopes = command.values(SchedulesCommands.scope)
        return ScheduleDefinition(
            title: try required(SchedulesCommands.title, base?.title),
            instruction: try required(SchedulesCommands.instruction, base?.instruction),
            agentID: try required(SchedulesCommands.agent, agent?.id ?? base?.agentID),
            agentVersion: try required(SchedulesCommands.agentVersion, agent?.version ?? base?.agentVersion),
            policyProfile: command.value(SchedulesCommands.policyProfile) ?? base?.policyProfile ?? "default",
            requestedScopes: scopes.isEmpty ? base?.requestedScopes ?? [] : scopes,
            browserProfileID: base?.browserProfileID, limits: limits,
            runTimeoutSeconds: base?.runTimeoutSeconds ?? 900, cadence: cadence,
            misfireGraceSeconds: base?.misfireGraceSeconds ?? 3600,
            maxConsecutiveFailures: base?.maxConsecutiveFailures ?? 3)
    }

    // MARK: Agents

    /// `veet schedules agents`: the agents seen in the whole history, newest first.
    func agents() async throws -> ExitCode {
        let seen = SeenAgent.seen(in: try await conversations(true))
        if console.json {
            try console.printJSON(seen)
            return .success
        }
        if seen.isEmpty {
            console.err.writeLine("No conversation yet, so no agent has been seen. Start one with `veet chat`.")
        }
        let style = console.outStyle
        for agent in seen {
            let count = agent.conversations == 1 ? "1 conversation" : "\(agent.conversations) conversations"
            console.out.writeLine("\(style.emphasis(agent.agentID))  version \(agent.agentVersion)  \(count)")
            console.out.writeLine(style.dim("  latest \(agent.latestSessionID) at \(agent.latestActivity)"))
        }
        return .success
    }

    /// The agent for a new schedule: as given, or from the latest conversation
    /// (said on stderr); nil after saying what to pass when there is none.
    func chooseAgent(_ command: ParsedCommand) async throws -> (id: String, version: String)? {
        let givenID = command.value(SchedulesCommands.agent), givenVersion = command.value(SchedulesCommands.agentVersion)
        if givenID != nil, givenVersion != nil { return (givenID ?? "", givenVersion ?? "") }
        let choice = ScheduleAgentChoice.choose(agentID: givenID, agentVersion: givenVersion,
                                                history: givenVersion == nil ? try await conversations(givenID != nil) : [])
        let listHint = "`veet schedules agents` lists the agents and versions of your conversations"
        switch choice {
        case .latestConversation(let use):
            console.err.writeLine("Using agent \(use.agentID) version \(use.agentVersion) from your latest conversation "
                                  + "(\(use.sessionID)); pass --agent to choose.")
        case .latestVersion(let use):
            console.err.writeLine("Using version \(use.agentVersion) of agent \(use.agentID), from your latest conversation "
                                  + "with it (\(use.sessionID)); pass --agent-version to choose.")
        case .noConversation:
            console.err.writeLine("veet: there is no conversation yet to take the agent from. Start one with `veet chat` "
                                  + "and create the schedule again, or pass --agent UUID --agent-version N.")
        case .agentNotSeen(let id):
            console.err.writeLine("veet: no conversation of yours used agent \(id), so its version is unknown: "
                                  + "pass --agent-version too (\(listHint)).")
        case .versionWithoutAgent:
            console.err.writeLine("veet: --agent-version needs --agent (\(listHint)).")
        case .given: break
        }
        return choice.agent
    }
}
