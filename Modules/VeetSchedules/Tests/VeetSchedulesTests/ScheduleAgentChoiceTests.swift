import Testing
import VeetSchedules
import VeetTransport

/// Which agent a new schedule runs, on plain values.
@Suite struct ScheduleAgentChoiceTests {
    static let agentA = "0198d6a2-aaaa-7000-8000-000000000001"
    static let agentB = "0198d6a2-bbbb-7000-8000-000000000002"

    static func use(_ session: String, _ agent: String, _ version: String, _ at: String) -> ConversationAgent {
        ConversationAgent(sessionID: session, agentID: agent, agentVersion: version, lastActivity: Timestamp(at))
    }

    static let history = [
        use("s-old", agentA, "1", "2026-08-01T10:00:00Z"),
        use("s-new", agentB, "3", "2026-08-22T18:05:10Z"),
        use("s-mid", agentA, "2", "2026-08-10T09:00:00Z"),
        use("s-blank", "", "", "2026-08-30T00:00:00Z"),
    ]

    @Test func nothingGivenTakesTheLatestConversationsAgentAndVersion() {
        let choice = ScheduleAgentChoice.choose(agentID: nil, agentVersion: nil, history: Self.history)
        #expect(choice == .latestConversation(Self.history[1]))
        #expect(choice.agent?.id == Self.agentB)
        #expect(choice.agent?.version == "3")
        #expect(choice.source?.sessionID == "s-new", "a conversation without an agent lends none")
    }

    @Test func givenBothIsUsedAsIsEvenWithNoHistory() {
        let choice = ScheduleAgentChoice.choose(agentID: Self.agentA, agentVersion: "7", history: [])
        #expect(choice == .given(agentID: Self.agentA, agentVersion: "7"))
        #expect(choice.source == nil)
    }

    @Test func anAgentAloneTakesItsLatestVersion() {
        let choice = ScheduleAgentChoice.choose(agentID: Self.agentA.uppercased(), agentVersion: nil, history: Self.history)
        #expect(choice == .latestVersion(Self.history[2]))
        #expect(choice.agent?.version == "2")
        #expect(ScheduleAgentChoice.choose(agentID: "0198-unknown", agentVersion: nil, history: Self.history)
                == .agentNotSeen(agentID: "0198-unknown"))
    }

    @Test func noConversationOrAVersionAloneAsksTheOwner() {
        #expect(ScheduleAgentChoice.choose(agentID: nil, agentVersion: nil, history: []) == .noConversation)
        #expect(ScheduleAgentChoice.choose(agentID: nil, agentVersion: nil, history: [Self.history[3]]) == .noConversation)
        #expect(ScheduleAgentChoice.choose(agentID: nil, agentVersion: "2", history: Self.history) == .versionWithoutAgent)
        #expect(ScheduleAgentChoice.choose(agentID: "", agentVersion: "", history: []).agent == nil)
    }

    @Test func theAgentsSeenAreListedNewestFirstWithTheirCounts() {
        let more = Self.history + [Self.use("s-mid2", Self.agentA, "2", "2026-08-05T09:00:00Z")]
        let seen = SeenAgent.seen(in: more)
        #expect(seen.map(\.agentVersion) == ["3", "2", "1"])
        #expect(seen.map(\.agentID) == [Self.agentB, Self.agentA, Self.agentA])
        #expect(seen.map(\.conversations) == [1, 2, 1])
        #expect(seen[1].latestSessionID == "s-mid")
        #expect(SeenAgent.seen(in: []).isEmpty)
    }
}
