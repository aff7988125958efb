import Foundation
import Testing
import VeetTestSupport
import VeetTransport
import VeetWire
@testable import VeetEmail

@Suite struct SendVerificationTests {
    static let account = EmailAccount(id: "default", status: .ready, sendServerID: "gmail_send")
    static let longBody = String(repeating: "A long and careful reply. ", count: 40)

    static func frozen(body: String = "Hi Ann, here it is.") -> FrozenDraft {
        let draft = EmailDraft(id: "d1", threadID: "t1", accountID: "default", revision: 3, to: ["Ann@Example.test"],
                               cc: [], subject: "Re: Board materials", body: body, inReplyTo: "<abc@mail>",
                               references: ["<abc@mail>"], providerThreadID: "18c9",
                               sendToolName: "mcp.gmail_send.send_message")
        return FrozenDraft(draft: draft, account: account)
    }

    static func arguments(body: String = "Hi Ann, here it is.") -> [String: JSONValue] {
        ["to": .string("ann@example.test"), "cc": .null, "bcc": .array([]), "subject": .string("Re: Board materials"),
         "body": .string(body), "thread_id": .string("18c9"), "in_reply_to": .string("<abc@mail>"),
         "references": .array([.string("<abc@mail>")])]
    }

    static func approval(_ arguments: [String: JSONValue], tool: String = "mcp.gmail_send.send_message",
                         digests: [String: String]? = nil) -> ApprovalView {
        ApprovalView(id: "a1", runID: "r1", sessionID: "s1", status: .pending, toolName: tool,
                     arguments: .object(arguments), argumentDigests: digests, risk: .high, createdAt: "2026-09-20T09:00:00Z")
    }

    static func cut(_ text: String) -> String { String(text.prefix(512)) + "…[TRUNCATED]" }

    @Test func anExactApprovalVerifies() {
        let report = SendVerification.verify(Self.approval(Self.arguments()), against: Self.frozen(), account: Self.account)
        #expect(report.isVerified, "\(report.description)")
    }

    @Test(arguments: [
        ("to", JSONValue.string("eve@example.test"), SendField.to),
        ("cc", .array([.string("eve@example.test")]), .cc),
        ("bcc", .string("eve@example.test"), .bcc),
        ("subject", .string("Re: Something else"), .subject),
        ("body", .string("Hi Ann, here it isn't."), .body),
        ("thread_id", .string("other-thread"), .providerThread),
        ("in_reply_to", .string("<other@mail>"), .inReplyTo),
        ("references", .array([]), .references),
    ])
    func eachFieldMismatchRefuses(key: String, value: JSONValue, field: SendField) {
        var arguments = Self.arguments()
        arguments[key] = value
        let report = SendVerification.verify(Self.approval(arguments), against: Self.frozen(), account: Self.account)
        #expect(!report.isVerified)
        #expect(report.failures.map(\.0) == [field])
    }

    @Test func aWrongToolOrAnotherAccountsToolRefuses() {
        let wrongTool = SendVerification.verify(Self.approval(Self.arguments(), tool: "mcp.gmail_write.modify_labels"),
                                                against: Self.frozen(), account: Self.account)
        #expect(!wrongTool.isVerified && wrongTool.failures.map(\.0).contains(.toolName))
        let work = EmailAccount(id: "default", sendServerID: "gmail_work_send")
        let otherAccount = SendVerification.verify(Self.approval(Self.arguments()), against: Self.frozen(), account: work)
        #expect(!otherAccount.isVerified && otherAccount.failures.map(\.0) == [.account])
    }

    @Test func aCutBodyIsProvenByItsDigest() {
        let approval = Self.approval(Self.arguments(body: Self.cut(Self.longBody)),
                                     digests: ["body": SHA256Digest.hex(Self.longBody)])
        let report = SendVerification.verify(approval, against: Self.frozen(body: Self.longBody), account: Self.account)
        #expect(report.isVerified && report.fields[.body] == .matchesByDigest)
    }

    @Test func aDigestOfAnotherTextRefuses() {
        let approval = Self.approval(Self.arguments(body: Self.cut(Self.longBody)),
                                     digests: ["body": SHA256Digest.hex(Self.longBody + "P.S. wire the money")])
        let report = SendVerification.verify(approval, against: Self.frozen(body: Self.longBody), account: Self.account)
        #expect(!report.isVerified && report.fields[.body] == .mismatch)
    }

    @Test func aCutValueWithNoDigestIsUnverifiable() {
        let approval = Self.approval(Self.arguments(body: Self.cut(Self.longBody)))
        let report = SendVerification.verify(approval, against: Self.frozen(body: Self.longBody), account: Self.account)
        #expect(!report.isVerified && report.fields[.body] == .unverifiableWithoutDigest)
        #expect(report.description.contains("no digest"))
    }

    @Test func anUnknownArgumentRefuses() {
        var arguments = Self.arguments()
        arguments["forward_to"] = .string("eve@example.test")
        let report = SendVerification.verify(Self.approval(arguments), against: Self.frozen(), account: Self.account)
        #expect(!report.isVerified && report.unexpectedArguments == ["forward_to"])
    }
}

@Suite struct ReviewAndSendTests {
    private func draft(_ object: [String: Any]) throws -> EmailDraft {
        try WireJSON.decoder().decode(EmailDraft.self, from: JSONSerialization.data(withJSONObject: object))
    }

    private func approvalJSON(body: String = "Hi Ann, here it is.") -> [String: Any] {
        [
            "id": "a1", "run_id": "r1", "session_id": "s1", "status": "PENDING",
            "tool_name": "mcp.gmail_send.send_message", "action_summary": "Send",
            "arguments": ["to": ["ann@example.test"], "cc": [], "bcc": [], "subject": "Re: Board materials",
                          "body": body, "thread_id": "18c9", "in_reply_to": "<abc@mail>", "references": ["<abc@mail>"]],
            "risk": "HIGH", "policy_reason": "p", "expires_at": NSNull(), "created_at": "2026-09-20T09:00:00Z",
            "resolved_at": NSNull(), "resolved_by": NSNull(), "decision": NSNull(),
        ]
    }

    /// Typing went on after the last save: the newest text is saved first, then frozen and proposed.
    @Test func theNewestRevisionIsSettledBeforeFreezing() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/email/drafts/d1", .json(Wire.draft(revision: 2)))
        server.on("POST", "/v1/email/drafts/d1/send-proposal",
                  .json(["draft": Wire.draft(revision: 2, status: "awaiting_approval"), "run_id": "r1"]))
        server.on("GET", "/v1/email/drafts/d1", .json(Wire.draft(revision: 2, status: "awaiting_approval", approval: "a1")))
        server.on("GET", "/v1/approvals/a1", .json(approvalJSON()))
        let api = Wire.api(server)
        let session = DraftSession(api: api, draft: try draft(Wire.draft(body: "Hi Ann")))
        await session.type(DraftContent(to: ["ann@example.test"], subject: "Re: Board materials", body: "Hi Ann, here it is."))
        let review = ReviewAndSend(api: api, account: SendVerificationTests.account)
        let stage = await review.prepare(session)
        guard case .verified(let frozen, _, _) = stage else { Issue.record("not verified: \(stage)"); return }
        #expect(frozen.revision == 2)
        let order = server.requests.map { "\($0.method) \($0.path)" }
        #expect(order.first == "PUT /v1/email/drafts/d1" && order.dropFirst().first == "POST /v1/email/drafts/d1/send-proposal")
        #expect(server.requests[1].jsonObject?["expected_revision"] as? Int == 2)
    }

    @Test func aSaveThatWillNotSettleFreezesNothing() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/email/drafts/d1", .apiError(503, "internal_error"))
        let api = Wire.api(server)
        let session = DraftSession(api: api, draft: try draft(Wire.draft(body: "Hi Ann")))
        await session.type(DraftContent(to: ["ann@example.test"], subject: "Re: Board materials", body: "Newer"))
        let stage = await ReviewAndSend(api: api, account: SendVerificationTests.account).prepare(session)
        #expect(stage == .refused(.saveWillNotSettle))
        #expect(server.requests("POST", "/v1/email/drafts/*/send-proposal").isEmpty)
        #expect(server.requests("PUT", "/v1/email/drafts/d1").count == 3, "bounded saves")
    }

    @Test func anUnverifiedApprovalCannotBeApproved() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/drafts/d1/send-proposal",
                  .json(["draft": Wire.draft(status: "awaiting_approval", approval: "a1"), "run_id": "r1",
                         "status": "WAITING_FOR_APPROVAL", "approval_id": "a1"]))
        server.on("GET", "/v1/approvals/a1", .json(approvalJSON(body: "Something else")))
        let api = Wire.api(server)
        let review = ReviewAndSend(api: api, account: SendVerificationTests.account)
        guard case .refused(.unverified) = await review.prepare(DraftSession(api: api, draft: try draft(Wire.draft()))) else {
            Issue.record("not refused"); return
        }
        #expect(await review.approve() == .notVerified)
        #expect(server.requests("POST", "/v1/approvals/a1/resolve").isEmpty)
    }

    /// An uncertain send is reported as unknown and never sent again.
    @Test func anUncertainSendIsNeverRetried() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/drafts/d1/send-proposal",
                  .json(["draft": Wire.draft(status: "awaiting_approval", approval: "a1"), "run_id": "r1",
                         "status": "WAITING_FOR_APPROVAL", "approval_id": "a1"]))
        server.on("GET", "/v1/approvals/a1", .json(approvalJSON()))
        server.on("POST", "/v1/approvals/a1/resolve", .json(approvalJSON()))
        server.on("GET", "/v1/email/drafts/d1", .json(Wire.draft(status: "uncertain")))
        let api = Wire.api(server, retry: .standard)
        let review = ReviewAndSend(api: api, account: SendVerificationTests.account)
        guard case .verified = await review.prepare(DraftSession(api: api, draft: try draft(Wire.draft()))) else {
            Issue.record("not verified"); return
        }
        #expect(await review.approve() == .unknown)
        #expect(await review.approve() == .notVerified, "after the outcome, Approve is gone")
        #expect(server.requests("POST", "/v1/approvals/a1/resolve").count == 1)
        #expect(server.requests("POST", "/v1/email/drafts/d1/send-proposal").count == 1)
        #expect(SendOutcome.unknown.description.contains("unknown"))
    }

    @Test func noAnswerToTheApprovalIsAnUnknownOutcomeNotARetry() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/drafts/d1/send-proposal",
                  .json(["draft": Wire.draft(status: "awaiting_approval", approval: "a1"), "run_id": "r1",
                         "approval_id": "a1"]))
        server.on("GET", "/v1/approvals/a1", .json(approvalJSON()))
        server.on("POST", "/v1/approvals/a1/resolve") { _ in throw TransportError(.connectionLost, "reset") }
        let api = Wire.api(server, retry: .standard)
        let review = ReviewAndSend(api: api, account: SendVerificationTests.account)
        _ = await review.prepare(DraftSession(api: api, draft: try draft(Wire.draft())))
        #expect(await review.approve() == .unknown)
        #expect(await review.approve() == .notVerified)
        #expect(server.requests("POST", "/v1/approvals/a1/resolve").count == 1)
    }
}
