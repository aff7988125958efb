import Foundation
import VeetTransport

/// A synthesis summary in the memory list (`DerivedMemoryView`, docs/wire/memory.md §3.2):
/// any object with a `record_kind`, whatever the value.
public struct DerivedMemory: Codable, Sendable, Hashable, Identifiable {
    /// `summary`, `hypothesis`, or a newer kind shown as a generic derived record.
    public var recordKind: String
    public var id: String
    public var operationID: String?
    public var revision: Int
    public var status: BeliefStatus
    public var flaggedForReview: Bool
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var invalidatedAt: Timestamp?
    public var undoneAt: Timestamp?
    /// Nil when withdrawn.
    public var content: Content?
    public var sources: [SynthesisSource]

    public struct Content: Codable, Sendable, Hashable {
        public var subject: String?
        public var statement: String
        public var clauses: [SynthesisClause]
        public var beliefTypes: [BeliefType]
        public var confidence: Double?

        enum CodingKeys: String, CodingKey {
            case subject, statement, clauses, confidence
            case beliefTypes = "belief_types"
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            subject = try c.decodeIfPresent(String.self, forKey: .subject)
            statement = try c.decodeIfPresent(String.self, forKey: .statement) ?? ""
            clauses = try c.decodeIfPresent([SynthesisClause].self, forKey: .clauses) ?? []
            beliefTypes = try c.decodeIfPresent([BeliefType].self, forKey: .beliefTypes) ?? []
            confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, revision, status, content, sources
        case recordKind = "record_kind", operationID = "operation_id", flaggedForReview = "flagged_for_review"
        case createdAt = "created_at", updatedAt = "updated_at", invalidatedAt = "invalidated_at", undoneAt = "undone_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        recordKind = try c.decode(String.self, forKey: .recordKind)
        id = try c.decode(String.self, forKey: .id)
        operationID = try c.decodeIfPresent(String.self, forKey: .operationID)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        status = try c.decodeIfPresent(BeliefStatus.self, forKey: .status) ?? .unknown("")
        flaggedForReview = try c.decodeIfPresent(Bool.self, forKey: .flaggedForReview) ?? false
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
        invalidatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .invalidatedAt)
        undoneAt = try c.decodeIfPresent(Timestamp.self, forKey: .undoneAt)
        content = try c.decodeIfPresent(Content.self, forKey: .content)
        sources = (try c.decodeIfPresent([Skippable<SynthesisSource>].self, forKey: .sources) ?? []).compactMap(\.value)
    }
}

/// What the memory list and point read return: a belief, or a derived record
/// (told apart by the presence of `record_kind`).
public enum MemoryRecord: Codable, Sendable, Hashable, Identifiable {
    case belief(Belief)
    case derived(DerivedMemory)

    private enum Probe: String, CodingKey { case recordKind = "record_kind" }

    public init(from decoder: Decoder) throws {
        let probe = try decoder.container(keyedBy: Probe.self)
        self = probe.contains(.recordKind) ? .derived(try DerivedMemory(from: decoder)) : .belief(try Belief(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .belief(let belief): try belief.encode(to: encoder)
        case .derived(let derived): try derived.encode(to: encoder)
        }
    }

    public var id: String {
        switch self {
        case .belief(let b): b.id
        case .derived(let d): d.id
        }
    }

    public var statement: String {
        switch self {
        case .belief(let b): b.statement
        case .derived(let d): d.content?.statement ?? "(withdrawn summary)"
        }
    }

    public var status: BeliefStatus {
        switch self {
        case .belief(let b): b.status
        case .derived(let d): d.status
        }
    }

    public var flaggedForReview: Bool {
        switch self {
        case .belief(let b): b.flaggedForReview
        case .derived(let d): d.flaggedForReview
        }
    }

    public var updatedAt: Timestamp {
        switch self {
        case .belief(let b): b.updatedAt
        case .derived(let d): d.updatedAt
        }
    }

    /// The kind a row leads with: the belief type, or the derived record's kind.
    public var kindLabel: String {
        switch self {
        case .belief(let b): b.beliefType.label
        case .derived(let d): d.recordKind == "summary" || d.recordKind == "hypothesis" ? d.recordKind : "derived"
        }
    }

    public var belief: Belief? { if case .belief(let b) = self { b } else { nil } }
}
