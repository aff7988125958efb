import Foundation

/// An action a row may offer (docs/wire/subscriptions.md §5), already narrowed by the account's flags.
public enum RowAction: String, Sendable, Hashable, CaseIterable, Codable {
    /// Unsubscribe (or Try again / Unsubscribe again, by state).
    case unsubscribe
    case reportSpam = "report_spam"
    case notSpam = "not_spam"
    case keep
    case stopKeeping = "stop_keeping"

    public var label: String {
        switch self {
        case .unsubscribe: "Unsubscribe"
        case .reportSpam: "Report spam"
        case .notSpam: "Not spam"
        case .keep: "Keep"
        case .stopKeeping: "Stop keeping"
        }
    }
}

extension Subscription {
    /// What this row offers, in a fixed order. An account without
    /// `unsubscribe_supported` offers nothing; Report spam and Not spam also
    /// need `spam_supported`. An unverified row keeps Keep and Report spam but
    /// cannot be unsubscribed; pending, unsubscribed and unknown states offer nothing.
    public func actions(_ flags: AccountFlags) -> [RowAction] {
        guard flags.unsubscribeSupported(accountID) else { return [] }
        let spam = flags.spamSupported(accountID)
        switch state {
        case .active, .failed, .stillSending:
            return (isEligibleToUnsubscribe ? [.unsubscribe] : []) + (spam ? [.reportSpam] : []) + [.keep]
        case .kept: return [.stopKeeping]
        case .reportedSpam: return spam ? [.notSpam] : []
        case .pending, .unsubscribed, .unknown: return []
        }
    }

    /// The label of x beside the row's line when it can be unsubscribed now under `flags`, else nil.
    public func unsubscribeOffer(_ flags: AccountFlags) -> String? {
        actions(flags).contains(.unsubscribe) ? unsubscribeLabel : nil
    }

    /// The label of the Unsubscribe action in this state.
    public var unsubscribeLabel: String {
        switch state {
        case .failed: "Try again"
        case .stillSending: "Unsubscribe again"
        default: "Unsubscribe"
        }
    }
}
