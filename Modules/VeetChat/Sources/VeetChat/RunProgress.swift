import Foundation
import VeetTransport
import VeetWire

/// What one run has done so far, reduced from its event frames. Pure: no
/// I/O, so every frontend (CLI, TUI, daemon) gets identical behaviour and
/// tests can feed recordings straight in.
public struct RunProgress: Sendable, Hashable {
    public let runID: String
    public private(set) var status: RunStatus
    /// Text streamed in the current model step (deltas are a best-effort preview).
    public private(set) var stepText = ""
    /// All text streamed during the run, planning text included.
    public private(set) var streamedText = ""
    /// The saved answer (`assistant.message.completed` or `run.completed.final_message`).
    public private(set) var savedText: String?
    public private(set) var isThinking = false
    /// The latest heading of a reasoning summary, shown as "Thinking: ..." until the answer starts.
    public private(set) var thinkingHeading: String?
    public private(set) var tools: [ToolActivity] = []
    public private(set) var pendingApprovalID: String?
    public private(set) var pendingQuestion: PendingQuestion?
    public private(set) var failure: RunFailureView?
    public private(set) var cancelReason: RunCancelReason?
    /// Frames whose payload could not be read; kept so nothing is silently lost.
    public private(set) var malformed: [MalformedRunEvent] = []
    private var questionTexts: [String: String] = [:]  // ask_user call id -> question
    private var openQuestions: [String] = []

    public init(runID: String, status: RunStatus = .queued) {
        self.runID = runID
        self.status = status
    }

    /// The text to show as the run's answer.
    public var answerText: String { savedText ?? stepText }

    /// The one line that says what the run needs from its owner, if anything.
    public var statusLine: String? {
        switch status {
        // A run still parked after its approval was answered is resuming: nothing left to decide.
        case .waitingForApproval: pendingApprovalID != nil ? "Needs your approval" : "Working..."
        case .waitingForUser: pendingQuestion != nil ? "Needs your answer" : "Working..."
        case .queued, .running: isThinking ? "Thinking: \(thinkingHeading ?? "...")" : "Working..."
        default: nil
        }
    }

    /// Applies one frame and says what changed, in the order a frontend should show it.
    public mutating func apply(_ frame: RunEventFrame) -> [RunChange] {
        switch frame.event {
        case .userMessageCreated(let message):
            return [.userMessage(text: message.plainText, questionID: message.questionID)]
        case .runQueued:
            return setStatus(.queued)
        case .runClaimed, .runStarted, .runResumed:
            return setStatus(.running)
        case .modelRequestStarted:
            stepText = ""
            return []
        case .reasoningDelta:
            return startThinking(heading: thinkingHeading)
        case .reasoningSummaryDelta(let delta):
            return startThinking(heading: ReasoningSummary.latestHeading(in: delta.text) ?? thinkingHeading)
        case .messageDelta(let delta):
            var changes: [RunChange] = []
            if isThinking {
                isThinking = false
                thinkingHeading = nil
                changes.append(.thinkingEnded)
            }
            stepText += delta.text
            streamedText += delta.text
            changes.append(.textDelta(delta.text))
            return changes
        case .modelResponseCompleted(let response):
            return recordToolCalls(response)
        case .workingStateUpdated(let update):
            openQuestions = update.workingState.openQuestions
            return []
        default:
            break
        }
        if let (phase, call) = frame.event.toolCall {
            return updateTool(call, phase: phase)
        }
        return applyLifecycle(frame)
    }

    private mutating func applyLifecycle(_ frame: RunEventFrame) -> [RunChange] {
        switch frame.event {
        case .runWaitingForApproval(let waiting):
            return needApproval(waiting.approvalID) + setStatus(.waitingForApproval)
        case .approvalRequested(let requested):
            return needApproval(requested.approvalID)
        case .approvalResolved(let resolved):
            if pendingApprovalID == resolved.approvalID { pendingApprovalID = nil }
            return [.approvalResolved(approvalID: resolved.approvalID, resolution: resolved.resolution)]
        case .runWaitingForUser(let waiting):
            let question = PendingQuestion(
                questionID: waiting.questionID,
                text: lastAskedQuestion())
            pendingQuestion = question
            return [.questionAsked(question)] + setStatus(.waitingForUser)
        case .assistantMessageCompleted(let completed):
            return saveAnswer(completed.message.plainText)
        case .runCompleted(let completed):
            var changes: [RunChange] = []
            if let final = completed.finalMessage, savedText != final.plainText {
                changes += saveAnswer(final.plainText)
            }
            clearPending()
            return changes + setStatus(.completed) + [.ended(.completed(text: answerText))]
        case .runFailed(let failed):
            failure = failed.failure
            clearPending()
            return setStatus(.failed) + [.ended(.failed(failed.failure))]
        case .runCancelled(let cancelled):
            cancelReason = cancelled.reason
            clearPending()
            return setStatus(.cancelled) + [.ended(.cancelled(reason: cancelled.reason))]
        case .malformed(let bad):
            malformed.append(bad)
            return [.problem(bad.description)]
        default:
            return []
        }
    }

    private mutating func setStatus(_ new: RunStatus) -> [RunChange] {
        guard status != new else { return [] }
        status = new
        return [.status(new)]
    }

    private mutating func startThinking(heading: String?) -> [RunChange] {
        let changed = !isThinking || heading != thinkingHeading
        isThinking = true
        thinkingHeading = heading
        return changed ? [.thinking(heading: heading)] : []
    }

    private mutating func needApproval(_ approvalID: String?) -> [RunChange] {
        guard let approvalID, pendingApprovalID != approvalID else { return [] }
        pendingApprovalID = approvalID
        return [.approvalNeeded(approvalID: approvalID)]
    }

    private mutating func saveAnswer(_ text: String) -> [RunChange] {
        let streamed = stepText
        savedText = text
        stepText = text
        return [.answerSaved(text: text, streamedBefore: streamed)]
    }

    private mutating func clearPending() {
        pendingApprovalID = nil
        pendingQuestion = nil
        isThinking = false
    }

    private mutating func recordToolCalls(_ response: RunEvent.ModelResponseCompleted) -> [RunChange] {
        var changes: [RunChange] = []
        if isThinking {
            isThinking = false
            changes.append(.thinkingEnded)
        }
        for call in response.toolCalls {
            if call.name == ToolActivity.askUserTool, let question = call.arguments["question"]?.stringValue {
                questionTexts[call.callID] = question
            }
            guard !tools.contains(where: { $0.callID == call.callID }) else { continue }
            let activity = ToolActivity(callID: call.callID, name: call.name, arguments: call.arguments)
            tools.append(activity)
            changes.append(.tool(activity))
        }
        return changes
    }

    private mutating func updateTool(_ call: RunEvent.ToolCallEvent, phase: ToolCallPhase) -> [RunChange] {
        let index: Int
        if let existing = tools.firstIndex(where: { $0.callID == call.callID }) {
            index = existing
        } else {
            tools.append(ToolActivity(callID: call.callID, name: call.name, arguments: .object([:])))
            index = tools.count - 1
        }
        tools[index].apply(phase: phase, event: call)
        return [.tool(tools[index])]
    }

    /// The question of the latest ask_user call, else the last open question of the working state.
    private func lastAskedQuestion() -> String? {
        if let call = tools.last(where: { $0.name == ToolActivity.askUserTool }),
           let text = questionTexts[call.callID] {
            return text
        }
        return openQuestions.last ?? questionTexts.values.first
    }
}

/// A question the run waits on.
public struct PendingQuestion: Sendable, Hashable {
    public var questionID: String?
    /// The question text when the stream showed it; nil means "ask generically".
    public var text: String?
}

/// How a run ended.
public enum RunEnd: Sendable, Hashable {
    case completed(text: String)
    case failed(RunFailureView?)
    case cancelled(reason: RunCancelReason?)
}

/// One observable change, for frontends to render incrementally.
public enum RunChange: Sendable, Hashable {
    case status(RunStatus)
    case userMessage(text: String, questionID: String?)
    case thinking(heading: String?)
    case thinkingEnded
    case textDelta(String)
    /// The saved answer replaces what was streamed in this step.
    case answerSaved(text: String, streamedBefore: String)
    case tool(ToolActivity)
    case approvalNeeded(approvalID: String)
    case approvalResolved(approvalID: String, resolution: ApprovalResolution?)
    case questionAsked(PendingQuestion)
    case problem(String)
    case ended(RunEnd)
}
