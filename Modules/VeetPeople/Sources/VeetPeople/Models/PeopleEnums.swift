import Foundation
import VeetTransport
import VeetWire

// The People vocabularies (docs/wire/people.md §3–§9). Each grows on newer servers: an
// unknown value is kept as `.unknown(raw)` and never fails the object around it.

/// How sensitive an entity is; also the `ceiling` every People route takes.
public typealias Sensitivity = VeetWire.Sensitivity

public enum PersonState: LenientEnum {
    case provisional, active, merged
    case unknown(String)
    public static let wireNames: [(PersonState, String)] = [
        (.provisional, "provisional"), (.active, "active"), (.merged, "merged"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum IdentifierKind: LenientEnum {
    case name, email, phone, handle, role
    case unknown(String)
    public static let wireNames: [(IdentifierKind, String)] = [
        (.name, "name"), (.email, "email"), (.phone, "phone"), (.handle, "handle"), (.role, "role"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum Verification: LenientEnum {
    case ownerConfirmed, channelObserved, contextual
    case unknown(String)
    public static let wireNames: [(Verification, String)] = [
        (.ownerConfirmed, "owner_confirmed"), (.channelObserved, "channel_observed"), (.contextual, "contextual"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// How precisely a date is known: never show it finer than this.
public enum DatePrecision: LenientEnum {
    case instant, day, month, year, unknownTime
    case unknown(String)
    public static let wireNames: [(DatePrecision, String)] = [
        (.instant, "instant"), (.day, "day"), (.month, "month"), (.year, "year"), (.unknownTime, "unknown"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum Channel: LenientEnum {
    case chat, email, sms
    case unknown(String)
    public static let wireNames: [(Channel, String)] = [(.chat, "chat"), (.email, "email"), (.sms, "sms")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum IdentityOperationKind: LenientEnum {
    case merge, split, undo, forget
    case unknown(String)
    public static let wireNames: [(IdentityOperationKind, String)] = [
        (.merge, "merge"), (.split, "split"), (.undo, "undo"), (.forget, "forget"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum OperationState: LenientEnum {
    case preview, completed, cleanupPending, cancelled
    case unknown(String)
    public static let wireNames: [(OperationState, String)] = [
        (.preview, "preview"), (.completed, "completed"), (.cleanupPending, "cleanup_pending"), (.cancelled, "cancelled"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum SuggestionReason: LenientEnum {
    case sameName, firstName, nickname, sameAddress
    case unknown(String)
    public static let wireNames: [(SuggestionReason, String)] = [
        (.sameName, "same_name"), (.firstName, "first_name"), (.nickname, "nickname"), (.sameAddress, "same_address"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum SuggestionState: LenientEnum {
    case open, merged, separated, withdrawn
    case unknown(String)
    public static let wireNames: [(SuggestionState, String)] = [
        (.open, "open"), (.merged, "merged"), (.separated, "separated"), (.withdrawn, "withdrawn"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// What a correction says about a fact (docs/wire/people.md §8).
public enum CorrectionKind: LenientEnum {
    /// The fact is wrong as stated; `statement` holds the right words.
    case correct
    /// It was true and no longer is.
    case changed
    /// It was never true (`reject` on the wire).
    case neverTrue
    case affirm, remove
    case unknown(String)
    public static let wireNames: [(CorrectionKind, String)] = [
        (.correct, "correct"), (.changed, "changed"), (.neverTrue, "reject"), (.affirm, "affirm"), (.remove, "remove"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The answer to a merge suggestion: Merge, or Not the same (keep apart, never suggested again).
public enum SuggestionDecision: String, Sendable, Hashable, Codable, CaseIterable {
    case merge
    case separate
}
