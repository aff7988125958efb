import Foundation
import VeetChat
import VeetConsole
import VeetTransport

/// One `--jsonl` line: a change of the run, as data.
struct ChangeLine: Encodable, Equatable {
    var event: String
    var text: String?
    var status: String?
    var callID: String?
    var tool: String?
    var state: String?
    var result: String?
    var approvalID: String?
    var questionID: String?
    var reason: String?

    enum CodingKeys: String, CodingKey {
        case event, text, status, tool, state, result, reason
        case callID = "call_id", approvalID = "approval_id", questionID = "question_id"
    }

    init(_ event: String) { self.event = event }

    init?(_ change: RunChange) {
        switch change {
        case .status(let status): self.init("status"); self.status = status.rawValue
        case .userMessage(let text, let questionID): self.init("user_message"); self.text = text; self.questionID = questionID
        case .thinking(let heading): self.init("thinking"); text = heading
        case .thinkingEnded: self.init("thinking_ended")
        case .textDelta(let text): self.init("text_delta"); self.text = text
        case .answerSaved(let text, _): self.init("answer"); self.text = text
        case .tool(let tool):
            self.init("tool")
            callID = tool.callID
            self.tool = tool.name
            state = tool.state.rawValue
            result = tool.resultText
        case .approvalNeeded(let id): self.init("approval_needed"); approvalID = id
        case .approvalResolved(let id, let resolution):
            self.init("approval_resolved"); approvalID = id; state = resolution?.rawValue
        case .approvalInvalidated(let id): self.init("approval_invalidated"); approvalID = id
        case .resumed: return nil  // its status change is a line of its own
        case .questionAsked(let question):
            self.init("question"); questionID = question.questionID; text = question.text
        case .problem(let text): self.init("problem"); self.text = text
        case .ended(let end):
            self.init("ended")
            switch end {
            case .completed(let text): status = "COMPLETED"; self.text = text
            case .failed(let failure): status = "FAILED"; reason = failure?.reason.rawValue; text = failure?.message
            case .cancelled(let why): status = "CANCELLED"; reason = why?.rawValue
            }
        }
    }

    func print(to out: Output) {
        try? JSONOutput.print(self, layout: .compact, to: out)
    }
}
