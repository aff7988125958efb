import Foundation

/// The "Teach Veetbot" choices for one thread, as a plain value: the scope
/// (thread, person, topic), the judgment, and the person or topic it is
/// about. Changing the scope clears the previous person or topic; person
/// feedback always needs an explicit choice; a topic needs one when the
/// thread has several.
public struct FeedbackForm: Sendable, Hashable {
    public let thread: EmailThreadSummary
    public private(set) var target: FeedbackTarget = .thread
    public private(set) var value: String?
    public var judgment: FeedbackJudgment?
    public var explanation: String?

    public init(thread: EmailThreadSummary) {
        self.thread = thread
    }

    /// The choices the current scope offers (sender addresses, or topics).
    public var choices: [String] {
        switch target {
        case .person: thread.senderAddresses
        case .topic: thread.topicChoices
        default: []
        }
    }

    public mutating func choose(target: FeedbackTarget) {
        guard target != self.target else { return }
        self.target = target
        value = nil
    }

    /// Picks a person or topic; only one of `choices`.
    public mutating func choose(value: String) {
        guard choices.contains(value) else { return }
        self.value = value
    }

    /// The request to send, or why it cannot be sent yet.
    public func request() -> Result<FeedbackRequest, FeedbackFormIssue> {
        guard let judgment else { return .failure(.noJudgment) }
        var chosen = value
        switch target {
        case .person where chosen == nil: return .failure(.needsChoice(choices))
        case .topic where chosen == nil:
            guard choices.count == 1 else { return .failure(choices.isEmpty ? .noCandidates : .needsChoice(choices)) }
            chosen = choices[0]
        default: break
        }
        return .success(FeedbackRequest(threadID: thread.id, target: target, judgment: judgment,
                                        explanation: explanation?.isEmpty == true ? nil : explanation,
                                        targetValue: target == .thread ? nil : chosen,
                                        expectedRevision: thread.revision))
    }
}

public enum FeedbackFormIssue: Error, Sendable, Hashable {
    case noJudgment
    /// Pick one of these first.
    case needsChoice([String])
    /// The thread offers no person or topic for this scope.
    case noCandidates
}

/// What feedback was applied, for the report beside "Undo".
public struct FeedbackReceipt: Sendable, Hashable {
    public var feedbackID: String
    public var request: FeedbackRequest

    public init(feedbackID: String, request: FeedbackRequest) {
        self.feedbackID = feedbackID
        self.request = request
    }

    /// "Marked important for every thread from ann@example.test."
    public var description: String {
        let what = switch request.judgment {
        case .important: "Marked important"
        case .lessImportant: "Marked less important"
        case .needsReply: "Marked as needing a reply"
        case .noReplyNeeded: "Marked as needing no reply"
        case .unknown(let raw): "Recorded \(raw)"
        }
        let scope = switch request.target {
        case .person: "for every thread from \(request.targetValue ?? "this sender")"
        case .topic: "for every thread about \(request.targetValue ?? "this topic")"
        default: "for this thread"
        }
        return "\(what) \(scope)."
    }
}

/// What the learning pane discloses (docs/email.md, the journey), and what a reset removes.
public enum LearningDisclosure {
    public static let lines = [
        "Veetbot reads your Inbox history and Sent mail to learn what matters to you and how you write.",
        "What it learns is shared with its memories and your writing style across chats.",
        "Mail is processed by the hosted model your server uses.",
        "Coverage counts threads retrieved, not threads analysed.",
    ]

    public static func describe(_ scope: LearningResetScope) -> String {
        switch scope {
        case .preferences: "Removes your feedback and what was learned about your correspondents."
        case .style: "Removes the writing examples."
        case .all: "Removes feedback, correspondent data and writing examples."
        case .unknown(let raw): "Resets \(raw)."
        }
    }

    /// The coverage sentence for the learning pane.
    public static func coverage(_ state: LearningState) -> String {
        "\(state.historyProcessed) threads retrieved" + (state.historyComplete ? " (history complete)." : " so far.")
    }

    /// The state in three sentences: on or paused, the coverage, the examples and exclusions.
    public static func summary(_ state: LearningState) -> [String] {
        [state.paused ? "Learning from mail is paused." : "Learning from mail is on.", coverage(state),
         "\(state.styleExamples) writing example\(state.styleExamples == 1 ? "" : "s"), "
            + "\(state.excludedSources) excluded thread\(state.excludedSources == 1 ? "" : "s")."]
    }

    /// What excluding a thread did.
    public static func excluded(_ result: ExclusionResult) -> String {
        result.status == .erased
            ? "Excluded: what was learned from this thread is erased, and it will not be learned from again."
            : "Excluded: it will not be learned from again; erasing what came from it is still in progress."
    }

    /// What endorsing a revision's wording did (the pause state is the server's, unchanged).
    public static func endorsed(revision: Int, state: LearningState) -> String {
        "Endorsed revision \(revision)'s wording as an example of how you write."
            + (state.paused ? " Learning stays paused." : "")
    }
}
