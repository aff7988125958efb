import Foundation

/// The scenario scripts, frame for frame like the recordings (sse-*.txt).
extension RunDriver {
    func play(resuming: Bool) {
        do {
            let context = try context()
            switch (context.scenario, resuming) {
            case (.markdown, false): try playMarkdown(prompt: context.prompt)
            case (.calculator(let calculation), false): try playCalculator(calculation)
            case (.approval, false): try proposeForApproval(.externalWrite, interimText: ScriptedModel.interimApprovalText)
            case (.approval, true): try continueExternalWrite(.externalWrite, decision: context.decision)
            case (.artifact, false): try proposeForApproval(.writeReport, interimText: nil)
            case (.artifact, true): try continueArtifact(decision: context.decision)
            case (.askUser, false): try playQuestion()
            case (.askUser, true): try continueAfterAnswer(context.answer ?? "")
            case (.reasoning, false): try playReasoning()
            case (.slow, false): try playSlow()
            case (.modelFailure, false): try playFailure()
            case (.longApproval, false):
                try proposeForApproval(.longExternalWrite, interimText: ScriptedModel.interimApprovalText)
            case (.longApproval, true): try continueExternalWrite(.longExternalWrite, decision: context.decision)
            case (.research, false): try playResearch()
            case (.fetchOutcomes, false): try playFetchOutcomes()
            case (.browse, false): try proposeForApproval(.browserClick, interimText: "I'll open the next lesson. ")
            case (.browse, true): try continueBrowse(decision: context.decision)
            case (.export, false): try playExport()
            case (.reasoningSummary, false): try playReasoningSummary()
            case (.deadlineCancel, false): try playDeadlineCancel()
            case (.deadlineFailure, false): try playDeadlineFailure()
            case (.longMarkdown, false): try answerAfterClaim(LongMarkdown.text, chunkSize: 96)
            default: break
            }
        } catch {
            // RunStopped: the run ended elsewhere (cancel, delete) or the server stops.
        }
    }

    private func playMarkdown(prompt: String) throws {
        try claim()
        let attempt = try startModelStep()
        let text = ScriptedModel.markdownAnswer(for: prompt)
        try stream(ScriptedModel.chunks(text), in: attempt, itemIndex: 0)
        try completeResponse(attempt, outputText: text)
        try finishWithAnswer(text)
    }

    private func playCalculator(_ calculation: Calculation) throws {
        let tool = ToolProposal.calculate(calculation)
        try claim()
        let first = try startModelStep()
        try completeResponse(first, items: [ScriptedModel.toolCallItem(tool, itemIndex: 0)], toolNames: [tool.name])
        try checkpoint("tool_pending")
        try toolEvent("tool.call.proposed", tool)
        try toolEvent("tool.call.authorized", tool)
        try toolEvent("tool.call.started", tool)
        try completeTool(tool, content: ScriptedModel.textParts(calculation.result))
        try checkpoint("tool_call")
        let second = try startModelStep()
        let answer = "The answer is \(calculation.result)."
        try stream([answer], in: second, itemIndex: 0)
        try completeResponse(second, outputText: answer)
        try finishWithAnswer(answer)
    }

    /// Step 1 of the approval scenarios: the call is proposed and the run parks.
    func proposeForApproval(_ tool: ToolProposal, interimText: String?) throws {
        try claim()
        let attempt = try startModelStep()
        var items: [JSON] = []
        if let interimText {
            try stream([interimText], in: attempt, itemIndex: 0)
            items.append(StoreState.assistantMessage(interimText, itemIndex: 0))
        }
        items.append(ScriptedModel.toolCallItem(tool, itemIndex: items.count))
        try completeResponse(attempt, items: items, toolNames: [tool.name], outputText: interimText ?? "")
        try checkpoint("tool_pending")
        try toolEvent("tool.call.proposed", tool)
        try suspendForApproval(tool)
    }

    /// After the decision: run the tool (or record the denial), then report.
    /// Returns the result text the model quotes, or nil when the call was denied.
    func resumeApprovedCall(_ tool: ToolProposal, decision: String?, result: JSON) throws -> String {
        try claim()
        try skipCheckpointVersions(1)
        if decision == "deny" {
            try toolEvent("tool.call.denied", tool, extra: [("reason_code", "approval.denied")])
            try checkpoint("tool_recovered")
            return ScriptedModel.deniedOutcome(tool)
        }
        try toolEvent("tool.call.authorized", tool)
        try toolEvent("tool.call.started", tool)
        let resultText = result.serialized(sortedKeys: true)
        try completeTool(tool, content: ScriptedModel.textParts(resultText))
        try checkpoint("tool_recovered")
        return resultText
    }

    private func reportTool(_ tool: ToolProposal, result: String) throws {
        let attempt = try startModelStep()
        let text = ScriptedModel.toolFollowUp(tool, result: result)
        try stream(ScriptedModel.headAndRest(text), in: attempt, itemIndex: 0)
        try completeResponse(attempt, outputText: text)
        try finishWithAnswer(text)
    }

    private func continueExternalWrite(_ tool: ToolProposal = .externalWrite, decision: String?) throws {
        let content = tool.arguments["content"]?.stringValue ?? ""
        let result: JSON = [
            "byte_count": .int(content.utf8.count), "checksum": .string("sha256:" + SHA256.hex(content)),
            "destination": tool.arguments["destination"] ?? nil, "recorded": true,
        ]
        try reportTool(tool, result: try resumeApprovedCall(tool, decision: decision, result: result))
    }

    private func continueArtifact(decision: String?) throws {
        let write = ToolProposal.writeReport
        let content = write.arguments["content"]?.stringValue ?? ""
        let result: JSON = [
            "byte_count": .int(content.utf8.count), "checksum": .string("sha256:" + SHA256.hex(content)),
            "created": true, "path": write.arguments["path"] ?? nil,
        ]
        let resultText = try resumeApprovedCall(write, decision: decision, result: result)
        guard decision != "deny" else { return try reportTool(write, result: resultText) }

        let export = ToolProposal.exportReport
        let exportStep = try startModelStep()
        try completeResponse(
            exportStep, items: [ScriptedModel.toolCallItem(export, itemIndex: 0)], toolNames: [export.name])
        try checkpoint("tool_pending", full: true)
        try toolEvent("tool.call.proposed", export)
        try toolEvent("tool.call.authorized", export)
        try toolEvent("tool.call.started", export)
        try step { state, run in
            state.storeArtifact(
                sessionID: run.sessionID, runID: run.id, name: "report.txt", mediaType: "text/plain",
                bytes: Data(content.utf8))
        }
        // The snapshot's export result names no artifact: its content is empty.
        try completeTool(export, content: [])
        try checkpoint("tool_call")
        try reportTool(export, result: "")
    }

    private func playQuestion() throws {
        let tool = ToolProposal.askUser
        try claim()
        let attempt = try startModelStep()
        try completeResponse(attempt, items: [ScriptedModel.toolCallItem(tool, itemIndex: 0)], toolNames: [tool.name])
        try checkpoint("tool_pending")
        try toolEvent("tool.call.proposed", tool)
        try toolEvent("tool.call.authorized", tool)
        try toolEvent("tool.call.started", tool)
        try suspendForQuestion(ScriptedModel.question)
    }

    private func continueAfterAnswer(_ answer: String) throws {
        try claim()
        try skipCheckpointVersions(2)
        try checkpoint("tool_recovered")
        let attempt = try startModelStep()
        let text = ScriptedModel.answerUsing(answer)
        try stream(ScriptedModel.chunks(text), in: attempt, itemIndex: 0)
        try completeResponse(attempt, outputText: text)
        try finishWithAnswer(text)
    }

    private func playReasoning() throws {
        try claim()
        let attempt = try startModelStep()
        try stream(["Let me consider this carefully."], in: attempt, itemIndex: 0, type: "reasoning.delta")
        let pieces = ["Thought about it: ", "forty-two."]
        try stream(pieces, in: attempt, itemIndex: 1)
        try completeResponse(attempt, outputText: pieces.joined())
        try finishWithAnswer(pieces.joined(), itemIndex: 1)
    }

    private func playSlow() throws {
        try claim()
        let attempt = try startModelStep()
        let pieces = (0..<20).map { "slow chunk \($0). " }
        try stream(pieces, in: attempt, itemIndex: 0, interval: pacing.slowReplyDuration / Double(pieces.count))
        try completeResponse(attempt, outputText: pieces.joined())
        try finishWithAnswer(pieces.joined())
    }

    private func playFailure() throws {
        try claim()
        let attempt = try startModelStep()
        try failPermanently(attempt)
    }
}
