import Foundation
import Testing
import VeetChat
import VeetTestSupport
import VeetTransport
import VeetWire

/// ChatAPI's own rules (paths, cursors, keys, retries, refusals) on canned answers.
@Suite struct ChatAPIScriptedTests {
    static let awkwardID = "a/b?c%d"
    static let escapedID = "a%2Fb%3Fc%25d"
    /// Retries that are counted, not waited for (the scripted sender's sleeper records them).
    static let retry = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(1), jitter: .none)

    static func api(_ server: ScriptedServer) -> ChatAPI {
        ChatAPI(sender: server.sender, retry: retry)
    }

    static func answer(_ value: some Encodable, status: Int = 200) throws -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"], body: try WireJSON.encoder().encode(value))
    }

    static func session(_ id: String) -> SessionView {
        SessionView(id: id, createdAt: "2026-08-22T18:05:10Z", updatedAt: "2026-08-22T18:05:10Z")
    }

    static func page(_ ids: [String], next: String?) throws -> HTTPResponse {
        try answer(Page(items: ids.map(session), nextCursor: next))
    }

    // MARK: Paths

    @Test func anIDWithASlashOrAQuestionMarkIsOneEscapedSegment() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/*", try Self.answer(Self.session(Self.awkwardID)))
        server.on("GET", "/v1/sessions/*/messages", try Self.answer(Page<SessionMessageView>(items: [])))
        server.on("GET", "/v1/runs/*", .json(["id": Self.awkwardID, "session_id": "s", "status": "RUNNING",
                                             "created_at": "2026-08-22T18:05:10Z", "updated_at": "2026-08-22T18:05:10Z"]))
        server.on("POST", "/v1/approvals/*/resolve", try Self.answer(ChatServiceSamples.approval(Self.awkwardID, status: .denied)))
        server.on("POST", "/v1/sessions/*/messages", .json(["run_id": "r1", "status": "QUEUED"], status: 202))
        let api = Self.api(server)
        _ = try await api.session(id: Self.awkwardID)
        _ = try await api.transcript(sessionID: Self.awkwardID)
        _ = try await api.run(id: Self.awkwardID)
        _ = try await api.resolve(approvalID: Self.awkwardID, decision: .deny)
        _ = try await api.submit(sessionID: Self.awkwardID, content: [.text("hi")], key: IdempotencyKey())
        #expect(server.requests.map(\.path) == [
            "/v1/sessions/\(Self.escapedID)", "/v1/sessions/\(Self.escapedID)/messages", "/v1/runs/\(Self.escapedID)",
            "/v1/approvals/\(Self.escapedID)/resolve", "/v1/sessions/\(Self.escapedID)/messages",
        ])
        #expect(api.events(runID: Self.awkwardID).path == "/v1/runs/\(Self.escapedID)/events")
    }

    // MARK: Cursors

    @Test func theSessionListFollowsCursorsToTheEnd() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions") { request in
            switch request.queryValue("cursor") {
            case nil: try Self.page(["s1", "s2"], next: "c1")
            case "c1": try Self.page(["s3"], next: "c2")
            default: try Self.page(["s4"], next: nil)
            }
        }
        let sessions = try await Self.api(server).allSessions(pageSize: 2)
        #expect(sessions.map(\.id) == ["s1", "s2", "s3", "s4"])
        #expect(server.requests.map { $0.queryValue("cursor") } == [nil, "c1", "c2"])
        #expect(server.requests.allSatisfy { $0.queryValue("limit") == "2" })
    }

    @Test func aRepeatedCursorIsRefusedNotWalkedForever() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions") { request in
            try Self.page([request.queryValue("cursor") ?? "first"], next: "again")
        }
        await #expect(throws: InvalidResponseError.self) { try await Self.api(server).allSessions() }
        #expect(server.requests.count == 2)
    }

    @Test func pendingApprovalsOfAConversationFollowEveryPage() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/approvals") { request in
            request.queryValue("cursor") == nil
                ? try Self.answer(Page(items: [ChatServiceSamples.approval("a1")], nextCursor: "c1"))
                : try Self.answer(Page(items: [ChatServiceSamples.approval("a2")], nextCursor: nil))
        }
        let pending = try await Self.api(server).pendingApprovals(sessionID: "s1")
        #expect(pending.map(\.id) == ["a1", "a2"])
        #expect(server.requests.allSatisfy { $0.queryValue("session_id") == "s1" && $0.queryValue("status") == "pending" })
    }

    @Test func theAccountsPendingApprovalsFollowEveryPageAndALimitStopsEarly() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/approvals") { request in
            request.queryValue("cursor") == nil
                ? try Self.answer(Page(items: [ChatServiceSamples.approval("a1"), ChatServiceSamples.approval("a2")],
                                       nextCursor: "c1"))
                : try Self.answer(Page(items: [ChatServiceSamples.approval("a3")], nextCursor: nil))
        }
        let api = Self.api(server)
        #expect(try await api.pendingApprovals().map(\.id) == ["a1", "a2", "a3"])
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.queryValue("limit") == "200" && $0.queryValue("session_id") == nil })
        #expect(try await api.pendingApprovals(limit: 2).map(\.id) == ["a1", "a2"])
        #expect(server.requests.count == 3)
        #expect(server.requests.last?.queryValue("limit") == "2")
    }

    // MARK: Submitting

    @Test func aSubmitCarriesItsKeyOnEveryRetry() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/sessions/*/messages", sequence: [
            .apiError(503, "unavailable"), .apiError(503, "unavailable"), .json(["run_id": "r1", "status": "QUEUED"], status: 202),
        ])
        let key = IdempotencyKey()
        let outcome = try await Self.api(server).submit(sessionID: "s1", content: [.text("hello")], key: key)
        #expect(outcome == .accepted(SubmitResult(runID: "r1", status: .queued), replayed: false))
        #expect(server.requests.map { $0.header("Idempotency-Key") } == Array(repeating: key.rawValue, count: 3))
        #expect(server.waits.count == 2)
    }

    @Test func aReplayedSubmitIsReportedAsSuch() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/sessions/*/messages", .json(["run_id": "r1", "status": "RUNNING"]))
        let outcome = try await Self.api(server).submit(sessionID: "s1", content: [.text("hello")], key: IdempotencyKey())
        #expect(outcome == .accepted(SubmitResult(runID: "r1", status: .running), replayed: true))
    }

    @Test func anActiveRunConflictAttachesToTheNamedRun() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/sessions/*/messages", .apiError(409, "conflict", reason: "active_run_exists",
                                                               details: ["run_id": "r-busy", "run_status": "WAITING_FOR_APPROVAL"]))
        let outcome = try await Self.api(server).submit(sessionID: "s1", content: [.text("hello")], key: IdempotencyKey())
        #expect(outcome == .activeRunExists(runID: "r-busy", status: .waitingForApproval))
        #expect(outcome.runID == "r-busy")
        #expect(server.requests.count == 1, "a definite answer is not retried")
    }

    @Test func anyOtherConflictIsThrown() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/sessions/*/messages", .apiError(409, "conflict", reason: "idempotency_key_reused"))
        let error = await #expect(throws: APIError.self) {
            try await Self.api(server).submit(sessionID: "s1", content: [.text("hello")], key: IdempotencyKey())
        }
        #expect(error?.reason == "idempotency_key_reused")
    }

    // MARK: Retries

    @Test func aResolveAnswered503Then200IsRetriedWithTheSameBody() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/approvals/*/resolve", sequence: [
            .apiError(503, "unavailable"), try Self.answer(ChatServiceSamples.approval("a1", status: .denied, decision: .deny)),
        ])
        let view = try await Self.api(server).resolve(approvalID: "a1", decision: .deny, reason: "not now")
        #expect(view.status == .denied)
        let bodies = server.requests.map(\.body)
        #expect(bodies.count == 2)
        #expect(bodies[0] == bodies[1])
        #expect(server.requests.first?.jsonObject?["decision"] as? String == "deny")
        #expect(server.requests.first?.jsonObject?["reason"] as? String == "not now")
        #expect(server.waits.count == 1)
    }

    @Test func readsRetryButCreatingAConversationGoesOnce() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/*", sequence: [.apiError(503, "unavailable"), try Self.answer(Self.session("s1"))])
        server.on("POST", "/v1/sessions", .apiError(503, "unavailable"))
        let api = Self.api(server)
        #expect(try await api.session(id: "s1").id == "s1")
        await #expect(throws: APIError.self) { try await api.createSession() }
        #expect(server.requests("POST", "/v1/sessions").count == 1, "without a key a retry could create two")
    }

    @Test func anAnswerWithoutAQuestionIDGoesOnce() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/runs/*/input", sequence: [
            .apiError(503, "unavailable"), .json(["run_id": "r1", "status": "QUEUED"], status: 202),
        ])
        let api = Self.api(server)
        await #expect(throws: APIError.self) { try await api.answer(runID: "r1", questionID: nil, text: "yes") }
        #expect(try await api.answer(runID: "r1", questionID: "q1", text: "yes").runID == "r1")
        #expect(server.requests.count == 2)
    }

    // MARK: Refusals

    @Test func aNotFoundKeepsTheServersCodeAndMessage() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/*", .apiError(404, "not_found", message: "session 0198 was not found"))
        let error = await #expect(throws: APIError.self) { try await Self.api(server).session(id: "0198") }
        #expect(error?.status == 404)
        #expect(error?.code == .notFound)
        #expect(error?.message == "session 0198 was not found")
        #expect(server.requests.count == 1, "a definite answer is not retried")
    }

    // MARK: Approval service (the one resolve path)

    @Test func theApprovalServiceResolvesThroughTheAPIAndMapsRefusals() async throws {
        let server = ScriptedServer()
        let approval = ChatServiceSamples.approval("a1")
        server.on("POST", "/v1/approvals/*/resolve", .apiError(409, "conflict", reason: "approval_already_resolved",
                                                               details: ["decision": "deny"]))
        let service = ApprovalService(api: Self.api(server), connection: ChatServiceSamples.connection)
        var board = ApprovalBoard(scope: service.scope(sessionID: approval.sessionID))
        _ = board.applyRead(Scoped(approval, scope: board.scope))
        let pressed = board.press(.approveOnce, on: "a1")
        let command = try #require(pressed)
        let answer = await service.resolve(command)
        #expect(answer.scope == board.scope)
        #expect(answer.value == .refused(.alreadyResolved(.deny)))
        #expect(server.requests.map(\.path) == ["/v1/approvals/a1/resolve"])
        #expect(server.requests.first?.jsonObject?["decision"] as? String == "approve_once")
    }

    @Test func theApprovalServiceStoresAnAcceptedDecision() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/approvals/*/resolve", sequence: [
            .apiError(503, "unavailable"), try Self.answer(ChatServiceSamples.approval("a1", status: .approved, decision: .approveOnce)),
        ])
        let service = ApprovalService(api: Self.api(server), connection: ChatServiceSamples.connection)
        var board = ApprovalBoard(scope: service.scope(sessionID: ChatServiceSamples.sessionID))
        _ = board.applyRead(Scoped(ChatServiceSamples.approval("a1"), scope: board.scope))
        let pressed = board.press(.approveOnce, on: "a1")
        let command = try #require(pressed)
        guard case .stored(let view) = await service.resolve(command).value else {
            Issue.record("the decision was not stored"); return
        }
        #expect(view.status == .approved)
        #expect(server.requests.count == 2)
    }
}
