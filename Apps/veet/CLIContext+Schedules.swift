import VeetChat
import VeetSchedules

/// What `veet schedules` needs of the chat feature: the owner's conversations with
/// their agents, handed to VeetSchedules' command group as plain values.
extension CLIContext {
    /// The latest page of conversations (the newest carry the latest agent), or the whole history
    /// (`all`). The server's own sessions (a background review, a People audit) are not the owner's
    /// choice of agent: VeetChat leaves them out.
    func conversationAgents(all: Bool) async throws -> [ConversationAgent] {
        let api = ChatAPI(sender: .live(client: try client()))
        let latest = 50
        let sessions = all ? try await api.ownersSessions() : try await api.ownersSessions(limit: latest, pageSize: latest)
        return sessions.map {
            ConversationAgent(sessionID: $0.id, agentID: $0.agentID, agentVersion: $0.agentVersion, lastActivity: $0.updatedAt)
        }
    }
}
