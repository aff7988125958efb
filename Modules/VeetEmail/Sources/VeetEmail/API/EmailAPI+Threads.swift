import Foundation
import VeetTransport
import VeetWire

/// The thread commands (docs/wire/email.md §7, §8, §10, §14). Each sends the thread's
/// `revision` where the contract asks for it; a stale one is `409`.
extension EmailAPI {
    // MARK: Feedback

    /// Records a judgment. `targetValue` names the sender address (`person`)
    /// or topic (`topic`); the server needs it when the thread has several.
    public func recordFeedback(_ feedback: FeedbackRequest, key: IdempotencyKey = IdempotencyKey()) async throws
        -> FeedbackResult {
        let body = FeedbackBody(threadID: feedback.threadID, target: feedback.target.rawValue,
                                judgment: feedback.judgment.rawValue, explanation: feedback.explanation,
                                targetValue: feedback.targetValue, expectedRevision: feedback.expectedRevision)
        return try await send(write("POST", "/v1/email/feedback", body, key: key)).decoded()
    }

    /// Undoes one feedback; answers the thread recomputed without it (idempotent).
    public func undoFeedback(id: String, key: IdempotencyKey = IdempotencyKey()) async throws -> EmailThreadSummary {
        try await send(write("DELETE", "/v1/email/feedback/\(segment: id)", EmptyBody?.none, key: key)).decoded()
    }

    // MARK: Inbox state

    /// Handled (or not) for `expectedRevision`; local only, changes no mailbox.
    public func setHandled(_ handled: Bool, threadID: String, expectedRevision: Int,
                           key: IdempotencyKey = IdempotencyKey()) async throws -> EmailThreadSummary {
        try await send(write("POST", "/v1/email/threads/\(segment: threadID)/dismiss",
                             DismissBody(expectedRevision: expectedRevision, dismissed: handled), key: key)).decoded()
    }

    /// Archive in Gmail (`archived` true) or move back to Inbox. Only on an
    /// account with `archiveSupported`; the key goes in the body and the header alike.
    public func setArchived(_ archived: Bool, threadID: String, expectedRevision: Int,
                            key: IdempotencyKey = IdempotencyKey()) async throws -> EmailOperation {
        let body = ArchiveBody(expectedRevision: expectedRevision, archived: archived, idempotencyKey: key.rawValue)
        return try await send(write("POST", "/v1/email/threads/\(segment: threadID)/archive", body, key: key)).decoded()
    }

    /// Report spam (`spam` true) or Not spam. Only on an account with `spamSupported`.
    public func setSpam(_ spam: Bool, threadID: String, expectedRevision: Int,
                        key: IdempotencyKey = IdempotencyKey()) async throws -> EmailOperation {
        let body = ThreadSpamBody(expectedRevision: expectedRevision, spam: spam, idempotencyKey: key.rawValue)
        return try await send(write("POST", "/v1/email/threads/\(segment: threadID)/spam", body, key: key)).decoded()
    }

    /// Clears the suspected-spam flag (`cleared` true: "Not spam") or undoes
    /// the clearing; changes no mailbox and starts no run.
    public func setSuspicionCleared(_ cleared: Bool, threadID: String,
                                    key: IdempotencyKey = IdempotencyKey()) async throws -> EmailThreadSummary {
        try await send(write("POST", "/v1/email/threads/\(segment: threadID)/spam-flag",
                             SpamFlagBody(cleared: cleared), key: key)).decoded()
    }

    // MARK: Discussion

    /// Creates (or reuses) the chat session bound to the thread; its `sessionID` opens it in Chat.
    public func openDiscussion(threadID: String, key: IdempotencyKey = IdempotencyKey()) async throws -> EmailThreadSummary {
        try await send(write("POST", "/v1/email/threads/\(segment: threadID)/discussion", EmptyBody(), key: key)).decoded()
    }
}

/// One owner judgment on a thread (docs/wire/email.md §7.1).
public struct FeedbackRequest: Sendable, Hashable {
    public var threadID: String
    public var target: FeedbackTarget
    public var judgment: FeedbackJudgment
    /// Shown as the thread's reason (≤ 2000).
    public var explanation: String?
    /// The sender address for `person`, the topic for `topic`.
    public var targetValue: String?
    public var expectedRevision: Int?

    public init(threadID: String, target: FeedbackTarget, judgment: FeedbackJudgment, explanation: String? = nil,
                targetValue: String? = nil, expectedRevision: Int? = nil) {
        self.threadID = threadID
        self.target = target
        self.judgment = judgment
        self.explanation = explanation
        self.targetValue = targetValue
        self.expectedRevision = expectedRevision
    }
}
