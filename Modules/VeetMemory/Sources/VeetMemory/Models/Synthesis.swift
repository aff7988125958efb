import Foundation
import VeetTransport
import VeetWire

public enum SynthesisKind: LenientEnum {
    case merge, summary, hypothesis, conflict
    case unknown(String)
    public static let wireNames: [(SynthesisKind, String)] = [
        (.merge, "merge"), (.summary, "summary"), (.hypothesis, "hypothesis"), (.conflict, "conflict"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    public var label: String {
        switch self {
        case .merge: "equivalent memories"
        case .summary: "related summary"
        case .hypothesis: "tentative connection"
        case .conflict: "unresolved conflict"
        case .unknown(let raw): raw
        }
    }
}

public enum SynthesisState: LenientEnum {
    case proposed, committed, rejected, stale, invalidated, undone
    case unknown(String)
    public static let wireNames: [(SynthesisState, String)] = [
        (.proposed, "proposed"), (.committed, "committed"), (.rejected, "rejected"), (.stale, "stale"),
        (.invalidated, "invalidated"), (.undone, "undone"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// One clause of a synthesised statement and the beliefs it rests on.
public struct SynthesisClause: Codable, Sendable, Hashable {
    public var text: String
    public var sourceIDs: [String]

    public init(text: String, sourceIDs: [String] = []) {
        self.text = text
        self.sourceIDs = sourceIDs
    }

    enum CodingKeys: String, CodingKey {
        case text
        case sourceIDs = "source_ids"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decodeIfPresent(String.self, forKey: .text) ?? ""
        sourceIDs = try c.decodeIfPresent([String].self, forKey: .sourceIDs) ?? []
    }
}

/// A belief a synthesis used. `omitted` marks one the ceiling hides.
public struct SynthesisSource: Codable, Sendable, Hashable {
    public var beliefID: String
    public var contentRevision: Int?
    public var subject: String?
    public var statement: String?
    public var sessionID: String?
    public var eventIDs: [Int]
    public var omitted: Bool

    public init(beliefID: String, statement: String? = nil, omitted: Bool = false) {
        self.beliefID = beliefID
        self.statement = statement
        self.eventIDs = []
        self.omitted = omitted
    }

    enum CodingKeys: String, CodingKey {
        case subject, statement, omitted
        case beliefID = "belief_id", contentRevision = "content_revision", sessionID = "session_id"
        case eventIDs = "event_ids"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        beliefID = try c.decode(String.self, forKey: .beliefID)
        contentRevision = try c.decodeIfPresent(Int.self, forKey: .contentRevision)
        subject = try c.decodeIfPresent(String.self, forKey: .subject)
        statement = try c.decodeIfPresent(String.self, forKey: .statement)
        sessionID = try c.decodeIfPresent(String.self, forKey: .sessionID)
        eventIDs = try c.decodeIfPresent([Int].self, forKey: .eventIDs) ?? []
        omitted = try c.decodeIfPresent(Bool.self, forKey: .omitted) ?? false
    }
}

/// What a synthesis operation produced (nil when withdrawn).
public struct SynthesisContent: Codable, Sendable, Hashable {
    public var memoryID: String?
    public var subject: String?
    public var statement: String
    public var clauses: [SynthesisClause]

    public init(memoryID: String? = nil, subject: String? = nil, statement: String, clauses: [SynthesisClause] = []) {
        self.memoryID = memoryID
        self.subject = subject
        self.statement = statement
        self.clauses = clauses
    }

    enum CodingKeys: String, CodingKey {
        case subject, statement, clauses
        case memoryID = "memory_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        memoryID = try c.decodeIfPresent(String.self, forKey: .memoryID)
        subject = try c.decodeIfPresent(String.self, forKey: .subject)
        statement = try c.decodeIfPresent(String.self, forKey: .statement) ?? ""
        clauses = try c.decodeIfPresent([SynthesisClause].self, forKey: .clauses) ?? []
    }
}

/// One reconsolidation operation (docs/wire/memory.md §6): a merge, summary, hypothesis
/// or conflict the server made or proposes from several beliefs.
public struct SynthesisOperation: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var kind: SynthesisKind
    public var state: SynthesisState
    public var revision: Int
    /// `equivalent`, `owner_undo`, ...: kept raw (the list grows).
    public var reason: String?
    public var policy: String?
    public var modelIdentity: String?
    public var createdAt: Timestamp
    public var committedAt: Timestamp?
    public var invalidatedAt: Timestamp?
    public var undoneAt: Timestamp?
    public var content: SynthesisContent?
    public var sources: [SynthesisSource]

    public init(id: String, kind: SynthesisKind, state: SynthesisState, revision: Int = 1, reason: String? = nil,
                content: SynthesisContent? = nil, sources: [SynthesisSource] = [], createdAt: Timestamp = "") {
        self.id = id
        self.kind = kind
        self.state = state
        self.revision = revision
        self.reason = reason
        self.content = content
        self.sources = sources
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, state, revision, reason, policy, content, sources
        case modelIdentity = "model_identity", createdAt = "created_at", committedAt = "committed_at"
        case invalidatedAt = "invalidated_at", undoneAt = "undone_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        kind = try c.decodeIfPresent(SynthesisKind.self, forKey: .kind) ?? .unknown("")
        state = try c.decodeIfPresent(SynthesisState.self, forKey: .state) ?? .unknown("")
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        policy = try c.decodeIfPresent(String.self, forKey: .policy)
        modelIdentity = try c.decodeIfPresent(String.self, forKey: .modelIdentity)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        committedAt = try c.decodeIfPresent(Timestamp.self, forKey: .committedAt)
        invalidatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .invalidatedAt)
        undoneAt = try c.decodeIfPresent(Timestamp.self, forKey: .undoneAt)
        content = try c.decodeIfPresent(SynthesisContent.self, forKey: .content)
        sources = (try c.decodeIfPresent([Skippable<SynthesisSource>].self, forKey: .sources) ?? []).compactMap(\.value)
    }
}
