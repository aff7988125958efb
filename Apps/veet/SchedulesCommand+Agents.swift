import Foundation
import VeetChat
import VeetConsole
import VeetSchedules
import VeetWire

/// Which agent a schedule runs: `veet schedules agents` lists those seen in the
/// history, and `create` without `--agent` takes the latest conversation's.
/// The history is read through VeetChat and handed to VeetSchedules' rule as plain values.
extension SchedulesCommand {
    static let agentsSpec = CommandSpec(
        name: "agents", summary: "List the agents (and versions) of your conversations, newest first.")

    /// The most recent conversations carry the latest agent: the list comes newest first (`updated_at`).
    private static let latestPageSize = 50

    func agents() async throws -> ExitCode {
        let seen = SeenAgent.seen(in: try await history(all: true))
        if context.json {
            try JSONOutput.print(seen, layout: .compact)
            return .success
        }
        if seen.isEmpty {
            context.err.writeLine("No conversation yet, so no agent has been seen. Start one with `veet chat`.")
        }
        let style = context.outStyle
        for agent in seen {
            let count = agent.conversations == 1 ? "1 conversation" : "\(agent.conversations) conversations"
            context.out.writeLine("\(style.emphasis(agent.agentID))  version \(agent.agentVersion)  \(count)")
            context.out.writeLine(style.dim("  latest \(agent.latestSessionID) at \(agent.latestActivity)"))
        }
        return .success
    }

    /// The agent for a new schedule: as given, or from the latest conversation
    /// (said on stderr); nil after saying what to pass when there is none.
    func chooseAgent(_ command: ParsedCommand) async throws -> (id: String, version: String)? {
        let givenID = command.value("agent"), givenVersion = command.value("agent-version")
        if givenID != nil, givenVersion != nil { return (givenID ?? "", givenVersion ?? "") }
        let choice = ScheduleAgentChoice.choose(agentID: givenID, agentVersion: givenVersion,
                                                history: givenVersion == nil ? try await history(all: givenID != nil) : [])
        let listHint = "`veet schedules agents` lists the agents and versions of your conversations"
        switch choice {
        case .latestConversation(let use):
            context.err.writeLine("Using agent \(use.agentID) version \(use.agentVersion) from your latest conversation "
                                  + "(\(use.sessionID)); pass --agent to choose.")
        case .latestVersion(let use):
            context.err.writeLine("Using version \(use.agentVersion) of agent \(use.agentID), from your latest conversation "
                                  + "with it (\(use.sessionID)); pass --agent-version to choose.")
        case .noConversation:
            context.err.writeLine("veet: there is no conversation yet to take the agent from. Start one with `veet chat` "
                                  + "and create the schedule again, or pass --agent UUID --agent-version N.")
        case .agentNotSeen(let id):
            context.err.writeLine("veet: no conversation of yours used agent \(id), so its version is unknown: "
                                  + "pass --agent-version too (\(listHint)).")
        case .versionWithoutAgent:
            context.err.writeLine("veet: --agent-version needs --agent (\(listHint)).")
        case .given: break
        }
        return choice.agent
    }

    /// The owner's conversations with their agents: the latest ones, or the
    /// whole history. The server's own sessions (a background review, a People
    /// audit) are not the owner's choice of agent: VeetChat leaves them out.
    private func history(all: Bool) async throws -> [ConversationAgent] {
        let api = ChatAPI(sender: .live(client: try context.client()))
        let sessions = all ? try await api.ownersSessions()
            : try await api.ownersSessions(limit: Self.latestPageSize, pageSize: Self.latestPageSize)
        return sessions.map {
            ConversationAgent(sessionID: $0.id, agentID: $0.agentID, agentVersion: $0.agentVersion, lastActivity: $0.updatedAt)
        }
    }
}
