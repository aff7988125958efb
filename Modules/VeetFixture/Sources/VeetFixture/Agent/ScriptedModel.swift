import Foundation

/// Texts and payload pieces of the scripted model, shaped like the recordings.
enum ScriptedModel {
    static let question = "Which region should I use?"
    static let interimApprovalText = "I will record that externally. "
    static let prefixSHA256 = "79717ed303418e728143580961d04253bed0a14578d0a1a93d4de780528a8cf6"

    static func toolCallItem(_ tool: ToolProposal, itemIndex: Int) -> JSON {
        [
            "arguments": tool.arguments, "call_id": .string(tool.callID), "item_index": .int(itemIndex),
            "kind": "tool_call", "name": .string(tool.name), "parse_error": nil,
            "raw_arguments": .string(tool.arguments.serialized(sortedKeys: true)), "source_event_sequence": nil,
        ]
    }

    static func toolResult(callID: String, content: JSON, trust: String = "internal_tool") -> JSON {
        [
            "call_id": .string(callID), "content": content, "is_error": false, "kind": "tool_result",
            "source_event_sequence": nil, "trust": .string(trust),
        ]
    }

    static func textParts(_ text: String) -> JSON { [["kind": "text", "text": .string(text)]] }

    static func workingState(openQuestions: [String]) -> JSON {
        [
            "constraints": [], "established_facts": [], "next_action": nil, "objective": nil,
            "open_questions": .array(openQuestions.map { .string($0) }), "tasks": [],
        ]
    }

    /// The outcome document of a tool call that an approval denial stopped.
    static func deniedOutcome(_ tool: ToolProposal) -> String {
        let outcome: JSON = [
            "status": "denied", "action": .string(tool.name), "reason_code": "approval.denied",
            "message": "Not performed. Approval was required and was denied.", "retryable": false,
            "remediation": "request_approval",
        ]
        return outcome.serialized()
    }

    /// What the model says after a tool: the first 160 characters of its result.
    static func toolFollowUp(_ tool: ToolProposal, result: String) -> String {
        "Tool \(tool.name) finished. Result excerpt: \(result.prefix(160))"
    }

    static func markdownAnswer(for prompt: String) -> String {
        let collapsed = prompt.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let quoted = collapsed.isEmpty ? "(no text)" : String(collapsed.prefix(80))
        return """
            ## Reply from the fixture

            You wrote: *\(quoted)*

            - a **bold** point
            - some `inline code`
            - a third item

            That is all for now.
            """
    }

    static func answerUsing(_ answer: String) -> String {
        "Thanks. I will use this: \(answer)"
    }

    /// Splits text into pieces of `size` characters (the recorded model sends 16).
    static func chunks(_ text: String, size: Int = 16) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if current.count == size {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Two pieces: the first 20 characters, then the rest (the recorded tool follow-ups).
    static func headAndRest(_ text: String) -> [String] {
        let head = String(text.prefix(20))
        let rest = String(text.dropFirst(20))
        return rest.isEmpty ? [head] : [head, rest]
    }
}
