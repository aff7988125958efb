import Foundation
import VeetTransport

/// One conversation as the list and most commands return it (docs/wire/email.md §5.1).
public struct EmailThreadSummary: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var accountID: String
    public var subject: String
    /// Display strings such as `"Ann <ann@example.test>"`.
    public var senders: [String]
    /// Server content categories, raw (may hold blanks and duplicates: use `topicChoices`).
    public var topics: [String]
    public var updatedAt: Timestamp?
    /// The source revision; every thread command sends it as `expected_revision`.
    public var revision: Int
    /// Veetbot's one-line gist (`"Assessment pending"` until assessed).
    public var summary: String
    /// Why it matters (`"Assessment pending"` until assessed).
    public var reason: String
    public var needsReply: Bool
    /// 0–1; important is ≥ 0.7 (with `inInbox` and not handled).
    public var priority: Double
    /// The whole thread has been fetched.
    public var complete: Bool
    public var draftID: String?
    /// The chat session bound to this thread (Discuss in Chat).
    public var sessionID: String?
    /// Handled ⇔ equal to `revision`.
    public var dismissedRevision: Int?
    /// nil when the server did not say: unknown, not "archived".
    public var inInbox: Bool?
    public var inSpam: Bool?
    /// The server's suspicion (docs/wire/email.md §10.2); it never moves mail.
    public var suspectedSpam: Bool
    /// The owner said "Not spam" to the suspicion.
    public var spamCleared: Bool
    /// The latest Inbox (archive or spam) operation.
    public var archiveOperation: InboxOperation?
    /// After this time the thread loses its priority and reply need.
    public var attentionExpiresAt: Timestamp?
    /// Why no reply should be drafted.
    public var replyBlockedReason: String?
    public var profileRevision: Int?
    public var assessmentVersion: String?
    public var sourceSessionIDs: [String]

    public init(id: String, accountID: String = "default", subject: String = "", senders: [String] = [],
                topics: [String] = [], updatedAt: Timestamp? = nil, revision: Int = 1, summary: String = "",
                reason: String = "", needsReply: Bool = false, priority: Double = 0, complete: Bool = true,
                draftID: String? = nil, sessionID: String? = nil, dismissedRevision: Int? = nil, inInbox: Bool? = true,
                inSpam: Bool? = nil, suspectedSpam: Bool = false, spamCleared: Bool = false,
                archiveOperation: InboxOperation? = nil, attentionExpiresAt: Timestamp? = nil,
                replyBlockedReason: String? = nil, profileRevision: Int? = nil, assessmentVersion: String? = nil,
                sourceSessionIDs: [String] = []) {
        self.id = id
        self.accountID = accountID
        self.subject = subject
        self.senders = senders
        self.topics = topics
        self.updatedAt = updatedAt
        self.revision = revision
        self.summary = summary
        self.reason = reason
        self.needsReply = needsReply
        self.priority = priority
        self.complete = complete
        self.draftID = draftID
        self.sessionID = sessionID
        self.dismissedRevision = dismissedRevision
        self.inInbox = inInbox
        self.inSpam = inSpam
        self.suspectedSpam = suspectedSpam
        self.spamCleared = spamCleared
        self.archiveOperation = archiveOperation
        self.attentionExpiresAt = attentionExpiresAt
        self.replyBlockedReason = replyBlockedReason
        self.profileRevision = profileRevision
        self.assessmentVersion = assessmentVersion
        self.sourceSessionIDs = sourceSessionIDs
    }

    enum CodingKeys: String, CodingKey {
        case id, subject, senders, topics, revision, summary, reason, priority, complete
        case accountID = "account_id", updatedAt = "updated_at", needsReply = "needs_reply", draftID = "draft_id"
        case sessionID = "session_id", dismissedRevision = "dismissed_revision", inInbox = "in_inbox"
        case inSpam = "in_spam", suspectedSpam = "suspected_spam", spamCleared = "spam_cleared"
        case archiveOperation = "archive_operation", attentionExpiresAt = "attention_expires_at"
        case replyBlockedReason = "reply_blocked_reason", profileRevision = "profile_revision"
        case assessmentVersion = "assessment_version", sourceSessionIDs = "source_session_ids"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        accountID = try c.value(.accountID, or: "")
        subject = try c.value(.subject, or: "")
        senders = try c.value(.senders, or: [])
        topics = try c.value(.topics, or: [])
        updatedAt = try c.optional(.updatedAt)
        revision = try c.value(.revision, or: 1)
        summary = try c.value(.summary, or: "")
        reason = try c.value(.reason, or: "")
        needsReply = try c.value(.needsReply, or: false)
        priority = try c.value(.priority, or: 0)
        complete = try c.value(.complete, or: true)
        draftID = try c.optional(.draftID)
        sessionID = try c.optional(.sessionID)
        dismissedRevision = try c.optional(.dismissedRevision)
        inInbox = try c.optional(.inInbox)
        inSpam = try c.optional(.inSpam)
        suspectedSpam = try c.value(.suspectedSpam, or: false)
        spamCleared = try c.value(.spamCleared, or: false)
        archiveOperation = try c.optional(.archiveOperation)
        attentionExpiresAt = try c.optional(.attentionExpiresAt)
        replyBlockedReason = try c.optional(.replyBlockedReason)
        profileRevision = try c.optional(.profileRevision)
        assessmentVersion = try c.optional(.assessmentVersion)
        sourceSessionIDs = try c.value(.sourceSessionIDs, or: [])
    }

    /// Handled for its current revision (a later revision re-opens it).
    public var isHandled: Bool { dismissedRevision == revision }
    /// Gmail archived it: follows `in_inbox == false`, never the operation.
    public var isArchived: Bool { inInbox == false }
    public var isReportedSpam: Bool { inSpam == true }
    /// The list's classification rule (docs/wire/email.md §4), for a row the client holds.
    public var isImportant: Bool { inInbox == true && priority >= 0.7 && !isHandled }
    /// The topics worth offering as feedback choices: blanks and repeats removed, order kept.
    public var topicChoices: [String] {
        var seen: Set<String> = []
        return topics.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }
    /// The sender addresses (`ann@example.test` out of `"Ann <ann@example.test>"`), de-duplicated.
    public var senderAddresses: [String] {
        var seen: Set<String> = []
        return senders.map(EmailAddress.address(in:)).filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }
}

/// The latest Inbox operation on a thread (docs/wire/email.md §8.3).
public struct InboxOperation: Codable, Sendable, Hashable {
    public var operationID: String
    public var runID: String?
    public var targetArchived: Bool
    /// True for a spam report; absent on older servers and plain archives.
    public var targetSpam: Bool?
    public var status: InboxOperationStatus
    /// A human sentence for `failed` / `uncertain`.
    public var error: String?

    public init(operationID: String, runID: String? = nil, targetArchived: Bool, targetSpam: Bool? = nil,
                status: InboxOperationStatus, error: String? = nil) {
        self.operationID = operationID
        self.runID = runID
        self.targetArchived = targetArchived
        self.targetSpam = targetSpam
        self.status = status
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case status, error
        case operationID = "operation_id", runID = "run_id", targetArchived = "target_archived", targetSpam = "target_spam"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        operationID = try c.value(.operationID, or: "")
        runID = try c.optional(.runID)
        targetArchived = try c.value(.targetArchived, or: true)
        targetSpam = try c.optional(.targetSpam)
        status = try c.value(.status, or: .pending)
        error = try c.optional(.error)
    }
}

/// A thread with its messages, draft and subscription block (docs/wire/email.md §5.2).
public struct EmailThreadDetail: Codable, Sendable, Hashable, Identifiable {
    /// Every summary field.
    public var thread: EmailThreadSummary
    /// Oldest first.
    public var messages: [EmailMessage]
    /// The current draft; older servers may need `EmailAPI.draft(id:)` for it (docs/email.md, Drafts).
    public var draft: EmailDraft?
    /// The bulk-sender block, for the Subscriptions feature (docs/wire/subscriptions.md §3.2); nil unless the thread is bulk mail.
    public var subscription: SubscriptionBlock?
    /// The Gmail thread id a send must name.
    public var providerThreadID: String
    public var sourceFingerprint: String?
    public var lastAccessedAt: Timestamp?

    public var id: String { thread.id }

    public init(thread: EmailThreadSummary, messages: [EmailMessage] = [], draft: EmailDraft? = nil,
                subscription: SubscriptionBlock? = nil, providerThreadID: String = "", sourceFingerprint: String? = nil,
                lastAccessedAt: Timestamp? = nil) {
        self.thread = thread
        self.messages = messages
        self.draft = draft
        self.subscription = subscription
        self.providerThreadID = providerThreadID
        self.sourceFingerprint = sourceFingerprint
        self.lastAccessedAt = lastAccessedAt
    }

    enum CodingKeys: String, CodingKey {
        case messages, draft, subscription
        case providerThreadID = "provider_thread_id", sourceFingerprint = "source_fingerprint"
        case lastAccessedAt = "last_accessed_at"
    }

    public init(from decoder: Decoder) throws {
        thread = try EmailThreadSummary(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        messages = try c.value(.messages, or: [])
        draft = try c.optional(.draft)
        // A block this client cannot read is left to the Subscriptions feature to re-read, never fatal here.
        subscription = (try? c.decodeIfPresent(SubscriptionBlock.self, forKey: .subscription)) ?? nil
        providerThreadID = try c.value(.providerThreadID, or: "")
        sourceFingerprint = try c.optional(.sourceFingerprint)
        lastAccessedAt = try c.optional(.lastAccessedAt)
    }

    public func encode(to encoder: Encoder) throws {
        try thread.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(messages, forKey: .messages)
        try c.encode(draft, forKey: .draft)
        try c.encode(subscription, forKey: .subscription)
        try c.encode(providerThreadID, forKey: .providerThreadID)
        try c.encode(sourceFingerprint, forKey: .sourceFingerprint)
        try c.encode(lastAccessedAt, forKey: .lastAccessedAt)
    }

    /// The newest received message: the one a reply answers.
    public var lastReceived: EmailMessage? { messages.last { $0.direction != .sent } ?? messages.last }
}

/// The bulk-sender block on a thread (docs/wire/subscriptions.md §3.2), kept as a plain
/// value so an app can hand it to the Subscriptions feature; Email acts on none of it.
public struct SubscriptionBlock: Codable, Sendable, Hashable {
    public var id: String
    /// Raw: the Subscriptions feature owns the vocabulary.
    public var state: String
    /// Raw (`one_click`, `mailto`, `link_only`, `none`, …).
    public var mechanism: String
    public var destination: String?
    public var evidenceDigest: String?
    /// The subscription's revision (its `expected_revision`).
    public var revision: Int

    public init(id: String, state: String, mechanism: String, destination: String? = nil, evidenceDigest: String? = nil,
                revision: Int) {
        self.id = id
        self.state = state
        self.mechanism = mechanism
        self.destination = destination
        self.evidenceDigest = evidenceDigest
        self.revision = revision
    }

    enum CodingKeys: String, CodingKey {
        case id, state, mechanism, destination, revision
        case evidenceDigest = "evidence_digest"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        state = try c.value(.state, or: "")
        mechanism = try c.value(.mechanism, or: "none")
        destination = try c.optional(.destination)
        evidenceDigest = try c.optional(.evidenceDigest)
        revision = try c.value(.revision, or: 1)
    }
}
