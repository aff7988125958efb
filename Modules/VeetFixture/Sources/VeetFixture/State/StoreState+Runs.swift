import Foundation

extension StoreState {
    enum SubmitOutcome {
        /// A new run (202); the agent must be started.
        case created(RunRecord)
        /// Delivered as the answer to the waiting run's question (202); the agent resumes.
        case answered(RunRecord)
        /// A key already on record with the same body (200).
        case replayed(RunRecord)
    }

    /// `POST /v1/sessions/{id}/messages` (docs/wire/README.md §7 idempotency, docs/wire/sessions-runs.md §3.1).
    func submitMessage(
        sessionID: String, blocks: [JSON], idempotencyKey: String?, strictAttachments: Bool = false
    ) throws -> SubmitOutcome {
        let session = try existingSession(sessionID)
        let fingerprint = (["content": .array(blocks)] as JSON).serialized(sortedKeys: true)
        if let key = idempotencyKey, let entry = idempotencyKeys[key] {
            guard entry.sessionID == sessionID, entry.fingerprint == fingerprint, let run = runs[entry.runID] else {
                throw APIFailure.idempotencyKeyReused
            }
            return .replayed(run)
        }
        guard session.status == "ACTIVE" else { throw APIFailure.invalidState("session is closed") }
        let resolved = try resolveAttachments(blocks, sessionID: sessionID, strict: strictAttachments)
        if let activeID = session.activeRunID, let active = runs[activeID] {
            guard active.status == .waitingForUser else {
                throw APIFailure.conflict(
                    "The session already has an active run.",
                    details: [
                        "reason": "active_run_exists", "run_id": .string(active.id),
                        "run_status": .string(active.status.rawValue),
                    ])
            }
            deliverAnswer(resolved, to: active)
            claimUploads(in: resolved, runID: active.id)
            remember(key: idempotencyKey, sessionID: sessionID, fingerprint: fingerprint, runID: active.id)
            return .answered(active)
        }
        let prompt = Validation.allText(blocks)
        let run = RunRecord(
            id: Identifier.make(), sessionID: sessionID, scenario: Scenario.choose(for: prompt), prompt: prompt,
            createdAt: now())
        if session.title == nil, session.runIDs.isEmpty {
            // [newer] A message made only of attachments is titled after the first one's name.
            if let text = Validation.firstText(resolved) ?? firstAttachmentName(resolved) {
                session.title = String(text.prefix(64))
            }
        }
        runs[run.id] = run
        session.runIDs.append(run.id)
        session.activeRunID = run.id
        session.lastRunID = run.id
        claimUploads(in: resolved, runID: run.id)
        appendUserMessage(resolved, questionID: nil, to: run)
        append("run.queued", ["priority": 0], to: run)
        checkpoint(run, trigger: "seed", full: true)
        remember(key: idempotencyKey, sessionID: sessionID, fingerprint: fingerprint, runID: run.id)
        return .created(run)
    }

    private func remember(key: String?, sessionID: String, fingerprint: String, runID: String) {
        guard let key else { return }
        idempotencyKeys[key] = IdempotencyEntry(sessionID: sessionID, fingerprint: fingerprint, runID: runID)
    }

    func checkpoint(_ run: RunRecord, trigger: String, full: Bool) {
        run.checkpointVersion += 1
        append(
            "run.checkpointed",
            ["full": .bool(full), "trigger": .string(trigger), "version": .int(run.checkpointVersion)], to: run)
    }

    /// The answer to the outstanding question: the user message, the ask_user
    /// result, the emptied working state; the run goes back to QUEUED.
    func deliverAnswer(_ blocks: [JSON], to run: RunRecord) {
        guard let questionID = run.outstandingQuestionID else { return }
        appendUserMessage(blocks, questionID: questionID, to: run)
        append(
            "tool.call.completed",
            [
                "call_id": "ask-1", "name": "conversation.ask_user", "reason_code": "tool.succeeded",
                "result_item": ScriptedModel.toolResult(
                    callID: "ask-1", content: .array(blocks.map(eventPart)), trust: "user"),
            ], to: run)
        append(
            "context.working_state.updated",
            ["source": "user_answer", "working_state": ScriptedModel.workingState(openQuestions: [])], to: run)
        run.toolCallCount += 1
        run.answeredQuestionIDs.append(questionID)
        run.outstandingQuestionID = nil
        run.lastAnswerText = Validation.allText(blocks)
        run.status = .queued
    }

    enum InputOutcome {
        case delivered(RunRecord)
        case alreadyDelivered(RunRecord)
    }

    /// `POST /v1/runs/{id}/input` (docs/wire/sessions-runs.md §3.4).
    func provideInput(runID: String, blocks requested: [JSON], questionID: String?, strictAttachments: Bool = false)
        throws -> InputOutcome
    {
        guard let run = self.run(runID) else { throw APIFailure.notFound("run") }
        if let questionID, run.answeredQuestionIDs.contains(questionID) { return .alreadyDelivered(run) }
        guard run.status == .waitingForUser, let outstanding = run.outstandingQuestionID else {
            throw APIFailure.invalidState("run is not waiting for user input")
        }
        if let questionID, questionID != outstanding {
            throw APIFailure.conflict("the question was already resolved")
        }
        let blocks = try resolveAttachments(requested, sessionID: run.sessionID, strict: strictAttachments)
        deliverAnswer(blocks, to: run)
        claimUploads(in: blocks, runID: run.id)
        return .delivered(run)
    }

    /// `POST /v1/runs/{id}/cancel`: returns the status code and the run view.
    func cancelRun(_ runID: String) throws -> (status: Int, view: JSON) {
        guard let run = self.run(runID) else { throw APIFailure.notFound("run") }
        switch run.status {
        case .completed, .failed, .cancelled:
            return (200, run.view)
        case .running:
            // The worker stops at its next safe point; repeats keep the first time.
            let stamp = now()
            if run.cancelRequestedAt == nil { run.cancelRequestedAt = stamp }
            run.updatedAt = stamp
            return (202, run.view)
        case .queued, .waitingForApproval, .waitingForUser:
            cancelImmediately(run)
            return (200, run.view)
        }
    }

    func existingRun(_ id: String) throws -> RunRecord {
        guard let run = self.run(id) else { throw APIFailure.notFound("run") }
        return run
    }
}
