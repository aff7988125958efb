import Foundation
import VeetTransport
import VeetWire

// Tool calls, approvals and questions. A call keeps the place of the first
// event that named it; later status events update it there.
extension Transcript {
    static func toolItemID(runID: String, callID: String) -> String { "tool:\(runID):\(callID)" }

    mutating func planTool(_ call: RunEvent.ToolCallItem, runID: String, at position: TranscriptPosition) {
        if call.name == ToolActivity.askUserTool {
            runs[runID]?.lastAskedQuestion = call.arguments["question"]?.stringValue
            return
        }
        let id = Self.toolItemID(runID: runID, callID: call.callID)
        if modifyTool(id: id, { tool in
            tool.arguments = call.arguments
            tool.rawArguments = call.rawArguments
        }) != nil { return }
        var tool = ToolActivity(callID: call.callID, name: call.name, arguments: call.arguments)
        tool.rawArguments = call.rawArguments
        insert(TranscriptItem(id: id, position: position, runID: runID, kind: .tool(tool)))
    }

    mutating func toolEvent(_ event: RunEvent.ToolCallEvent, phase: ToolCallPhase, runID: String,
                            at: TranscriptPosition?) {
        if event.name == ToolActivity.askUserTool {
            // The question card stands for this call; its result is the owner's answer.
            if phase == .completed, let answer = event.resultItem?.plainText, let questionID = pendingQuestionID(runID) {
                answerQuestion(questionID, text: answer, runID: runID)
            }
            return
        }
        let id = Self.toolItemID(runID: runID, callID: event.callID)
        if positionsByID[id] == nil {
            insert(TranscriptItem(id: id, position: at ?? nextLivePosition(), runID: runID,
                                  kind: .tool(ToolActivity(callID: event.callID, name: event.name, arguments: .object([:])))))
        }
        guard let tool = modifyTool(id: id, { $0.apply(phase: phase, event: event) }), tool.isSettled else { return }
        noteCorrection(tool, itemID: id, runID: runID)
    }

    /// "needs correction" becomes "corrected and retried" when the next call of the same tool succeeds.
    private mutating func noteCorrection(_ tool: ToolActivity, itemID: String, runID: String) {
        if tool.state == .completed, let earlier = runs[runID]?.awaitingCorrection[tool.name] {
            modifyTool(id: earlier) { $0.wasCorrectedByRetry = true }
        }
        runs[runID]?.awaitingCorrection[tool.name] = tool.needsCorrection ? itemID : nil
    }

    // MARK: Approvals

    mutating func approvalRequested(_ approvalID: String, runID: String, at: TranscriptPosition?) {
        let id = "approval:\(approvalID)"
        if positionsByID[id] == nil {
            // The call it holds is the latest one still queued without an approval.
            let call = items.last {
                $0.runID == runID && $0.tool.map { $0.state == .queued && $0.approval == nil } == true
            }?.tool
            var card = ApprovalCard(approvalID: approvalID, callID: call?.callID)
            card.toolName = call?.name
            insert(TranscriptItem(id: id, position: at ?? nextLivePosition(), runID: runID, kind: .approval(card)))
            if let call { syncApproval(id: approvalID, intoCall: call.callID, runID: runID, risk: nil) }
        }
        guard item(id: id)?.approval?.isPending == true,
              runs[runID]?.pendingApprovalIDs.contains(approvalID) == false else { return }
        runs[runID]?.pendingApprovalIDs.append(approvalID)
    }

    mutating func settleApproval(_ approvalID: String, runID: String, state: ApprovalCard.State) {
        runs[runID]?.pendingApprovalIDs.removeAll { $0 == approvalID }
        let id = "approval:\(approvalID)"
        var callID: String?
        modify(id: id) { item in
            guard case .approval(var card) = item.kind else { return }
            // The first settled state wins (a cancel after a decision changes nothing).
            if card.isPending || state == .invalidated { card.state = state }
            callID = card.callID
            item.kind = .approval(card)
        }
        if let callID { syncApproval(id: approvalID, intoCall: callID, runID: runID, risk: nil) }
    }

    /// Copies the card onto its call, so a bundle row can name the decision.
    mutating func syncApproval(id approvalID: String, intoCall callID: String, runID: String, risk: ToolRisk?) {
        guard let card = item(id: "approval:\(approvalID)")?.approval else { return }
        modifyTool(id: Self.toolItemID(runID: runID, callID: callID)) { tool in
            tool.approval = card
            if let risk { tool.noteServerRisk(risk) }
        }
    }

    // MARK: Questions

    mutating func askQuestion(_ questionID: String?, runID: String, at: TranscriptPosition?) {
        let run = runs[runID, default: RunTrack()]
        let text = run.lastAskedQuestion ?? run.openQuestions.last
        if let existing = run.questionItemID, item(id: existing)?.question?.state == .pending {
            modify(id: existing) { item in
                item.kind = .question(QuestionCard(questionID: questionID ?? item.question?.questionID,
                                                   text: text ?? item.question?.text))
            }
            return
        }
        let position = at ?? nextLivePosition()
        let id = "question:\(runID):\(questionID ?? String(describing: position))"
        guard positionsByID[id] == nil else { return }
        insert(TranscriptItem(id: id, position: position, runID: runID,
                              kind: .question(QuestionCard(questionID: questionID, text: text))))
        runs[runID]?.questionItemID = id
    }

    private func pendingQuestionID(_ runID: String) -> String? {
        guard let id = runs[runID]?.questionItemID, let question = item(id: id)?.question, question.state == .pending
        else { return nil }
        return question.questionID ?? ""
    }

    mutating func answerQuestion(_ questionID: String, text: String?, runID: String) {
        guard let id = runs[runID]?.questionItemID else { return }
        modify(id: id) { item in
            guard var question = item.question, question.state == .pending,
                  question.questionID == nil || questionID.isEmpty || question.questionID == questionID
            else { return }
            question.state = .answered
            question.answer = text ?? question.answer
            item.kind = .question(question)
        }
    }

    mutating func workingState(_ update: RunEvent.WorkingStateUpdated, runID: String) {
        runs[runID]?.openQuestions = update.workingState.openQuestions
        // A shown question no longer open was answered (through any surface).
        guard update.source != "runtime_question", let id = runs[runID]?.questionItemID,
              let question = item(id: id)?.question, question.state == .pending, let text = question.text,
              !update.workingState.openQuestions.contains(text)
        else { return }
        answerQuestion(question.questionID ?? "", text: nil, runID: runID)
    }
}
