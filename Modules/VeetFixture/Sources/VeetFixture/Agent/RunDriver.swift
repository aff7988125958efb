import Foundation

/// Thrown when a run must stop playing: it ended (cancelled, deleted) or the server stops.
struct RunStopped: Error {}

/// The building blocks of a run's script. Each block is one store transaction,
/// so a request handled in between always sees a consistent run.
struct RunDriver: Sendable {
    let runID: String
    let store: FixtureStore
    let gate: AgentGate
    let pacing: AgentPacing

    /// Runs `body` on the live run under the store lock.
    @discardableResult
    func step<T>(_ body: (StoreState, RunRecord) throws -> T) throws -> T {
        try store.transaction { state in
            guard !gate.isStopped, let run = state.run(runID), !run.status.isTerminal else { throw RunStopped() }
            return try body(state, run)
        }
    }

    func pause(_ seconds: TimeInterval? = nil) throws {
        guard gate.sleep(seconds ?? pacing.stepDelay) else { throw RunStopped() }
    }

    func emit(_ type: String, _ payload: JSON) throws {
        try pause()
        try step { state, run in state.append(type, payload, to: run) }
    }

    /// `run.claimed` + `run.started` for the next attempt; the first attempt adds
    /// the two hidden sequence numbers and the `provider_pinned` checkpoint.
    func claim() throws {
        guard gate.waitWhileHeld() else { throw RunStopped() }
        try pause()
        let attempt: Int = try step { state, run in
            guard run.status == .queued else { throw RunStopped() }
            run.attempt += 1
            run.status = .running
            state.append(
                "run.claimed",
                [
                    "attempt": .int(run.attempt), "lease_epoch": .int(run.attempt),
                    "worker_id": .string(state.identity.workerID),
                ], to: run)
            return run.attempt
        }
        try emit("run.started", ["attempt": .int(attempt), "lease_epoch": .int(attempt)])
        if attempt == 1 {
            try pause()
            try step { state, run in
                state.skipSequences(2, in: run)
                state.checkpoint(run, trigger: "provider_pinned", full: false)
            }
        }
    }

    func checkpoint(_ trigger: String, full: Bool = false) throws {
        try pause()
        try step { state, run in state.checkpoint(run, trigger: trigger, full: full) }
    }

    /// Checkpoint versions the recorded server used without an event.
    func skipCheckpointVersions(_ count: Int) throws {
        try step { _, run in run.checkpointVersion += count }
    }

    /// A safe point: a requested cancel ends the run here.
    func stopIfCancelRequested(_ state: StoreState, _ run: RunRecord) throws {
        guard run.cancelRequestedAt != nil else { return }
        state.finish(run, as: .cancelled, event: "run.cancelled", payload: ["reason": "requested"])
        throw RunStopped()
    }

    /// `memory.recalled` + `model.request.started`; returns the attempt id and step number.
    func startModelStep() throws -> ModelAttempt {
        try pause()
        let stepNumber: Int = try step { state, run in
            try stopIfCancelRequested(state, run)
            run.stepCount += 1
            state.append(
                "memory.recalled",
                [
                    "rendered_sha256": .string(Identifier.randomHex64()), "returned": [],
                    "trace_id": .string(Identifier.make()),
                ], to: run)
            return run.stepCount
        }
        let attempt = ModelAttempt(id: Identifier.make(), stepNumber: stepNumber)
        try emit(
            "model.request.started",
            [
                "attempt_id": .string(attempt.id), "context_capacity_tokens": "32768", "context_epoch": "1",
                "context_reserve_tokens": "2048", "context_total_tokens": .string(String(8131 + stepNumber * 160)),
                "prefix_sha256": .string(ScriptedModel.prefixSHA256), "step_number": .int(stepNumber),
            ])
        return attempt
    }

    /// Transient deltas, `interval` apart, to whoever is connected now.
    func stream(
        _ pieces: [String], in attempt: ModelAttempt, itemIndex: Int, type: String = "message.delta",
        interval: TimeInterval? = nil, isSummary: Bool = false
    ) throws {
        for piece in pieces {
            try pause(interval)
            try step { state, run in
                var payload: JSON = [
                    "attempt_id": .string(attempt.id), "item_index": .int(itemIndex),
                    "step_number": .int(attempt.stepNumber), "text": .string(piece),
                ]
                if type == "reasoning.delta" { payload = payload.setting("is_summary", .bool(isSummary)) }
                state.appendTransient(type, payload, to: run)
            }
        }
    }

    /// `model.response.completed`, a cancel safe point, then the `model_response` checkpoint.
    func completeResponse(
        _ attempt: ModelAttempt, items: [JSON] = [], toolNames: [String] = [], outputText: String = ""
    ) throws {
        try pause()
        try step { state, run in
            run.modelCallCount += 1
            run.inputTokens += 2830 + attempt.stepNumber * 40
            run.outputTokens += max(8, outputText.count / 4)
            state.append(
                "model.response.completed",
                [
                    "attempt_id": .string(attempt.id), "conversation_items": .array(items),
                    "step_number": .int(attempt.stepNumber),
                    "stop_reason": .string(toolNames.isEmpty ? "end_turn" : "tool_use"),
                    "tool_names": .array(toolNames.map { .string($0) }),
                ], to: run)
            try stopIfCancelRequested(state, run)
        }
        try checkpoint("model_response")
    }

    /// `assistant.message.completed` then `run.completed` (and the memory event after it).
    func finishWithAnswer(_ text: String, itemIndex: Int = 0, files: [ArtifactRecord] = []) throws {
        try pause()
        try step { state, run in state.appendAssistantMessage(text, itemIndex: itemIndex, files: files, to: run) }
        try pause()
        try step { state, run in
            state.finish(
                run, as: .completed, event: "run.completed",
                payload: ["final_message": StoreState.assistantMessage(text, itemIndex: itemIndex, files: files)])
        }
    }

    func toolEvent(_ type: String, _ tool: ToolProposal, extra: [(String, JSON)] = []) throws {
        var payload: JSON = ["call_id": .string(tool.callID), "name": .string(tool.name)]
        for (key, value) in extra { payload = payload.setting(key, value) }
        try emit(type, payload)
    }

    /// `tool.call.completed` with a text (or empty) result.
    func completeTool(_ tool: ToolProposal, content: JSON, trust: String = "internal_tool") throws {
        try pause()
        try step { state, run in
            run.toolCallCount += 1
            state.append(
                "tool.call.completed",
                [
                    "call_id": .string(tool.callID), "name": .string(tool.name), "reason_code": "tool.succeeded",
                    "result_item": ScriptedModel.toolResult(callID: tool.callID, content: content, trust: trust),
                ], to: run)
        }
    }

    /// Parks the run on an approval: `suspended` checkpoint, `run.waiting_for_approval`, `approval.requested`.
    func suspendForApproval(_ tool: ToolProposal) throws {
        try checkpoint("suspended", full: true)
        try pause()
        try step { state, run in
            try stopIfCancelRequested(state, run)
            var offered = tool
            if !state.offersTaskPermissions { offered.taskGrantOffer = nil }
            let approval = ApprovalRecord(
                id: Identifier.make(), runID: run.id, sessionID: run.sessionID, tool: offered, createdAt: state.now())
            approval.showsTaskFields = state.offersTaskPermissions
            state.approvals[approval.id] = approval
            run.pendingApprovalID = approval.id
            run.status = .waitingForApproval
            state.append(
                "run.waiting_for_approval",
                ["suspension": ["approval_id": .string(approval.id), "kind": "approval"]], to: run)
            state.append("approval.requested", ["approval_id": .string(approval.id)], to: run)
        }
    }

    /// Parks the run on a question: working state, `suspended` checkpoint, `run.waiting_for_user`.
    func suspendForQuestion(_ question: String) throws {
        try emit(
            "context.working_state.updated",
            ["source": "runtime_question", "working_state": ScriptedModel.workingState(openQuestions: [question])])
        try checkpoint("suspended", full: true)
        try pause()
        try step { state, run in
            try stopIfCancelRequested(state, run)
            let questionID = Identifier.make()
            run.outstandingQuestionID = questionID
            run.status = .waitingForUser
            state.append(
                "run.waiting_for_user",
                [
                    "question_id": .string(questionID),
                    "suspension": [
                        "invocation_id": .string(questionID), "kind": "user", "question_id": .string(questionID),
                    ],
                ], to: run)
        }
    }

    /// `model.response.failed` then `run.failed` with a permanent provider error.
    func failPermanently(_ attempt: ModelAttempt) throws {
        let details: JSON = ["http_status": 400, "provider": "chat_completions", "provider_code": "http_400"]
        try pause()
        try step { state, run in
            run.modelCallCount += 1
            state.append(
                "model.response.failed",
                [
                    "attempt_id": .string(attempt.id), "error_class": "ModelPermanentError", "http_status": 400,
                    "provider": "chat_completions", "provider_code": "http_400",
                    "step_number": .int(attempt.stepNumber),
                ], to: run)
        }
        try pause()
        try step { state, run in
            fail(
                run, in: state,
                with: RunFailure(
                    reason: "model_permanent_error", message: "the model provider rejected the request",
                    stepNumber: attempt.stepNumber, attemptNumber: 1, occurredAt: state.now(),
                    errorClass: "ModelPermanentError", details: details))
        }
    }

    /// Records the failure and writes `run.failed` (its payload carries `error_class` and `details`).
    func fail(_ run: RunRecord, in state: StoreState, with failure: RunFailure) {
        run.failure = failure
        state.finish(
            run, as: .failed, event: "run.failed",
            payload: [
                "failure": [
                    "attempt_number": failure.attemptNumber.map { JSON.int($0) } ?? nil, "details": failure.details,
                    "error_class": .string(failure.errorClass), "message": .string(failure.message),
                    "occurred_at": .string(failure.occurredAt.zulu), "reason": .string(failure.reason),
                    "step_number": failure.stepNumber.map { JSON.int($0) } ?? nil,
                ]
            ])
    }

    /// What the run's record says about how to continue.
    func context() throws -> (scenario: Scenario, prompt: String, decision: String?, answer: String?) {
        try store.transaction { state in
            guard let run = state.run(runID) else { throw RunStopped() }
            return (run.scenario, run.prompt, run.lastDecision, run.lastAnswerText)
        }
    }

    /// The task grant made when the last approval was resolved with `approve_for_task`.
    func taskGrantID() -> String? {
        store.transaction { state in state.run(runID)?.lastTaskGrantID }
    }
}

struct ModelAttempt {
    var id: String
    var stepNumber: Int
}
