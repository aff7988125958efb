import Foundation
import VeetTransport
import VeetWire

/// One observable change a frame made to a run, as `Transcript.applyReportingChanges`
/// reports it, for frontends that render incrementally (the CLI, `TurnRunner`).
public enum RunChange: Sendable, Hashable {
    case status(RunStatus)
    /// The run left a wait (for an approval or an answer) and works again.
    case resumed
    case userMessage(text: String, questionID: String?)
    case thinking(heading: String?)
    case thinkingEnded
    case textDelta(String)
    /// The saved answer replaces what was streamed in this step.
    case answerSaved(text: String, streamedBefore: String)
    case tool(ToolActivity)
    case approvalNeeded(approvalID: String)
    case approvalResolved(approvalID: String, resolution: ApprovalResolution?)
    /// A policy change voided the approval; the action will be denied.
    case approvalInvalidated(approvalID: String)
    case questionAsked(PendingQuestion)
    case problem(String)
    case ended(RunEnd)
}

/// A question the run waits on.
public struct PendingQuestion: Sendable, Hashable {
    public var questionID: String?
    /// The question text when the stream showed it; nil means "ask generically".
    public var text: String?

    public init(questionID: String?, text: String?) {
        self.questionID = questionID
        self.text = text
    }
}

/// How a run ended.
public enum RunEnd: Sendable, Hashable {
    case completed(text: String)
    case failed(RunFailureView?)
    case cancelled(reason: RunCancelReason?)
}

/// What a change means for an owner who is not looking (the daemon's desktop
/// alerts). The transcript says it; the daemon passes it on one to one.
public enum RunAttention: Sendable, Hashable {
    /// An approval waits for its owner.
    case approvalPending(approvalID: String)
    /// The approval was decided or voided (here or elsewhere).
    case approvalSettled(approvalID: String)
    case questionAsked(questionID: String?)
    /// The run resumed or ended: what it waited for is moot.
    case runMovedOn
    case runFailed
}

extension RunChange {
    /// What this change asks of (or settles for) an owner away from the screen.
    public var attention: [RunAttention] {
        switch self {
        case .approvalNeeded(let id): [.approvalPending(approvalID: id)]
        case .approvalResolved(let id, _), .approvalInvalidated(let id): [.approvalSettled(approvalID: id)]
        case .questionAsked(let question): [.questionAsked(questionID: question.questionID)]
        case .resumed: [.runMovedOn]
        case .ended(.failed): [.runMovedOn, .runFailed]
        case .ended: [.runMovedOn]
        default: []
        }
    }
}
