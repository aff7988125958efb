import Foundation

/// How a scripted tool call ends.
enum ToolOutcome {
    /// `tool.call.completed`; `isError` marks an error result on a completed call.
    case completed(result: String, isError: Bool = false, trust: String = "internal_tool")
    /// `tool.call.failed` with an outcome document (`status` `failed` or `unavailable`);
    /// `externalText` adds a second, untrusted text part.
    case failed(status: String, reasonCode: String, message: String, retryable: Bool, remediation: String,
                externalText: String? = nil)
    /// `tool.call.uncertain`: the effect may or may not have happened.
    case uncertain(reasonCode: String, message: String)
    /// `tool.call.denied` by policy (with a result item; no approval involved).
    case policyDenied(reasonCode: String, message: String)
}

extension RunDriver {
    /// Plans `tools` in one model response (after optional interim text) and plays each to its outcome.
    func callTools(_ calls: [(ToolProposal, ToolOutcome)], interimText: String? = nil) throws {
        let attempt = try startModelStep()
        var items: [JSON] = []
        if let interimText {
            try stream([interimText], in: attempt, itemIndex: 0)
            items.append(StoreState.assistantMessage(interimText, itemIndex: 0))
        }
        for (tool, _) in calls { items.append(ScriptedModel.toolCallItem(tool, itemIndex: items.count)) }
        try completeResponse(
            attempt, items: items, toolNames: calls.map(\.0.name), outputText: interimText ?? "")
        try checkpoint("tool_pending")
        for (tool, outcome) in calls { try play(tool, outcome) }
        try checkpoint("tool_call")
    }

    /// The lifecycle events of one call: proposed, then authorized/started and its end
    /// (a policy denial goes straight from proposed to denied).
    func play(_ tool: ToolProposal, _ outcome: ToolOutcome, authorization: [(String, JSON)] = []) throws {
        try toolEvent("tool.call.proposed", tool)
        if case .policyDenied(let reasonCode, let message) = outcome {
            let document = ToolResults.outcome(
                status: "denied", action: tool.name, reasonCode: reasonCode, message: message, retryable: false,
                remediation: "none")
            return try endTool(
                "tool.call.denied", tool, reasonCode: reasonCode,
                resultItem: errorResult(tool, parts: [document], trust: "internal_tool"))
        }
        try toolEvent("tool.call.authorized", tool, extra: authorization)
        try toolEvent("tool.call.started", tool)
        switch outcome {
        case .completed(let result, let isError, let trust):
            var item = ScriptedModel.toolResult(callID: tool.callID, content: ScriptedModel.textParts(result), trust: trust)
            if isError { item = item.setting("is_error", true) }
            try endTool("tool.call.completed", tool, reasonCode: "tool.succeeded", resultItem: item)
        case .failed(let status, let reasonCode, let message, let retryable, let remediation, let externalText):
            let document = ToolResults.outcome(
                status: status, action: tool.name, reasonCode: reasonCode, message: message, retryable: retryable,
                remediation: remediation)
            let parts = [document] + (externalText.map { [$0] } ?? [])
            let trust = externalText == nil ? "internal_tool" : "external_untrusted"
            try endTool(
                "tool.call.failed", tool, reasonCode: reasonCode, resultItem: errorResult(tool, parts: parts, trust: trust))
        case .uncertain(let reasonCode, let message):
            let document = ToolResults.outcome(
                status: "uncertain", action: tool.name, reasonCode: reasonCode, message: message, retryable: false,
                remediation: "none")
            try endTool(
                "tool.call.uncertain", tool, reasonCode: reasonCode,
                resultItem: errorResult(tool, parts: [document], trust: "internal_tool"))
        case .policyDenied:
            break
        }
    }

    private func errorResult(_ tool: ToolProposal, parts: [String], trust: String) -> JSON {
        ScriptedModel.toolResult(
            callID: tool.callID, content: .array(parts.map { ["kind": "text", "text": .string($0)] }), trust: trust
        ).setting("is_error", true)
    }

    private func endTool(_ type: String, _ tool: ToolProposal, reasonCode: String, resultItem: JSON) throws {
        try pause()
        try step { state, run in
            run.toolCallCount += 1
            state.append(
                type,
                [
                    "call_id": .string(tool.callID), "name": .string(tool.name), "reason_code": .string(reasonCode),
                    "result_item": resultItem,
                ], to: run)
        }
    }

    /// A final answer streamed in pieces of `chunkSize` characters.
    func answer(_ text: String, chunkSize: Int = 16, itemIndex: Int = 0, files: [ArtifactRecord] = []) throws {
        let attempt = try startModelStep()
        try stream(ScriptedModel.chunks(text, size: chunkSize), in: attempt, itemIndex: itemIndex)
        try completeResponse(attempt, outputText: text)
        try finishWithAnswer(text, itemIndex: itemIndex, files: files)
    }
}
