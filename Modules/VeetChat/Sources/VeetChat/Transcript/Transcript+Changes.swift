import Foundation
import VeetTransport
import VeetWire

// The changes a frame made, read off the transcript before and after it: the
// one reducer reports, so a frontend's progress lines can never disagree
// with what the transcript shows.
extension Transcript {
    /// Applies one frame and says what it changed for its run, in the order a
    /// frontend shows it. Empty when the frame changed nothing (a persisted
    /// frame seen before).
    public mutating func applyReportingChanges(_ frame: RunEventFrame) -> [RunChange] {
        guard let runID = frame.runID ?? latestRunID else { return [] }
        let before = runs[runID] ?? RunTrack()
        // Read only before a frame that can save an answer: a copy held across a
        // message.delta would make its append copy the whole answer so far.
        let streamedBefore = Self.canSaveAnswer(frame) ? before.streamingItemID.flatMap { item(id: $0)?.assistant?.text } ?? "" : ""
        let plannedBefore = plannedCallIDs(in: frame).filter { positionsByID[Self.toolItemID(runID: runID, callID: $0)] != nil }
        guard apply(frame) else { return [] }
        let after = runs[runID] ?? RunTrack()
        var changes: [RunChange] = []

        if case .userMessageCreated(let message) = frame.event {
            changes.append(.userMessage(text: message.plainText, questionID: message.questionID))
        }
        if before.isThinking, !after.isThinking, !after.status.isTerminal { changes.append(.thinkingEnded) }
        if after.isThinking, !before.isThinking || before.thinkingHeading != after.thinkingHeading {
            changes.append(.thinking(heading: after.thinkingHeading))
        }
        if case .messageDelta(let delta) = frame.event { changes.append(.textDelta(delta.text)) }
        if let saved = after.finalAnswerItemID, saved != before.finalAnswerItemID,
           let text = item(id: saved)?.assistant?.text {
            changes.append(.answerSaved(text: text, streamedBefore: streamedBefore))
        }
        changes += toolChanges(frame, runID: runID, plannedBefore: Set(plannedBefore))
        switch frame.event {
        case .approvalResolved(let resolved):
            changes.append(.approvalResolved(approvalID: resolved.approvalID, resolution: resolved.resolution))
        case .approvalInvalidated(let invalidated):
            changes.append(.approvalInvalidated(approvalID: invalidated.approvalID))
        default: break
        }
        for id in after.pendingApprovalIDs where !before.pendingApprovalIDs.contains(id) {
            changes.append(.approvalNeeded(approvalID: id))
        }
        if case .runWaitingForUser = frame.event, let question = pendingQuestion(ofRun: runID) {
            changes.append(.questionAsked(PendingQuestion(questionID: question.questionID, text: question.text)))
        }
        if before.status != after.status { changes.append(.status(after.status)) }
        if before.status.isWaiting, !after.status.isWaiting, !after.status.isTerminal { changes.append(.resumed) }
        if case .malformed(let bad) = frame.event { changes.append(.problem(bad.description)) }
        if after.status.isTerminal, !before.status.isTerminal { changes.append(.ended(end(of: runID))) }
        return changes
    }

    /// The frames that can save a run's answer (`saveAnswer` in Transcript+Events.swift).
    private static func canSaveAnswer(_ frame: RunEventFrame) -> Bool {
        switch frame.event {
        case .assistantMessageCompleted, .runCompleted: true
        default: false
        }
    }

    /// The calls a model response plans (the ones a tool row stands for).
    private func plannedCallIDs(in frame: RunEventFrame) -> [String] {
        guard case .modelResponseCompleted(let response) = frame.event else { return [] }
        return response.toolCalls.map(\.callID)
    }

    /// Tool rows the frame added (planned calls) or moved (a call's own event).
    private func toolChanges(_ frame: RunEventFrame, runID: String, plannedBefore: Set<String>) -> [RunChange] {
        var callIDs = plannedCallIDs(in: frame).filter { !plannedBefore.contains($0) }
        if let (_, call) = frame.event.toolCall { callIDs.append(call.callID) }
        return callIDs.compactMap { callID in
            item(id: Self.toolItemID(runID: runID, callID: callID))?.tool.map(RunChange.tool)
        }
    }

    private func end(of runID: String) -> RunEnd {
        let run = run(runID)
        switch run.status {
        case .failed: return .failed(run.failure)
        case .cancelled: return .cancelled(reason: run.cancelReason)
        default: return .completed(text: run.answerText)
        }
    }
}
