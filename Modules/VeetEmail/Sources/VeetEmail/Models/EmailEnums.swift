import Foundation
import VeetTransport

// The Email vocabularies (docs/wire/email.md). Each grows on newer servers: an unknown
// value is kept as `.unknown(raw)`, never fails the object around it, and
// grants no action.

/// How far an account's mailbox is synchronized (docs/wire/email.md §3).
public enum AccountStatus: LenientEnum {
    case ready, syncing, unavailable
    case unknown(String)
    public static let wireNames: [(AccountStatus, String)] = [
        (.ready, "ready"), (.syncing, "syncing"), (.unavailable, "unavailable"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// Where a draft is in its life (docs/wire/email.md §6.1).
public enum DraftStatus: LenientEnum {
    case generating, ready, awaitingApproval, sending, sent, uncertain, failed, discarded
    case unknown(String)
    public static let wireNames: [(DraftStatus, String)] = [
        (.generating, "generating"), (.ready, "ready"), (.awaitingApproval, "awaiting_approval"),
        (.sending, "sending"), (.sent, "sent"), (.uncertain, "uncertain"), (.failed, "failed"),
        (.discarded, "discarded"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// `ready`, `awaiting_approval`, `failed`: the owner may edit and send. An unknown status grants nothing.
    public var isEditable: Bool { self == .ready || self == .awaitingApproval || self == .failed }
    /// `generating`, `sending`: poll the draft.
    public var isBusy: Bool { self == .generating || self == .sending }
    /// `sent`, `discarded`, and `uncertain` (the send outcome is unknown; never resent automatically).
    public var isFinal: Bool { self == .sent || self == .discarded || self == .uncertain }
}

/// The state of the latest Inbox (archive or spam) operation on a thread (docs/wire/email.md §8.3).
public enum InboxOperationStatus: LenientEnum {
    case pending, completed, failed, uncertain
    case unknown(String)
    public static let wireNames: [(InboxOperationStatus, String)] = [
        (.pending, "pending"), (.completed, "completed"), (.failed, "failed"), (.uncertain, "uncertain"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum MessageDirection: LenientEnum {
    case sent, received
    case unknown(String)
    public static let wireNames: [(MessageDirection, String)] = [(.sent, "sent"), (.received, "received")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The server's check of the sender's authenticity (may be absent on older servers).
public enum SenderCheck: LenientEnum {
    case pass, fail, none
    case unknown(String)
    public static let wireNames: [(SenderCheck, String)] = [(.pass, "pass"), (.fail, "fail"), (.none, "none")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// Which list `GET /v1/email/threads` returns (docs/wire/email.md §4).
public enum ThreadListView: LenientEnum {
    /// "Important": in the Inbox, priority ≥ 0.7, not handled for its revision.
    case priority
    /// "Other mail": everything else, archived, handled and suspected spam included.
    case other
    case all
    case unknown(String)
    public static let wireNames: [(ThreadListView, String)] = [(.priority, "priority"), (.other, "other"), (.all, "all")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// What a feedback judgment is about (docs/wire/email.md §7.1).
public enum FeedbackTarget: LenientEnum {
    case thread, person, topic
    case unknown(String)
    public static let wireNames: [(FeedbackTarget, String)] = [(.thread, "thread"), (.person, "person"), (.topic, "topic")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The owner's judgment (docs/wire/email.md §7.1): importance, or reply need.
public enum FeedbackJudgment: LenientEnum {
    case important, lessImportant, needsReply, noReplyNeeded
    case unknown(String)
    public static let wireNames: [(FeedbackJudgment, String)] = [
        (.important, "important"), (.lessImportant, "less_important"), (.needsReply, "needs_reply"),
        (.noReplyNeeded, "no_reply_needed"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// What a learning reset removes (docs/wire/email.md §12).
public enum LearningResetScope: LenientEnum {
    /// Feedback and correspondent relationship data.
    case preferences
    /// Writing examples.
    case style
    case all
    case unknown(String)
    public static let wireNames: [(LearningResetScope, String)] = [
        (.preferences, "preferences"), (.style, "style"), (.all, "all"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// How far excluding a thread got (docs/wire/email.md §12).
public enum ExclusionStatus: LenientEnum {
    case erased, cleanupPending
    case unknown(String)
    public static let wireNames: [(ExclusionStatus, String)] = [(.erased, "erased"), (.cleanupPending, "cleanup_pending")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}
