import Foundation
import VeetTransport

/// One conversation's agent, as an app hands it over (it reads the history
/// through the chat feature; this feature does not import it).
public struct ConversationAgent: Sendable, Hashable {
    public var sessionID: String
    public var agentID: String
    public var agentVersion: String
    /// The conversation's last activity (`updated_at`).
    public var lastActivity: Timestamp

    public init(sessionID: String, agentID: String, agentVersion: String, lastActivity: Timestamp) {
        self.sessionID = sessionID
        self.agentID = agentID
        self.agentVersion = agentVersion
        self.lastActivity = lastActivity
    }

    /// A conversation the server named no agent for cannot lend one.
    var isUsable: Bool { !agentID.isEmpty && !agentVersion.isEmpty }
}

/// An agent and version seen in the history, newest first.
public struct SeenAgent: Sendable, Hashable, Encodable {
    public var agentID: String
    public var agentVersion: String
    /// Conversations held with this agent and version.
    public var conversations: Int
    public var latestSessionID: String
    public var latestActivity: Timestamp

    enum CodingKeys: String, CodingKey {
        case agentID = "agent_id", agentVersion = "agent_version", conversations
        case latestSessionID = "latest_session_id", latestActivity = "latest_activity_at"
    }

    /// Every agent and version in `history`, the most recently used first.
    public static func seen(in history: [ConversationAgent]) -> [SeenAgent] {
        var byAgent: [String: SeenAgent] = [:]
        for use in ScheduleAgentChoice.newestFirst(history) {
            let key = use.agentID + "\u{0}" + use.agentVersion
            if var seen = byAgent[key] {
                seen.conversations += 1
                byAgent[key] = seen
            } else {
                byAgent[key] = SeenAgent(agentID: use.agentID, agentVersion: use.agentVersion, conversations: 1,
                                         latestSessionID: use.sessionID, latestActivity: use.lastActivity)
            }
        }
        return byAgent.values.sorted {
            $0.latestActivity != $1.latestActivity ? $0.latestActivity > $1.latestActivity
                : ($0.agentID, $0.agentVersion) < ($1.agentID, $1.agentVersion)
        }
    }
}

/// Which agent a new schedule runs: the one the owner named, else the agent
/// (and version) of the owner's latest conversation.
public enum ScheduleAgentChoice: Sendable, Hashable {
    /// Both were given.
    case given(agentID: String, agentVersion: String)
    /// Nothing was given: the latest conversation's agent and version.
    case latestConversation(ConversationAgent)
    /// Only the agent was given: its version in the latest conversation with it.
    case latestVersion(ConversationAgent)
    /// Nothing was given and there is no conversation to take an agent from.
    case noConversation
    /// Only the agent was given, and no conversation used it: its version is unknown.
    case agentNotSeen(agentID: String)
    /// A version alone says nothing about which agent.
    case versionWithoutAgent

    public static func choose(agentID: String?, agentVersion: String?, history: [ConversationAgent]) -> ScheduleAgentChoice {
        let agentID = agentID.flatMap { $0.isEmpty ? nil : $0 }
        let agentVersion = agentVersion.flatMap { $0.isEmpty ? nil : $0 }
        switch (agentID, agentVersion) {
        case let (id?, version?): return .given(agentID: id, agentVersion: version)
        case (nil, _?): return .versionWithoutAgent
        case let (id?, nil):
            // Agent ids are UUIDs: compared without case, as the server does.
            guard let use = newestFirst(history).first(where: { $0.agentID.caseInsensitiveCompare(id) == .orderedSame })
            else { return .agentNotSeen(agentID: id) }
            return .latestVersion(use)
        case (nil, nil):
            guard let latest = newestFirst(history).first else { return .noConversation }
            return .latestConversation(latest)
        }
    }

    /// The agent and version to send, nil when the owner has to say.
    public var agent: (id: String, version: String)? {
        switch self {
        case let .given(id, version): (id, version)
        case .latestConversation(let use), .latestVersion(let use): (use.agentID, use.agentVersion)
        case .noConversation, .agentNotSeen, .versionWithoutAgent: nil
        }
    }

    /// The conversation the choice came from, when it came from one.
    public var source: ConversationAgent? {
        switch self {
        case .latestConversation(let use), .latestVersion(let use): use
        default: nil
        }
    }

    /// Usable conversations, latest activity first (ties: session id, so the order is total).
    static func newestFirst(_ history: [ConversationAgent]) -> [ConversationAgent] {
        history.filter(\.isUsable).sorted {
            $0.lastActivity != $1.lastActivity ? $0.lastActivity > $1.lastActivity : $0.sessionID > $1.sessionID
        }
    }
}
