import Foundation
import Testing
import VeetTestSupport
import VeetTransport
import VeetWire
@testable import VeetEmail

@Suite struct EmailAPITests {
    /// Every route of docs/wire/email.md §2, with its method and path; ids are escaped,
    /// every write carries a key, and every body holds only documented keys.
    @Test func everyRouteIsReachedWithClosedBodies() async throws {
        let server = ScriptedServer()
        let summary = Wire.thread("t1")
        server.on("GET", "/v1/email/accounts", Wire.page([Wire.account()]))
        server.on("GET", "/v1/email/threads", Wire.page([summary], next: "5"))
        server.on("GET", "/v1/email/threads/*", .json(Wire.detail("t1")))
        server.on("POST", "/v1/email/feedback", .json(["feedback_id": "f1", "thread": summary]))
        server.on("DELETE", "/v1/email/feedback/*", .json(summary))
        server.on("POST", "/v1/email/threads/*/dismiss", .json(summary))
        server.on("POST", "/v1/email/threads/*/discussion", .json(summary))
        server.on("POST", "/v1/email/threads/*/drafts", .json(["draft": Wire.draft(), "run_id": "r", "status": "QUEUED"]))
        server.on("GET", "/v1/email/drafts/*", .json(Wire.draft()))
        server.on("PUT", "/v1/email/drafts/*", .json(Wire.draft(revision: 2)))
        server.on("GET", "/v1/email/drafts/*/revisions", Wire.page([Wire.draft(revision: 2), Wire.draft(revision: 1)]))
        server.on("DELETE", "/v1/email/drafts/*", .json(Wire.draft(status: "discarded")))
        server.on("POST", "/v1/email/drafts/*/send-proposal", .json(["draft": Wire.draft(status: "awaiting_approval"),
                                                                    "run_id": "r"]))
        server.on("POST", "/v1/email/drafts/*/style-example", .json(Wire.learning))
        server.on("POST", "/v1/email/refresh", .json(Wire.operation()))
        server.on("GET", "/v1/email/operations/*", .json(Wire.operation(status: "COMPLETED")))
        server.on("GET", "/v1/email/learning", .json(Wire.learning))
        server.on("PUT", "/v1/email/learning", .json(Wire.learning))
        server.on("POST", "/v1/email/learning/reset", .json(Wire.learning))
        server.on("POST", "/v1/email/threads/*/exclude", .json(["source_id": "abc", "status": "erased",
                                                                "pending_artifacts": 0, "pending_people_cleanup": 0]))
        server.on("POST", "/v1/email/threads/*/archive", .json(Wire.operation()))
        server.on("POST", "/v1/email/threads/*/spam", .json(Wire.operation()))
        server.on("POST", "/v1/email/threads/*/spam-flag", .json(summary))
        let api = Wire.api(server)
        let odd = "a/b c"
        _ = try await api.accounts()
        let page = try await api.threads(ThreadQuery(view: .other, accountID: "work", text: " board "), limit: 500, cursor: "5")
        #expect(page.nextCursor == "5" && page.items.map(\.id) == ["t1"])
        _ = try await api.thread(id: odd)
        _ = try await api.recordFeedback(FeedbackRequest(threadID: "t1", target: .person, judgment: .important,
                                                         targetValue: "ann@example.test", expectedRevision: 1))
        _ = try await api.undoFeedback(id: "f1")
        _ = try await api.setHandled(true, threadID: odd, expectedRevision: 1)
        _ = try await api.openDiscussion(threadID: "t1")
        _ = try await api.generateDraft(threadID: "t1", instruction: "  ")
        _ = try await api.draft(id: "d1")
        _ = try await api.saveDraft(id: "d1", expectedRevision: 1, content: DraftContent(to: ["ann@example.test"], body: "x"))
        #expect(try await api.draftRevisions(id: "d1").map(\.revision) == [1, 2])
        _ = try await api.discardDraft(id: "d1", expectedRevision: 2)
        let proposal = try await api.proposeSend(draftID: "d1", expectedRevision: 2)
        #expect(proposal.approvalID == nil && proposal.status == nil)
        _ = try await api.endorseStyleExample(draftID: "d1", expectedRevision: 2)
        _ = try await api.refresh()
        _ = try await api.operation(id: "op1")
        _ = try await api.learning()
        _ = try await api.setLearningPaused(true)
        _ = try await api.resetLearning(.style)
        _ = try await api.exclude(threadID: "t1", expectedRevision: 1)
        _ = try await api.setArchived(true, threadID: "t1", expectedRevision: 1)
        _ = try await api.setSpam(true, threadID: "t1", expectedRevision: 1)
        _ = try await api.setSuspicionCleared(true, threadID: "t1")

        let requests = server.requests
        #expect(requests.count == 23)
        #expect(requests[1].queryValue("view") == "other" && requests[1].queryValue("account_id") == "work")
        #expect(requests[1].queryValue("text") == "board" && requests[1].queryValue("limit") == "100")
        #expect(requests[1].queryValue("cursor") == "5")
        #expect(requests[2].path == "/v1/email/threads/a%2Fb%20c")
        #expect(requests[5].path == "/v1/email/threads/a%2Fb%20c/dismiss")
        for request in requests where request.method != "GET" {
            #expect(request.header("Idempotency-Key") != nil, "\(request.method) \(request.path) has no key")
        }
        let bodies: [String: Set<String>] = [
            "/v1/email/feedback": ["thread_id", "target", "judgment", "target_value", "expected_revision"],
            "/v1/email/threads/a%2Fb%20c/dismiss": ["expected_revision", "dismissed"],
            "/v1/email/threads/t1/discussion": [],
            "/v1/email/threads/t1/drafts": [],
            "/v1/email/drafts/d1": ["expected_revision", "to", "cc", "bcc", "subject", "body"],
            "/v1/email/drafts/d1/send-proposal": ["expected_revision"],
            "/v1/email/drafts/d1/style-example": ["expected_revision"],
            "/v1/email/refresh": [],
            "/v1/email/learning/reset": ["scope"],
            "/v1/email/threads/t1/exclude": ["expected_revision"],
            "/v1/email/threads/t1/archive": ["expected_revision", "archived", "idempotency_key"],
            "/v1/email/threads/t1/spam": ["expected_revision", "spam", "idempotency_key"],
            "/v1/email/threads/t1/spam-flag": ["cleared"],
        ]
        for (path, keys) in bodies {
            let sent = requests.filter { $0.path == path && $0.method != "GET" && $0.method != "DELETE" }
            #expect(!sent.isEmpty, "\(path) not sent")
            for request in sent { #expect(Set(request.jsonObject?.keys ?? [:].keys) == keys, "\(path)") }
        }
        let learningPut = requests.first { $0.method == "PUT" && $0.path == "/v1/email/learning" }
        #expect(learningPut?.jsonObject?["paused"] as? Bool == true)
        let discard = requests.first { $0.method == "DELETE" && $0.path == "/v1/email/drafts/d1" }
        #expect(discard?.queryValue("expected_revision") == "2" && discard?.body == nil)
        // Archive and spam carry their key twice, byte-identical (docs/wire/email.md §1).
        for path in ["/v1/email/threads/t1/archive", "/v1/email/threads/t1/spam"] {
            let request = try #require(requests.first { $0.path == path })
            #expect(request.jsonObject?["idempotency_key"] as? String == request.header("Idempotency-Key"))
        }
    }

    /// A write retried after a lost answer carries the same key and body each time.
    @Test func aRetriedWriteReusesItsKey() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/threads/t1/archive",
                  sequence: [.apiError(503, "internal_error"), .json(Wire.operation(replayed: true))])
        let api = Wire.api(server, retry: .standard)
        let operation = try await api.setArchived(true, threadID: "t1", expectedRevision: 3)
        #expect(operation.replayed)
        let sent = server.requests
        #expect(sent.count == 2 && sent[0].header("Idempotency-Key") == sent[1].header("Idempotency-Key"))
        #expect(sent[0].body == sent[1].body)
    }

    /// Approving a send goes exactly once, even with a retrying policy.
    @Test func approvingASendIsNeverRepeated() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/approvals/a1/resolve", .apiError(503, "internal_error"))
        let api = Wire.api(server, retry: .standard)
        await #expect(throws: APIError.self) { try await api.resolveSendApproval(id: "a1", decision: .approveOnce) }
        #expect(server.requests.count == 1)
        #expect(server.requests[0].jsonObject?["decision"] as? String == "approve_once")
    }
}

/// Each Email part degrades alone (issue 36): a 404/405 on learning is not "no Email" nor "gone".
@Suite struct EmailPartsTests {
    @Test func learningMissingSaysSoAndNothingElse() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/learning", .apiError(404, "not_found", message: "The requested resource was not found."))
        server.on("POST", "/v1/email/learning/reset", .apiError(405, "method_not_allowed"))
        let api = Wire.api(server)
        #expect(try await api.learningIfOffered() == nil)
        let shown = await #expect(throws: EmailError.self) { _ = try await api.learning() }
        #expect(shown == .partUnavailable(.learning))
        let reset = await #expect(throws: EmailError.self) { _ = try await api.resetLearning(.all) }
        #expect(reset == .partUnavailable(.learning))
        // Before: a 404 here read as "it no longer exists", a 405 as "Email is not available".
        #expect(reset?.description.contains("not available on this server") == false)
    }

    @Test func otherLearningFailuresStayTheirOwn() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/learning", .apiError(403, "authorization_error"))
        let denied = await #expect(throws: APIError.self) { _ = try await Wire.api(server).learning() }
        #expect(denied?.status == 403)
    }
}
