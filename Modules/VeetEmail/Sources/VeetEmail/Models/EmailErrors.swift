import Foundation
import VeetTransport

/// A `402 budget_exceeded` answer (docs/wire/email.md §11): the automatic-work
/// allowance is spent. Refresh, draft generation and send proposals can meet
/// it; reading mail, editing, feedback and archive never do.
public struct BudgetRefusal: Sendable, Hashable {
    public var reason: String?
    public var dailySpent: Decimal?
    public var dailyLimit: Decimal?
    public var monthlySpent: Decimal?
    /// The rolling 30-day window's limit (not a calendar month).
    public var monthlyLimit: Decimal?
    /// A hint for "try again after", not a promise.
    public var retryAt: Timestamp?

    public init(reason: String? = nil, dailySpent: Decimal? = nil, dailyLimit: Decimal? = nil,
                monthlySpent: Decimal? = nil, monthlyLimit: Decimal? = nil, retryAt: Timestamp? = nil) {
        self.reason = reason
        self.dailySpent = dailySpent
        self.dailyLimit = dailyLimit
        self.monthlySpent = monthlySpent
        self.monthlyLimit = monthlyLimit
        self.retryAt = retryAt
    }

    /// The refusal in `error`, when it is a 402.
    public init?(_ error: APIError) {
        guard error.status == 402 else { return nil }
        let details = error.details
        reason = details["reason"]?.stringValue
        dailySpent = decimal(fromWire: details["daily_spent"]?.stringValue)
        dailyLimit = decimal(fromWire: details["daily_limit"]?.stringValue)
        monthlySpent = decimal(fromWire: details["monthly_spent"]?.stringValue)
        monthlyLimit = decimal(fromWire: details["monthly_limit"]?.stringValue)
        retryAt = details["retry_at"]?.stringValue.map { Timestamp($0) }
    }

    public var description: String {
        var text = "The automatic-work allowance for email is used up, so nothing was started."
        if let retryAt { text += " It can be tried again after \(retryAt.text)." }
        return text
    }
}

/// What an Email failure means to the owner, from the answer the server gave.
/// Apps show `description`; the `APIError` keeps the code and request id.
public enum EmailError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 404/405 on the accounts: this server has no Email mode.
    case unavailable
    /// 403: the token lacks a scope for this account's action; hide it with this reason.
    case denied(APIError)
    /// 402: the automatic-work allowance is spent.
    case budget(BudgetRefusal, APIError)
    /// Any 409 on a draft save: the draft changed elsewhere; both versions are kept.
    case draftConflict(APIError)
    /// A 409 on a thread command: the thread changed (or an Inbox operation is
    /// pending or uncertain); read it again.
    case conflict(APIError)
    /// 400: the server refused the values (its own explanation is dropped, docs/wire/email.md §1).
    case refused(APIError)
    /// 404: the thread, draft or feedback is gone (or belongs to someone else).
    case notFound(APIError)
    /// The route of one part answered 404/405 while Email itself is there: only that part's
    /// controls hide; the rest of Email keeps working.
    case partUnavailable(EmailPart)

    /// The Email meaning of `error`; nil for anything that is not an `APIError` with one.
    public static func from(_ error: any Error, onDraftSave: Bool = false) -> EmailError? {
        guard let api = error as? APIError else { return error as? EmailError }
        switch api.status {
        case 402: return .budget(BudgetRefusal(api) ?? BudgetRefusal(), api)
        case 403: return .denied(api)
        case 404: return .notFound(api)
        case 405: return .unavailable
        case 409 where onDraftSave && !api.isIdempotencyKeyReused: return .draftConflict(api)
        case 409: return .conflict(api)
        case 400: return .refused(api)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .unavailable: return "Email is not available on this server."
        case .denied(let error):
            return "This token may not do that for this account (it lacks a scope); nothing was changed. \(error.reference)"
        case .budget(let refusal, let error): return "\(refusal.description) \(error.reference)"
        case .draftConflict(let error):
            return "The draft changed on another device; both versions are kept. Pick the one to keep. \(error.reference)"
        case .conflict(let error):
            return "The conversation changed meanwhile (or a mailbox change is still pending); nothing was changed. "
                + "Read it again and retry. \(error.reference)"
        case .refused(let error):
            return "The server refused these values; nothing was changed. \(error.reference)"
        case .notFound(let error):
            return "It no longer exists (or belongs to someone else). \(error.reference)"
        case .partUnavailable(let part):
            return "This server does not offer \(part.noun); the rest of Email works."
        }
    }
}

/// A part of Email a server may lack while it serves the accounts and threads.
public enum EmailPart: String, Sendable, Hashable, CaseIterable {
    /// The learning state, its pause and its reset (docs/wire/email.md §12).
    case learning

    /// How the owner would name it, in a sentence.
    public var noun: String {
        switch self {
        case .learning: "email learning"
        }
    }

    /// A route with no id in it answered 404 or 405: the route is not there.
    static func meansMissing(_ error: any Error) -> Bool {
        guard let api = error as? APIError else { return false }
        return api.status == 404 || api.status == 405
    }
}

/// A draft still being written or sent after the wait `DraftSession.settled` allows.
public struct DraftStillBusy: Error, Sendable, Hashable, CustomStringConvertible {
    public var draft: EmailDraft

    public init(draft: EmailDraft) {
        self.draft = draft
    }

    public var description: String {
        "the draft is still being \(draft.status == .sending ? "sent" : "written"); try again in a moment."
    }
}
