import VeetTransport

/// The three route families, each mounted by a flag of its own (docs/wire/memory.md §2).
public enum MemoryFamily: String, Sendable, Hashable, CaseIterable {
    /// The belief browser and its review/delete writes.
    case memories
    /// Reconsolidation history with undo.
    case synthesis
    /// Dreaming: owner review of proposed synthesis.
    case dreaming

    public var noun: String {
        switch self {
        case .memories: "memory browsing"
        case .synthesis: "the synthesis history"
        case .dreaming: "dreaming review"
        }
    }
}

/// What the owner may do with one family. Unavailability is a state, not an
/// error: a hidden family shows no control and makes no further request.
public enum FamilyAccess: Sendable, Hashable {
    case unknown
    /// Its read route answered 404/405 (or 400, the probe rule of docs/wire/README.md §2).
    case unavailable
    /// Its read route answered 403: the token lacks `memory.read`.
    case readDenied(reason: String)
    /// Readable; `writesDenied` holds why the writes are hidden (a 403 on a write,
    /// or changes the server does not support), nil while they are offered.
    case available(writesDenied: String?)

    public var isReadable: Bool { if case .available = self { true } else { false } }
    public var offersWrites: Bool { self == .available(writesDenied: nil) }
}

/// Which memory families this server offers, and whether their writes are
/// allowed: detected family by family from its read route, and narrowed by
/// the answers writes get. A plain value; `MemoryAPI.probe()` fills it in.
public struct MemoryAccess: Sendable, Hashable {
    public var memories: FamilyAccess = .unknown
    public var synthesis: FamilyAccess = .unknown
    public var dreaming: FamilyAccess = .unknown

    public init() {}

    public subscript(family: MemoryFamily) -> FamilyAccess {
        get {
            switch family {
            case .memories: memories
            case .synthesis: synthesis
            case .dreaming: dreaming
            }
        }
        set {
            switch family {
            case .memories: memories = newValue
            case .synthesis: synthesis = newValue
            case .dreaming: dreaming = newValue
            }
        }
    }

    static let readScopeWords = "This token may not read memories (it lacks the memory.read scope)."
    static let writeScopeWords = "This token may look at memories but not change them (it lacks the memory.write scope)."

    /// The answer a family's read route gave: a success, or the error.
    public mutating func noteRead(_ family: MemoryFamily, error: (any Error)?) {
        guard let error else {
            if !self[family].isReadable { self[family] = .available(writesDenied: nil) }
            return
        }
        guard let api = error as? APIError else { return }  // no answer: still unknown
        if [400, 404, 405].contains(api.status) { self[family] = .unavailable }
        if api.isForbidden { self[family] = .readDenied(reason: Self.readScopeWords) }
    }

    /// A write's failure: a 403 hides the family's writes with the reason, as do
    /// the answers that mean the server cannot change memories. Other failures
    /// (a missing belief, a conflict) change nothing here.
    public mutating func noteWrite(_ family: MemoryFamily, error: any Error) {
        if let api = error as? APIError, api.isForbidden {
            self[family] = .available(writesDenied: Self.writeScopeWords)
        } else if family == .memories, let unsupported = MemoryChangesUnsupported.from(error) {
            self[family] = .available(writesDenied: unsupported.description)
        }
    }

    /// Why a write failed when the failure hides the writes (a 403, or changes
    /// the server does not support); nil for any other failure.
    public static func writeRefusalWords(_ error: any Error) -> String? {
        var access = MemoryAccess()
        access.memories = .available(writesDenied: nil)
        access.noteWrite(.memories, error: error)
        if case .available(let denied?) = access.memories { return denied }
        return nil
    }

    /// The refusal to show instead of a write control, or nil when it may be offered.
    public func writeRefusal(_ family: MemoryFamily) -> MemoryRuleError? {
        switch self[family] {
        case .unavailable: .unavailable(family)
        case .readDenied(let reason): .writesDenied(family, reason: reason)
        case .available(let denied?): .writesDenied(family, reason: denied)
        case .available(nil), .unknown: nil
        }
    }
}
