import Foundation
import VeetTransport
import VeetWire

extension Transcript {
    /// Applies one frame of a run's stream. Returns false when it changed nothing
    /// visible to the reducer (a persisted frame seen before is ignored completely).
    @discardableResult
    public mutating func apply(_ frame: RunEventFrame) -> Bool {
        guard let runID = frame.runID ?? latestRunID else { return false }
        if let sequence = frame.sequence {
            updateRun(runID) { run in
                if run.startSequence.map({ sequence < $0 }) ?? true { run.startSequence = sequence }
            }
            guard seenSequences.insert(sequence).inserted else { return false }
            noteSequence(sequence)
        } else if runs[runID] == nil {
            runs[runID] = RunTrack()
        }
        latestRunID = runID
        let at = frame.sequence.map { TranscriptPosition.durable(sequence: $0, index: 0) }
        switch frame.event {
        case .userMessageCreated(let message):
            userMessage(message, runID: runID, at: at)
        case .runQueued, .runRequeued: runs[runID]?.status = .queued
        case .runClaimed, .runStarted, .runResumed: runs[runID]?.status = .running
        case .modelRequestStarted: startStep(runID)
        case .reasoningDelta(let delta): think(runID, summary: delta.isSummary ? delta : nil)
        case .reasoningSummaryDelta(let delta): think(runID, summary: delta)
        case .messageDelta(let delta): streamText(delta.text, runID: runID)
        case .modelResponseCompleted(let response): modelResponse(response, runID: runID, sequence: frame.sequence)
        case .runWaitingForApproval(let waiting):
            runs[runID]?.status = .waitingForApproval
            if let id = waiting.approvalID { approvalRequested(id, runID: runID, at: at) }
        case .approvalRequested(let requested): approvalRequested(requested.approvalID, runID: runID, at: at)
        case .approvalResolved(let resolved):
            settleApproval(resolved.approvalID, runID: runID, state: ApprovalCard.state(for: resolved.resolution))
        case .approvalInvalidated(let invalidated):
            settleApproval(invalidated.approvalID, runID: runID, state: .invalidated)
        case .runWaitingForUser(let waiting):
            runs[runID]?.status = .waitingForUser
            askQuestion(waiting.questionID, runID: runID, at: at)
        case .workingStateUpdated(let update): workingState(update, runID: runID)
        case .assistantMessageCompleted(let completed):
            saveAnswer(completed.message, runID: runID, at: at)
        case .runCompleted(let completed):
            if let final = completed.finalMessage, runs[runID]?.finalAnswerItemID == nil {
                saveAnswer(final, runID: runID, at: at)
            }
            finish(runID, status: .completed, outcome: nil, at: at)
        case .runFailed(let failed):
            runs[runID]?.failure = failed.failure
            finish(runID, status: .failed, outcome: RunOutcome(runID: runID, failure: failed.failure), at: at)
        case .runCancelled(let cancelled):
            runs[runID]?.cancelReason = cancelled.reason
            finish(runID, status: .cancelled, outcome: RunOutcome(runID: runID, cancelReason: cancelled.reason), at: at)
        case .malformed(let bad): problems.append(bad.description)
        default:
            guard let (phase, call) = frame.event.toolCall else { return false }
            toolEvent(call, phase: phase, runID: runID, at: at)
        }
        return true
    }

    /// Applies frames in order.
    public mutating func apply(_ frames: some Sequence<RunEventFrame>) {
        for frame in frames { apply(frame) }
    }

    // MARK: Messages

    private mutating func userMessage(_ event: RunEvent.UserMessageCreated, runID: String, at: TranscriptPosition?) {
        let text = event.plainText
        let files = FileReference.all(in: event.content)
        let position = at ?? nextLivePosition()
        if let questionID = event.questionID { answerQuestion(questionID, text: text, runID: runID) }
        if let optimistic = optimisticMatch(runID: runID, text: text) {
            modify(id: optimistic) { item in
                item.runID = runID
                item.kind = .user(UserMessage(text: text, files: files, questionID: event.questionID))
            }
            move(id: optimistic, to: position)
            optimisticIDs.removeAll { $0 == optimistic }
            return
        }
        insert(TranscriptItem(id: "user:\(position.sequence.map(String.init) ?? UUID().uuidString)",
                              position: position, runID: runID,
                              kind: .user(UserMessage(text: text, files: files, questionID: event.questionID))))
    }

    /// The optimistic message this server copy replaces: the one accepted for this
    /// run, else the oldest not yet accepted with the same text.
    private func optimisticMatch(runID: String, text: String) -> String? {
        guard !optimisticIDs.isEmpty else { return nil }
        let waiting = optimisticIDs.compactMap(item(id:))
        if let accepted = waiting.first(where: { $0.runID == runID }) { return accepted.id }
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return waiting.first {
            $0.runID == nil && $0.user?.text.trimmingCharacters(in: .whitespacesAndNewlines) == wanted
        }?.id
    }

    private mutating func startStep(_ runID: String) {
        var run = runs[runID, default: RunTrack()]
        run.status = run.status.isWaiting ? .running : run.status
        run.answerStarted = false
        run.summaryPart = ""
        run.summaryItemIndex = nil
        runs[runID] = run
        // A preview nothing saved belonged to an attempt that failed; its retry streams anew.
        if let id = run.streamingItemID {
            runs[runID]?.streamingItemID = nil
            if let i = index(of: id), items[i].assistant?.phase == .streaming { remove(at: i) }
        }
    }

    /// Raw reasoning is dropped here: only the flag and a summary's latest heading survive.
    private mutating func think(_ runID: String, summary: RunEvent.TextDelta?) {
        updateRun(runID) { run in
            guard !run.answerStarted else { return }
            run.isThinking = true
            if let summary {
                if summary.itemIndex != run.summaryItemIndex {
                    run.summaryPart = ""
                    run.summaryItemIndex = summary.itemIndex
                }
                // Only the opening of a part can hold its heading; never keep more than that.
                if run.summaryPart.utf8.count < 1_024 { run.summaryPart += summary.text }
                if let heading = ReasoningSummary.latestHeading(in: run.summaryPart) { run.thinkingHeading = heading }
            }
        }
    }

    private mutating func streamText(_ text: String, runID: String) {
        var id = runs[runID]?.streamingItemID.flatMap { positionsByID[$0] != nil ? $0 : nil }
        let started = id == nil
        if id == nil {
            let position = nextLivePosition()
            let made = "assistant:\(runID):live:\(nextLiveOrder)"
            insert(TranscriptItem(id: made, position: position, runID: runID,
                                  kind: .assistant(AssistantMessage(text: "", phase: .streaming))))
            id = made
        }
        updateRun(runID) { run in
            run.answerStarted = true
            run.isThinking = false
            run.thinkingHeading = nil
            if !run.summaryPart.isEmpty { run.summaryPart = "" }
            if started {
                run.streamingItemID = id
                run.latestAnswerItemID = id
            }
        }
        if let id { modifyAssistant(id: id) { $0.text += text } }
    }

    private mutating func modelResponse(_ response: RunEvent.ModelResponseCompleted, runID: String, sequence: Int64?) {
        runs[runID]?.isThinking = false
        runs[runID]?.thinkingHeading = nil
        for (index, conversationItem) in response.conversationItems.enumerated() {
            let position = sequence.map { TranscriptPosition.durable(sequence: $0, index: index) } ?? nextLivePosition()
            switch conversationItem {
            case .assistant(let message):
                placeMessage(message, phase: .interim, runID: runID, at: position)
            case .toolCall(let call):
                planTool(call, runID: runID, at: position)
            case .other:
                break
            }
        }
    }

    /// The saved answer replaces the streamed preview in place (or is added once).
    private mutating func saveAnswer(_ message: RunEvent.AssistantMessage, runID: String, at: TranscriptPosition?) {
        let text = message.plainText
        if let existing = savedAnswer(text, runID: runID) {
            // Already shown (restored from the transcript): a preview streamed meanwhile goes.
            if let streaming = runs[runID]?.streamingItemID, let i = index(of: streaming) { remove(at: i) }
            runs[runID]?.streamingItemID = nil
            runs[runID]?.finalAnswerItemID = existing
            return
        }
        let saved = placeMessage(message, phase: .final, runID: runID, at: at ?? nextLivePosition())
        runs[runID]?.finalAnswerItemID = saved
    }

    /// Turns the streaming preview into `message` at `position`, or adds it there.
    @discardableResult
    private mutating func placeMessage(_ message: RunEvent.AssistantMessage, phase: AssistantMessage.Phase,
                                       runID: String, at position: TranscriptPosition) -> String {
        let saved = AssistantMessage(text: message.plainText, files: FileReference.all(in: message.content),
                                     phase: phase, trust: message.trust)
        if let id = runs[runID]?.streamingItemID, positionsByID[id] != nil {
            runs[runID]?.streamingItemID = nil
            modify(id: id) { $0.kind = .assistant(saved) }
            move(id: id, to: position)
            return id
        }
        let id = "assistant:\(position.sequence.map { "\($0):" } ?? "live:")\(positionIndex(position))"
        insert(TranscriptItem(id: id, position: position, runID: runID, kind: .assistant(saved)))
        runs[runID]?.latestAnswerItemID = id
        return id
    }

    private func positionIndex(_ position: TranscriptPosition) -> Int {
        switch position {
        case .durable(_, let index): index
        case .live(let order): order
        }
    }

    /// A final message with this text already shown for this run (restored from the transcript).
    private func savedAnswer(_ text: String, runID: String) -> String? {
        let start = runs[runID]?.startSequence ?? Int64.min
        // By index: iterating the items themselves would copy each one, every field retained.
        for i in items.indices.reversed() {
            if let sequence = items[i].position.sequence, sequence < start { break }
            guard case .assistant(let message) = items[i].kind else { continue }
            if message.phase == .final, message.text == text, items[i].runID == nil || items[i].runID == runID {
                return items[i].id
            }
        }
        return nil
    }

    // MARK: End of a run

    private mutating func finish(_ runID: String, status: RunStatus, outcome: RunOutcome?, at: TranscriptPosition?) {
        var run = runs[runID, default: RunTrack()]
        run.status = status
        run.isThinking = false
        run.thinkingHeading = nil
        run.summaryPart = ""
        let pending = run.pendingApprovalIDs
        run.pendingApprovalIDs = []
        let streaming = run.streamingItemID
        run.streamingItemID = nil
        runs[runID] = run
        // Cancelling (or failing) a waiting run settles nothing by event: clear it here.
        for approvalID in pending { settleApproval(approvalID, runID: runID, state: .cancelled) }
        if let questionID = run.questionItemID {
            modify(id: questionID) { item in
                if var question = item.question, question.state == .pending {
                    question.state = .withdrawn
                    item.kind = .question(question)
                }
            }
        }
        if let streaming { modifyAssistant(id: streaming) { if $0.phase == .streaming { $0.phase = .interrupted } } }
        if let outcome {
            let id = "outcome:\(runID)"
            guard positionsByID[id] == nil else { return }
            insert(TranscriptItem(id: id, position: at ?? nextLivePosition(), runID: runID, kind: .outcome(outcome)))
        }
    }
}
