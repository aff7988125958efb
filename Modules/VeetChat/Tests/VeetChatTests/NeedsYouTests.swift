import Foundation
import Testing
import VeetChat
import VeetStore
import VeetTestSupport
import VeetTransport
import VeetWire

/// "Needs you": decided on the index and one read of the pending approvals, never a read per run.
@Suite struct NeedsYouTests {
    static func session(_ index: Int, activeRun: Bool = true) -> CachedSession {
        CachedSession(id: "s\(index)", createdAt: "2026-11-30T09:00:00Z", updatedAt: "2026-11-30T09:00:00Z",
                      activeRunID: activeRun ? "r\(index)" : nil)
    }

    static func approval(session: Int, status: String = "PENDING") -> [String: Any] {
        ["id": "a\(session)", "run_id": "r\(session)", "session_id": "s\(session)", "status": status,
         "tool_name": "demo.external_write", "action_summary": "Run it.", "arguments": [:], "risk": "HIGH",
         "policy_reason": "policy.matrix.external_write", "expires_at": NSNull(),
         "created_at": "2026-11-30T09:00:00Z", "resolved_at": NSNull(), "resolved_by": NSNull(), "decision": NSNull()]
    }

    @Test func fiftyActiveRunsCostOneRequest() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/approvals", .json(["items": [Self.approval(session: 3), Self.approval(session: 41)],
                                                 "next_cursor": NSNull()]))
        let index = (0..<50).map { Self.session($0) }
        let needing = try await NeedsYouReader(sender: server.sender).sessions(in: index, questions: QuestionWaits())
        #expect(needing == ["s3", "s41"])
        #expect(server.requests.count == 1)
        let read = try #require(server.requests.first)
        #expect(read.queryValue("status") == "pending")
        #expect(read.queryValue("limit") == "200")
        #expect(read.queryValue("session_id") == nil)
    }

    @Test func aFailedReadIsUnavailableAndKeepsTheLastMarks() async throws {
        let failing = ScriptedServer()
        failing.on("GET", "/v1/approvals", sequence: Array(repeating: .apiError(503, "unavailable"), count: 4))
        let read = await NeedsYouReader(sender: failing.sender, retry: .never).read()
        guard case .unavailable(_, let notOffered) = read else { Issue.record("\(read)"); return }
        #expect(!notOffered)
        let last = [ChatServiceSamples.approval("a3")]
        #expect(read.approvals(keeping: last) == last)

        // A server without the account-wide list: nothing to alarm anyone about, and nothing hidden.
        let older = ScriptedServer()
        older.on("GET", "/v1/approvals", .apiError(404, "not_found"))
        let missing = await NeedsYouReader(sender: older.sender, retry: .never).read()
        #expect(missing.approvals(keeping: last) == last)
        if case .unavailable(_, let notOffered) = missing { #expect(notOffered) } else { Issue.record("\(missing)") }
    }

    @Test func aQuestionCountsWhileTheIndexNamesItsRunActive() throws {
        var waits = QuestionWaits()
        var script = StreamScript(runID: "r2")
        script.persisted("run.waiting_for_user", "\"question_id\":\"q1\",\"suspension\":{\"kind\":\"user_input\",\"question_id\":\"q1\"}")
        var transcript = Transcript(followingRun: "r2")
        for frame in script.frames {
            for change in transcript.applyReportingChanges(frame) { waits.apply(change, runID: "r2", sessionID: "s2") }
        }
        #expect(waits.waitingRun(inSession: "s2") == "r2")
        let index = [Self.session(1), Self.session(2)]
        #expect(NeedsYou.sessions(in: index, pendingApprovals: [], questions: waits) == ["s2"])
        // Once the index has moved on to another run (or none), the old question no longer counts.
        let later = [Self.session(1), CachedSession(id: "s2", createdAt: "x", updatedAt: "x", activeRunID: "r9")]
        #expect(NeedsYou.sessions(in: later, pendingApprovals: [], questions: waits).isEmpty)
        #expect(NeedsYou.sessions(in: [Self.session(2, activeRun: false)], pendingApprovals: [], questions: waits).isEmpty)
    }

    @Test func startingOrBeingClaimedIsNotMovingOn() {
        var waits = QuestionWaits()
        waits.apply(.questionAsked(PendingQuestion(questionID: "q1", text: nil)), runID: "r1", sessionID: "s1")
        waits.apply(.status(.running), runID: "r1", sessionID: "s1")
        #expect(waits.waitingRun(inSession: "s1") == "r1")
        waits.apply(.resumed, runID: "r1", sessionID: "s1")
        #expect(waits.waitingRun(inSession: "s1") == nil)
    }

    @Test func aRunMovingOnEndsItsQuestionWait() throws {
        var waits = QuestionWaits()
        let frames = try recorded("sse-ask-user.txt")
        var transcript = Transcript(followingRun: frames.compactMap(\.runID).first ?? "")
        for frame in frames {
            for change in transcript.applyReportingChanges(frame) {
                waits.apply(change, runID: frame.runID ?? "", sessionID: "s1")
            }
            if frame.type == "run.waiting_for_user" { #expect(waits.waitingRun(inSession: "s1") == frame.runID) }
        }
        // The recording goes on after the answer to the run's end.
        #expect(waits.waitingRun(inSession: "s1") == nil)
    }

    @Test func onlyPendingApprovalsOfIndexedSessionsCount() throws {
        let decoder = JSONDecoder()
        func view(_ object: [String: Any]) throws -> ApprovalView {
            try decoder.decode(ApprovalView.self, from: JSONSerialization.data(withJSONObject: object))
        }
        let pending = try view(Self.approval(session: 1))
        let settled = try view(Self.approval(session: 2, status: "APPROVED"))
        let elsewhere = try view(Self.approval(session: 7))
        let index = [Self.session(1), Self.session(2)]
        #expect(NeedsYou.sessions(in: index, pendingApprovals: [pending, settled, elsewhere], questions: QuestionWaits()) == ["s1"])
    }
}
