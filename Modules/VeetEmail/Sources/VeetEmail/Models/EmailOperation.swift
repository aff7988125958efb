import Foundation
import VeetTransport
import VeetWire

/// What every asynchronous email command returns (VeetWire's, shared with Subscriptions).
public typealias EmailOperation = VeetWire.EmailOperation
/// How an operation is polled to its end: the one rule Subscriptions polls by too.
public typealias OperationPolling = VeetWire.OperationPolling

/// The answer to `POST /v1/email/feedback` (docs/wire/email.md §7.1).
public struct FeedbackResult: Codable, Sendable, Hashable {
    /// For Undo.
    public var feedbackID: String
    /// The thread with the feedback applied.
    public var thread: EmailThreadSummary

    public init(feedbackID: String, thread: EmailThreadSummary) {
        self.feedbackID = feedbackID
        self.thread = thread
    }

    enum CodingKeys: String, CodingKey {
        case thread
        case feedbackID = "feedback_id"
    }
}

/// What Veetbot has learned from the mailbox, and whether it is learning (docs/wire/email.md §12).
/// A never-touched state has `profileRevision` 1: that is not "something was learned".
public struct LearningState: Codable, Sendable, Hashable {
    public var paused: Bool
    /// Increments on every learning change.
    public var profileRevision: Int
    public var excludedSources: Int
    public var styleExamples: Int
    /// Threads retrieved from history, not threads analysed.
    public var historyProcessed: Int
    public var historyComplete: Bool

    public init(paused: Bool = false, profileRevision: Int = 1, excludedSources: Int = 0, styleExamples: Int = 0,
                historyProcessed: Int = 0, historyComplete: Bool = false) {
        self.paused = paused
        self.profileRevision = profileRevision
        self.excludedSources = excludedSources
        self.styleExamples = styleExamples
        self.historyProcessed = historyProcessed
        self.historyComplete = historyComplete
    }

    enum CodingKeys: String, CodingKey {
        case paused
        case profileRevision = "profile_revision", excludedSources = "excluded_sources", styleExamples = "style_examples"
        case historyProcessed = "history_processed", historyComplete = "history_complete"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        paused = try c.value(.paused, or: false)
        profileRevision = try c.value(.profileRevision, or: 1)
        excludedSources = try c.value(.excludedSources, or: 0)
        styleExamples = try c.value(.styleExamples, or: 0)
        historyProcessed = try c.value(.historyProcessed, or: 0)
        historyComplete = try c.value(.historyComplete, or: false)
    }
}

/// The answer to excluding a thread as a learning source (docs/wire/email.md §12).
public struct ExclusionResult: Codable, Sendable, Hashable {
    public var sourceID: String
    public var status: ExclusionStatus
    public var pendingArtifacts: Int
    public var pendingPeopleCleanup: Int

    public init(sourceID: String = "", status: ExclusionStatus = .erased, pendingArtifacts: Int = 0,
                pendingPeopleCleanup: Int = 0) {
        self.sourceID = sourceID
        self.status = status
        self.pendingArtifacts = pendingArtifacts
        self.pendingPeopleCleanup = pendingPeopleCleanup
    }

    enum CodingKeys: String, CodingKey {
        case status
        case sourceID = "source_id", pendingArtifacts = "pending_artifacts", pendingPeopleCleanup = "pending_people_cleanup"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sourceID = try c.value(.sourceID, or: "")
        status = try c.value(.status, or: .unknown(""))
        pendingArtifacts = try c.value(.pendingArtifacts, or: 0)
        pendingPeopleCleanup = try c.value(.pendingPeopleCleanup, or: 0)
    }
}
