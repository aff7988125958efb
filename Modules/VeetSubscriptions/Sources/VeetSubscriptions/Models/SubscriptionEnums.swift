import Foundation
import VeetTransport
import VeetWire

// The subscription vocabularies (docs/wire/subscriptions.md §3, §5, §6). Each grows on
// newer servers: an unknown value is kept as `.unknown(raw)` and never fails
// the row around it.

/// Where a sender stands (docs/wire/subscriptions.md §5).
public enum SubscriptionState: LenientEnum {
    case active, kept, pending, unsubscribed, failed, stillSending, reportedSpam
    case unknown(String)
    public static let wireNames: [(SubscriptionState, String)] = [
        (.active, "active"), (.kept, "kept"), (.pending, "pending"), (.unsubscribed, "unsubscribed"),
        (.failed, "failed"), (.stillSending, "still_sending"), (.reportedSpam, "reported_spam"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// The states an unsubscribe, Report spam or Keep may start from.
    public var isActionable: Bool { [.active, .failed, .stillSending].contains(self) }
}

/// The verified way out a sender offers (docs/wire/subscriptions.md §3.1).
public enum Mechanism: LenientEnum {
    case oneClick, mailto, none
    case unknown(String)
    public static let wireNames: [(Mechanism, String)] = [(.oneClick, "one_click"), (.mailto, "mailto"), (.none, "none")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// Why a sender is protected from bulk selection.
public enum ProtectedReason: LenientEnum {
    case importantFeedback, correspondent
    case unknown(String)
    public static let wireNames: [(ProtectedReason, String)] = [
        (.importantFeedback, "important_feedback"), (.correspondent, "correspondent"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// What a row's durable operation does (docs/wire/subscriptions.md §6).
public enum OperationAction: LenientEnum {
    case unsubscribe, reportSpam, notSpam
    case unknown(String)
    public static let wireNames: [(OperationAction, String)] = [
        (.unsubscribe, "unsubscribe"), (.reportSpam, "report_spam"), (.notSpam, "not_spam"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// How a row's operation ended; `pending` and `uncertain` are not done (docs/wire/subscriptions.md §6).
public enum OperationStatus: LenientEnum {
    case pending, completed, failed, uncertain
    case unknown(String)
    public static let wireNames: [(OperationStatus, String)] = [
        (.pending, "pending"), (.completed, "completed"), (.failed, "failed"), (.uncertain, "uncertain"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The run's status is the chat's (VeetWire): the same vocabulary, UPPERCASE on the wire. Once terminal,
/// the row, not this status, says what happened.
public typealias RunStatus = VeetWire.RunStatus
/// How an unsubscribe's or a report's operation is polled: the one rule every feature polls by.
public typealias OperationPolling = VeetWire.OperationPolling
