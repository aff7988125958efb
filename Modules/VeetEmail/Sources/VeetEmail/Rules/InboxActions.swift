import Foundation
import VeetTransport

/// An owner action on one conversation that takes its row out of the list at once.
public enum InboxAction: String, Sendable, Hashable, CaseIterable {
    /// Archive in Gmail (removes the Inbox label).
    case archive
    /// Move back to Inbox.
    case unarchive
    case markHandled, markUnhandled
    case reportSpam, notSpam
    /// "Not spam" to the server's suspicion: clears the flag, changes no mailbox.
    case clearSuspicion

    /// The capability an action belongs to: a 403 hides every action of that kind on the account.
    public var kind: InboxActionKind {
        switch self {
        case .archive, .unarchive: .archive
        case .markHandled, .markUnhandled: .handled
        case .reportSpam, .notSpam, .clearSuspicion: .spam
        }
    }
}

public enum InboxActionKind: String, Sendable, Hashable, CaseIterable {
    case archive, handled, spam
}

/// Which actions a conversation offers, from its account's flags and the
/// refusals seen so far. An action exists only when its flag is true; a
/// missing flag or route never falls back to another action.
public struct InboxActionAvailability: Sendable, Hashable {
    /// Kinds refused with `403` per account, with the reason shown in their place.
    public private(set) var denials: [String: [InboxActionKind: String]] = [:]

    public init() {}

    /// After a `403` on `kind` for `accountID`: the kind hides on that account only.
    public mutating func deny(_ kind: InboxActionKind, accountID: String, reason: String) {
        denials[accountID, default: [:]][kind] = reason
    }

    /// The reason an action kind is hidden on an account, if it was refused.
    public func deniedReason(_ kind: InboxActionKind, accountID: String) -> String? {
        denials[accountID]?[kind]
    }

    /// The actions to offer on `thread`, in menu order.
    public func actions(for thread: EmailThreadSummary, account: EmailAccount?) -> [InboxAction] {
        guard let account, account.id == thread.accountID else { return [] }
        var actions: [InboxAction] = []
        if deniedReason(.handled, accountID: account.id) == nil {
            actions.append(thread.isHandled ? .markUnhandled : .markHandled)
        }
        if account.archiveSupported, deniedReason(.archive, accountID: account.id) == nil, !thread.isReportedSpam,
           let inInbox = thread.inInbox {
            actions.append(inInbox ? .archive : .unarchive)
        }
        if account.spamSupported, deniedReason(.spam, accountID: account.id) == nil {
            actions.append(thread.isReportedSpam ? .notSpam : .reportSpam)
            if thread.suspectedSpam, !thread.spamCleared, !thread.isReportedSpam { actions.append(.clearSuspicion) }
        }
        return actions
    }
}

/// Why an optimistic action put its row back.
public enum InboxActionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The account does not offer the action (flag false or absent): nothing was sent.
    case unsupported(InboxAction)
    /// The server has no such route (404 on the route): no other action was tried.
    case routeMissing(InboxAction)
    /// 403: this token may not do it on this account; the action is now hidden there.
    case denied(reason: String)
    case budget(BudgetRefusal)
    /// 409: the thread changed, or another Inbox operation is pending or uncertain.
    case conflict
    /// The operation ran and failed; Gmail was not changed.
    case failed(String)
    /// The operation's outcome is unknown: check Gmail before trying again.
    case uncertain(String)
    /// The outcome could not be read back.
    case unreadable(String)
    case other(String)

    public var description: String {
        switch self {
        case .unsupported: "This account does not offer that action; nothing was changed."
        case .routeMissing: "This server does not offer that action; nothing was changed."
        case .denied(let reason): reason
        case .budget(let refusal): refusal.description
        case .conflict:
            "The conversation changed meanwhile, or a mailbox change is still pending or unconfirmed; nothing was changed."
        case .failed(let text): "Gmail was not changed: \(text)"
        case .uncertain(let text): "The outcome is unknown; check Gmail before trying again. \(text)"
        case .unreadable(let text): "The outcome could not be read; the conversation is shown again. \(text)"
        case .other(let text): text
        }
    }
}
