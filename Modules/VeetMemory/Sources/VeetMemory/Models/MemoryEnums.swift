import Foundation
import VeetTransport
import VeetWire

/// A belief's lifecycle (docs/wire/memory.md §3). The list's default (no status given) is the live set.
public enum BeliefStatus: LenientEnum {
    case candidate, provisional, active, superseded, expired, retired
    case unknown(String)
    public static let wireNames: [(BeliefStatus, String)] = [
        (.candidate, "candidate"), (.provisional, "provisional"), (.active, "active"),
        (.superseded, "superseded"), (.expired, "expired"), (.retired, "retired"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// In the list a server sends when no status is asked for (observed: superseded
    /// and retired are left out; an expired belief no longer holds either).
    public var isLive: Bool { [.candidate, .provisional, .active].contains(self) }
}

public enum BeliefType: LenientEnum {
    case fact, preference, relationship, userModelAttribute, procedurePointer
    case unknown(String)
    public static let wireNames: [(BeliefType, String)] = [
        (.fact, "fact"), (.preference, "preference"), (.relationship, "relationship"),
        (.userModelAttribute, "user_model_attr"), (.procedurePointer, "procedure_pointer"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// The kind label a row leads with ("PREFERENCE"; an unknown value as sent).
    public var label: String {
        switch self {
        case .fact: "fact"
        case .preference: "preference"
        case .relationship: "relationship"
        case .userModelAttribute: "about you"
        case .procedurePointer: "procedure"
        case .unknown(let raw): raw.replacingOccurrences(of: "_", with: " ")
        }
    }
}

public enum Polarity: LenientEnum {
    case assert, retract
    case unknown(String)
    public static let wireNames: [(Polarity, String)] = [(.assert, "assert"), (.retract, "retract")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum Portability: LenientEnum {
    case portable, contextual, local
    case unknown(String)
    public static let wireNames: [(Portability, String)] = [
        (.portable, "portable"), (.contextual, "contextual"), (.local, "local"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum Authority: LenientEnum {
    case user, affirmed, inferred
    case unknown(String)
    public static let wireNames: [(Authority, String)] = [(.user, "user"), (.affirmed, "affirmed"), (.inferred, "inferred")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The `ceiling` every memory route requires: the highest sensitivity the
/// caller may see. An owner app sends `restricted` (docs/wire/memory.md §1).
public typealias Sensitivity = VeetWire.Sensitivity

/// The three owner review answers (docs/wire/memory.md §5.2); delete is the fourth action.
public enum ReviewOutcome: String, Sendable, Hashable, CaseIterable, Codable {
    /// "Mark reviewed": unflagged, moves to the top of the list.
    case dismiss
    /// "Not true": retired; leaves the live list.
    case untrue
    /// "Not relevant here": made local, confidence lowered, still flagged.
    case notHere = "not_here"

    public var label: String {
        switch self {
        case .dismiss: "Mark reviewed"
        case .untrue: "Not true"
        case .notHere: "Not relevant here"
        }
    }
}
