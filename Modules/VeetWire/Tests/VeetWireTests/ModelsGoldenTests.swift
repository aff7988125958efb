import Foundation
import Testing
@testable import VeetTransport
import VeetTestSupport
@testable import VeetWire

@Suite struct ModelsGoldenTests {
    @Test func sessionGet() throws {
        let session = try Golden.decode(SessionView.self, "session-get.json")
        #expect(session.id == "08c76cec-ff05-4361-a430-46e4acffd7e3")
        #expect(session.status == .active)
        #expect(session.agentID == "8ad3e17d-449f-5ec8-a807-4e14f2b3a716")
        #expect(session.agentVersion == "1.0.0+h7bf76793d589")
        #expect(session.title == "Please approve an external write of my notes")
        #expect(session.metadata == .object([:]))
        #expect(session.createdAt.text == "2026-11-30T04:14:37.395068Z")
        #expect(session.updatedAt.text == "2026-11-30T04:14:47.210423Z")
        #expect(session.activeRunID == nil)
        #expect(session.lastRunID == "b464cc6f-12b5-47e4-800b-89f47fdf3175")
        #expect(session.folderID == nil)
        let created = try #require(session.createdAt.date)
        let updated = try #require(session.updatedAt.date)
        #expect(abs(updated.timeIntervalSince(created) - 9.815355) < 0.002)
    }

    @Test func sessionsPages() throws {
        let first = try Golden.decode(Page<SessionView>.self, "sessions-page1.json")
        let second = try Golden.decode(Page<SessionView>.self, "sessions-page2.json")
        #expect(first.items.map(\.id) == ["3e9bd7ef-ee29-474b-bff2-950d1cc8bc10", "f712728c-15be-415d-ab5d-84764f3a270a"])
        #expect(first.items[0].title == "Tell me a slow story")
        #expect(first.nextCursor?.hasPrefix("eyJrIjoiMjAyNi0xMS0zMFQwNDoxNTo0Ni45NDgwOTUr") == true)
        #expect(!first.isLast)
        #expect(second.items.map(\.id) == ["98fd7f88-9dea-4bdc-967a-4f4070537407", "08c76cec-ff05-4361-a430-46e4acffd7e3"])
        #expect(second.items[1].lastRunID == "b464cc6f-12b5-47e4-800b-89f47fdf3175")
        #expect(second.nextCursor != first.nextCursor)
    }

    @Test func sessionMessages() throws {
        let page = try Golden.decode(Page<SessionMessageView>.self, "session-messages.json")
        #expect(page.items.map(\.sequence) == [2, 30])
        #expect(page.items.map(\.role) == [.user, .assistant])
        #expect(page.items[0].content == [.text("Please approve an external write of my notes")])
        #expect(page.items[1].plainText.hasPrefix("Tool demo.external_write finished. Result excerpt: {\"byte_count\":29"))
        #expect(page.nextCursor == nil)
        #expect(page.isLast)
    }

    @Test func approvalGet() throws {
        let approval = try Golden.decode(ApprovalView.self, "approval-get.json")
        #expect(approval.id == "d19e8b88-ffce-435c-a885-8589aa7d4970")
        #expect(approval.runID == "b464cc6f-12b5-47e4-800b-89f47fdf3175")
        #expect(approval.sessionID == "08c76cec-ff05-4361-a430-46e4acffd7e3")
        #expect(approval.status == .pending)
        #expect(approval.toolName == "demo.external_write")
        #expect(approval.actionSummary == "Run demo.external_write with validated arguments.")
        #expect(approval.arguments == .object([
            "content": .string("hello from the scripted model"), "destination": .string("demo://notes"),
        ]))
        #expect(approval.risk == .high)
        #expect(approval.policyReason == "policy.matrix.external_write")
        #expect(approval.expiresAt?.text == "2026-11-30T08:14:37.912593Z")
        let created = try #require(approval.createdAt.date)
        let expires = try #require(approval.expiresAt?.date)
        #expect(abs(expires.timeIntervalSince(created) - 4 * 3600) < 0.001)
        #expect(approval.resolvedAt == nil && approval.resolvedBy == nil && approval.decision == nil)
        #expect(approval.argumentDigests == nil && approval.taskGrantOffer == nil && approval.taskGrantID == nil)
    }

    @Test func approvalResolved() throws {
        let recorded = try #require(try Golden.responses("approval-resolve.txt").first)
        let approval = try recorded.response.decoded(as: ApprovalView.self)
        #expect(recorded.status == 200)
        #expect(approval.status == .approved)
        #expect(approval.decision == .approveOnce)
        #expect(approval.resolvedBy == "local-user")
        #expect(approval.resolvedAt?.text == "2026-11-30T04:14:46.788484Z")
    }

    @Test func artifactGet() throws {
        let artifact = try Golden.decode(ArtifactView.self, "artifact-get.json")
        #expect(artifact.id == "173af63a-be8d-47f4-87c1-5c6d774ad4ba")
        #expect(artifact.sessionID == "2772b8b0-575f-45c3-aebb-4734ecbac982")
        #expect(artifact.runID == "666090a3-891e-48f8-8bf0-54540538c095")
        #expect(artifact.name == "report.txt")
        #expect(artifact.mediaType == "text/plain")
        #expect(artifact.sha256 == "51bc0fc1f19104fa6e89ce50be9aa1f57c3346c1ca51ab49f5f00e14ce8f8076")
        #expect(artifact.sizeBytes == 15)
        #expect(artifact.metadata == .object([:]))
        #expect(artifact.attachmentKind == nil)
        #expect(artifact.createdAt.date != nil)
    }

    @Test func runViewsFromCancelAnswers() throws {
        let running = try #require(try Golden.responses("cancel-running.txt").first)
        let run = try running.response.decoded(as: RunView.self)
        #expect(running.status == 202)
        #expect(run.id == "abee5bfc-6908-4dcb-bfda-0144bf206b26")
        #expect(run.sessionID == "73a127b7-4b48-46ea-9a6b-5711f45c4d31")
        #expect(run.parentRunID == nil)
        #expect(run.status == .running && !run.status.isTerminal)
        #expect(run.stepCount == 1 && run.modelCallCount == 0 && run.toolCallCount == 0)
        #expect(run.usage == RunUsageView(inputTokens: 0, outputTokens: 0, costUSD: "0"))
        #expect(run.usage.cost == Decimal(0))
        #expect(run.limits == RunLimitsView(maxSteps: 32, deadlineAt: nil, maxCostUSD: nil))
        #expect(run.failure == nil)
        #expect(run.cancelRequestedAt?.text == "2026-11-30T04:17:14.456451Z")
        #expect(run.cancelRequestedAt?.date != nil)

        let sequence = try Golden.responses("cancel-sequence.txt")
        #expect(sequence.count == 7)
        let runs = try sequence.filter { $0.title.hasPrefix("POST") }.map { try $0.response.decoded(as: RunView.self) }
        #expect(runs.map(\.status) == [.running, .running, .cancelled, .cancelled, .cancelled, .cancelled])
        #expect(runs[2].usage.inputTokens == 2834 && runs[2].usage.outputTokens == 72)
        #expect(runs[3].cancelRequestedAt == nil)
        let cancelledApproval = try sequence[4].response.decoded(as: ApprovalView.self)
        #expect(cancelledApproval.status == .cancelled)
        #expect(cancelledApproval.resolvedAt != nil && cancelledApproval.resolvedBy == nil)
        #expect(cancelledApproval.decision == nil)
    }

    @Test func submitResultsIncludingReplays() throws {
        let answers = try Golden.responses("errors-2.txt")
        let first = try answers[0].response.decoded(as: SubmitResult.self)
        let replay = try answers[1].response.decoded(as: SubmitResult.self)
        #expect(first == SubmitResult(runID: "fe90feef-d8f5-41c1-976b-2bbf987efbf3", status: .queued))
        #expect(replay == SubmitResult(runID: "fe90feef-d8f5-41c1-976b-2bbf987efbf3", status: .completed))
        #expect(answers[1].status == 200 && answers[0].status == 202)
        let echoed = try answers[3].response.decoded(as: Page<SessionView>.self)
        #expect(answers[3].response.requestID == "my-trace.123")
        #expect(echoed.items.first?.title == "hello idempotent")
        let created = try answers[6].response.decoded(as: SessionView.self)
        #expect(created.title == nil && created.lastRunID == nil && created.createdAt == created.updatedAt)
    }

    /// The contract's RunView example (docs/wire/sessions-runs.md §1.5), a failed run.
    @Test func failedRunWithMoney() throws {
        let run = try decodeJSON(RunView.self, """
        {"id": "0198d6a2-5a07-7c44-8e19-2b6f3c9d1e08", "session_id": "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61",
         "parent_run_id": null, "status": "FAILED", "step_count": 3, "model_call_count": 4, "tool_call_count": 2,
         "usage": {"input_tokens": 9120, "output_tokens": 611, "cost_usd": "0.0431"},
         "limits": {"max_steps": 12, "deadline_at": "2026-08-22T18:19:11.540002Z", "max_cost_usd": "1.50"},
         "failure": {"reason": "model_permanent_error", "message": "the model provider rejected the request",
                     "step_number": 3, "attempt_number": 1, "occurred_at": "2026-08-22T18:05:02.901733Z"},
         "cancel_requested_at": null, "created_at": "2026-08-22T18:04:30.004511Z",
         "updated_at": "2026-08-22T18:05:02.903120Z"}
        """)
        #expect(run.status == .failed && run.status.isTerminal)
        #expect(run.usage.costUSD == "0.0431")
        #expect(run.usage.cost == Decimal(string: "0.0431", locale: Locale(identifier: "en_US_POSIX")))
        #expect(run.limits.maxCost == Decimal(string: "1.5", locale: Locale(identifier: "en_US_POSIX")))
        #expect(run.limits.deadlineAt?.date != nil)
        let failure = try #require(run.failure)
        #expect(failure.reason == .modelPermanentError)
        #expect(failure.message == "the model provider rejected the request")
        #expect(failure.stepNumber == 3 && failure.attemptNumber == 1)
        #expect(failure.errorClass == nil && failure.details == nil)
        #expect(failure.occurredAt?.date != nil)
    }

    /// `run.failed.failure` from the stream carries two more fields.
    @Test func streamFailureKeepsErrorClassAndDetails() throws {
        let failure = try decodeJSON(RunFailureView.self, """
        {"attempt_number":null,"details":{"http_status":400,"provider":"chat_completions","provider_code":"http_400"},
         "error_class":"ModelPermanentError","message":"","occurred_at":"2026-11-30T04:18:01.756514Z",
         "reason":"internal_error","step_number":1}
        """)
        #expect(failure.reason == .internalError)
        #expect(failure.attemptNumber == nil)
        #expect(failure.message.isEmpty)
        #expect(failure.errorClass == "ModelPermanentError")
        #expect(failure.details?["http_status"] == .int(400))
        #expect(failure.details?["provider"]?.stringValue == "chat_completions")
    }

    @Test func everyFailureReasonIsKnown() throws {
        let raws = ["max_attempts_exceeded", "budget_exceeded", "deadline_exceeded", "max_steps_exceeded",
                    "tool_loop_detected", "repeated_denial", "approval_expired", "input_deadline_exceeded",
                    "context_overflow", "model_permanent_error", "empty_model_turn", "authorization_error",
                    "child_run_failed", "internal_error"]
        for raw in raws {
            let reason = FailureReason(raw: raw)
            #expect(reason.isKnown, "\(raw)")
            #expect(reason.rawValue == raw)
        }
        #expect(FailureReason.knownValues.count == raws.count)
        #expect(FailureReason(raw: "gremlins") == .unknown("gremlins"))
    }
}
