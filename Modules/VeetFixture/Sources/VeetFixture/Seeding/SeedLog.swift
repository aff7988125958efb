import Foundation

/// The persisted log of a seeded session, rebuilt from its recipe: the same event
/// shapes a live scripted run writes, so replaying a seeded run looks real.
struct SeedLog {
    struct Event {
        var turn: Int
        var stored: StoredEvent
    }

    private(set) var events: [Event] = []
    private(set) var transcript: [TranscriptItem] = []
    /// Sequence 1 is `session.created`, which no run stream shows.
    private(set) var lastSequence: Int64 = 1

    let recipe: SeedRecipe

    init(recipe: SeedRecipe, workerID: String) {
        self.recipe = recipe
        for turn in 0..<recipe.turns { appendTurn(turn, workerID: workerID) }
    }

    func events(ofTurn turn: Int) -> [StoredEvent] { events.filter { $0.turn == turn }.map(\.stored) }

    private mutating func emit(_ type: String, _ payload: JSON, turn: Int, isTerminal: Bool = false) -> Int64 {
        lastSequence += 1
        let event = StoredEvent.persisted(
            sequence: lastSequence, type: type, payload: payload, runID: recipe.runID(turn: turn), isTerminal: isTerminal)
        events.append(Event(turn: turn, stored: event))
        return lastSequence
    }

    private static func hash(_ text: String) -> String { SHA256.hex(text) }

    private mutating func startStep(_ step: Int, turn: Int, attemptID: String) {
        _ = emit(
            "memory.recalled",
            [
                "rendered_sha256": .string(Self.hash("memory \(recipe.index) \(turn) \(step)")), "returned": [],
                "trace_id": .string(SeedRecipe.sessionID(index: recipe.index * 64 + turn * 8 + step)),
            ], turn: turn)
        _ = emit(
            "model.request.started",
            [
                "attempt_id": .string(attemptID), "context_capacity_tokens": "32768", "context_epoch": "1",
                "context_reserve_tokens": "2048", "context_total_tokens": .string(String(8131 + step * 160)),
                "prefix_sha256": .string(ScriptedModel.prefixSHA256), "step_number": .int(step),
            ], turn: turn)
    }

    private mutating func appendTurn(_ turn: Int, workerID: String) {
        let (question, answer) = recipe.exchange(turn: turn)
        let isScheduled: Bool
        var queued: JSON = ["priority": 0]
        if case .scheduled(let schedule) = recipe.kind {
            isScheduled = true
            queued = [
                "authority_version": "1", "priority": 10, "schedule_id": .string(SeedRecipe.scheduleID(schedule)),
                "schedule_occurrence_id": .string(recipe.occurrenceID), "schedule_revision": 1,
            ]
        } else {
            isScheduled = false
        }
        // Runs started by a schedule carry their instruction as a bare string.
        let userContent: JSON = isScheduled ? .string(question) : ScriptedModel.textParts(question)
        let userSequence = emit("user.message.created", ["content": userContent], turn: turn)
        transcript.append(
            TranscriptItem(sequence: userSequence, role: "user", content: [["type": "text", "text": .string(question)]]))
        _ = emit("run.queued", queued, turn: turn)
        var version = 1
        _ = emit("run.checkpointed", ["full": true, "trigger": "seed", "version": .int(version)], turn: turn)
        _ = emit("run.claimed", ["attempt": 1, "lease_epoch": 1, "worker_id": .string(workerID)], turn: turn)
        _ = emit("run.started", ["attempt": 1, "lease_epoch": 1], turn: turn)
        lastSequence += 2  // the recorded server's hidden events after run.started
        version += 1
        _ = emit("run.checkpointed", ["full": false, "trigger": "provider_pinned", "version": .int(version)], turn: turn)

        var step = 1
        let attemptBase = recipe.index * 64 + turn * 8
        if turn == 0, let search = recipe.webSearch {
            let tool = ToolProposal(
                name: "web.search", callID: "search-1", arguments: ["query": .string(search.query)], risk: "LOW",
                policyReason: "policy.matrix.read_only")
            let attemptID = Self.attemptID(attemptBase + step)
            startStep(step, turn: turn, attemptID: attemptID)
            _ = emit(
                "model.response.completed",
                [
                    "attempt_id": .string(attemptID),
                    "conversation_items": [ScriptedModel.toolCallItem(tool, itemIndex: 0)],
                    "step_number": .int(step), "stop_reason": "tool_use", "tool_names": ["web.search"],
                ], turn: turn)
            for trigger in ["model_response", "tool_pending"] {
                version += 1
                _ = emit("run.checkpointed", ["full": false, "trigger": .string(trigger), "version": .int(version)], turn: turn)
            }
            let call: JSON = ["call_id": .string(tool.callID), "name": .string(tool.name)]
            for type in ["tool.call.proposed", "tool.call.authorized", "tool.call.started"] { _ = emit(type, call, turn: turn) }
            let result = ToolResults.webSearch(query: search.query, answer: search.answer)
            _ = emit(
                "tool.call.completed",
                call.setting("reason_code", "tool.succeeded").setting(
                    "result_item",
                    ScriptedModel.toolResult(
                        callID: tool.callID, content: ScriptedModel.textParts(result), trust: "external_untrusted")),
                turn: turn)
            version += 1
            _ = emit("run.checkpointed", ["full": false, "trigger": "tool_call", "version": .int(version)], turn: turn)
            step += 1
        }
        let attemptID = Self.attemptID(attemptBase + step)
        startStep(step, turn: turn, attemptID: attemptID)
        _ = emit(
            "model.response.completed",
            [
                "attempt_id": .string(attemptID), "conversation_items": [], "step_number": .int(step),
                "stop_reason": "end_turn", "tool_names": [],
            ], turn: turn)
        version += 1
        _ = emit("run.checkpointed", ["full": false, "trigger": "model_response", "version": .int(version)], turn: turn)
        let message = StoreState.assistantMessage(answer, itemIndex: 0)
        let answerSequence = emit("assistant.message.completed", ["message": message], turn: turn)
        transcript.append(
            TranscriptItem(sequence: answerSequence, role: "assistant", content: [["type": "text", "text": .string(answer)]]))
        _ = emit("run.completed", ["final_message": message], turn: turn, isTerminal: true)
        _ = emit(
            "memory.formation.requested",
            ["not_before": "2026-01-01T00:00:00.000000+00:00", "terminal_status": "COMPLETED", "trigger": "run_terminal"],
            turn: turn)
    }

    private static func attemptID(_ number: Int) -> String { SeedRecipe.sessionID(index: number).replacingOccurrences(of: "5eed5e55", with: "5eedab1e") }
}
