import Foundation
import Testing
import VeetChat
import VeetTestSupport
import VeetTransport
import VeetWire

/// What the schedules' default agent and `veet approvals list` read: only
/// the owner's conversations, never the sessions the server runs for itself.
@Suite struct OwnersSessionsTests {
    static func session(_ id: String, agent: String, metadata: JSONValue = .object([:])) -> SessionView {
        SessionView(id: id, agentID: agent, agentVersion: "1", metadata: metadata,
                    createdAt: "2026-08-22T18:05:10Z", updatedAt: "2026-08-22T18:05:10Z")
    }

    static let review = session("review", agent: "reviewer", metadata: .object(["run_kind": .string("skill_background_review")]))
    static let audit = session("audit", agent: "people", metadata: .object(["purpose": .string("people-management")]))
    static let mine = session("mine", agent: "general")

    @Test func theLatestOwnersConversationIsFoundBehindTheServersOwn() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions") { request in
            request.queryValue("cursor") == nil
                ? try ChatAPIScriptedTests.answer(Page(items: [Self.review, Self.audit], nextCursor: "older"))
                : try ChatAPIScriptedTests.answer(Page(items: [Self.mine], nextCursor: nil))
        }
        let api = ChatAPI(sender: server.sender)
        #expect(try await api.ownersSessions(limit: 1, pageSize: 2).map(\.id) == ["mine"])
        #expect(try await api.ownersSessions().map(\.agentID) == ["general"])
    }

    @Test func approvalsOfTheServersOwnSessionsAreLeftOut() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/approvals", try ChatAPIScriptedTests.answer(Page(items: [
            ChatServiceSamples.approval("a-review", sessionID: "review"),
            ChatServiceSamples.approval("a-mine", sessionID: "mine"),
            ChatServiceSamples.approval("a-unread", sessionID: "unreadable"),
        ], nextCursor: nil)))
        server.on("GET", "/v1/sessions/review", try ChatAPIScriptedTests.answer(Self.review))
        server.on("GET", "/v1/sessions/mine", try ChatAPIScriptedTests.answer(Self.mine))
        server.on("GET", "/v1/sessions/unreadable", .apiError(404, "not_found"))
        let pending = try await ChatAPI(sender: server.sender, retry: .never).ownersPendingApprovals()
        #expect(pending.map(\.id) == ["a-mine", "a-unread"])
        #expect(server.requests.filter { $0.path.hasPrefix("/v1/sessions/") }.count == 3, "one read per session")
    }
}
