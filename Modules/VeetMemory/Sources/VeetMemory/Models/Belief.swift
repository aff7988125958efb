import Foundation
import VeetTransport
import VeetWire

/// One governed belief, a `MemoryView` (docs/wire/memory.md §3.1). Only `id` is required;
/// every other field has a default so that older servers and fixtures decode,
/// and unknown fields are ignored.
public struct Belief: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var subject: String
    public var statement: String
    public var beliefType: BeliefType
    /// Value sets not published: kept raw.
    public var claimKind: String?
    public var derivation: String?
    public var longevity: String?
    public var status: BeliefStatus
    public var polarity: Polarity
    public var scope: String?
    public var portability: Portability
    public var authority: Authority
    public var sensitivity: Sensitivity
    public var confidence: Double
    public var corroborationCount: Int
    public var flaggedForReview: Bool
    public var conflictsWith: [String]
    public var supersededBy: String?
    public var sourceSessionID: String?
    public var sourceEventIDs: [Int]
    public var formationRunID: String?
    public var consolidationPolicyVersion: String?
    public var originScopes: [String]
    public var validFrom: Timestamp?
    public var validTo: Timestamp?
    public var expiresAt: Timestamp?
    public var lastEvidenceAt: Timestamp?
    public var lastUsedAt: Timestamp?
    public var lastReinforcedAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: String, subject: String = "owner", statement: String, beliefType: BeliefType = .fact,
                status: BeliefStatus = .active, portability: Portability = .portable,
                confidence: Double = 0.5, flaggedForReview: Bool = false, sourceSessionID: String? = nil,
                updatedAt: Timestamp = "") {
        self.id = id
        self.subject = subject
        self.statement = statement
        self.beliefType = beliefType
        self.status = status
        self.polarity = .assert
        self.portability = portability
        self.authority = .inferred
        self.sensitivity = .internal
        self.confidence = confidence
        self.corroborationCount = 0
        self.flaggedForReview = flaggedForReview
        self.conflictsWith = []
        self.sourceSessionID = sourceSessionID
        self.sourceEventIDs = []
        self.originScopes = []
        self.createdAt = updatedAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, subject, statement, derivation, longevity, status, polarity, scope, portability, authority
        case sensitivity, confidence
        case beliefType = "belief_type", claimKind = "claim_kind"
        case corroborationCount = "corroboration_count", flaggedForReview = "flagged_for_review"
        case conflictsWith = "conflicts_with", supersededBy = "superseded_by"
        case sourceSessionID = "source_session_id", sourceEventIDs = "source_event_ids"
        case formationRunID = "formation_run_id", consolidationPolicyVersion = "consolidation_policy_version"
        case originScopes = "origin_scopes", validFrom = "valid_from", validTo = "valid_to", expiresAt = "expires_at"
        case lastEvidenceAt = "last_evidence_at", lastUsedAt = "last_used_at", lastReinforcedAt = "last_reinforced_at"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        subject = try c.decodeIfPresent(String.self, forKey: .subject) ?? ""
        statement = try c.decodeIfPresent(String.self, forKey: .statement) ?? ""
        beliefType = try c.decodeIfPresent(BeliefType.self, forKey: .beliefType) ?? .unknown("")
        claimKind = try c.decodeIfPresent(String.self, forKey: .claimKind)
        derivation = try c.decodeIfPresent(String.self, forKey: .derivation)
        longevity = try c.decodeIfPresent(String.self, forKey: .longevity)
        status = try c.decodeIfPresent(BeliefStatus.self, forKey: .status) ?? .unknown("")
        polarity = try c.decodeIfPresent(Polarity.self, forKey: .polarity) ?? .assert
        scope = try c.decodeIfPresent(String.self, forKey: .scope)
        portability = try c.decodeIfPresent(Portability.self, forKey: .portability) ?? .unknown("")
        authority = try c.decodeIfPresent(Authority.self, forKey: .authority) ?? .unknown("")
        sensitivity = try c.decodeIfPresent(Sensitivity.self, forKey: .sensitivity) ?? .unknown("")
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence) ?? 0
        corroborationCount = try c.decodeIfPresent(Int.self, forKey: .corroborationCount) ?? 0
        flaggedForReview = try c.decodeIfPresent(Bool.self, forKey: .flaggedForReview) ?? false
        conflictsWith = try c.decodeIfPresent([String].self, forKey: .conflictsWith) ?? []
        supersededBy = try c.decodeIfPresent(String.self, forKey: .supersededBy)
        sourceSessionID = try c.decodeIfPresent(String.self, forKey: .sourceSessionID)
        sourceEventIDs = try c.decodeIfPresent([Int].self, forKey: .sourceEventIDs) ?? []
        formationRunID = try c.decodeIfPresent(String.self, forKey: .formationRunID)
        consolidationPolicyVersion = try c.decodeIfPresent(String.self, forKey: .consolidationPolicyVersion)
        originScopes = try c.decodeIfPresent([String].self, forKey: .originScopes) ?? []
        validFrom = try c.decodeIfPresent(Timestamp.self, forKey: .validFrom)
        validTo = try c.decodeIfPresent(Timestamp.self, forKey: .validTo)
        expiresAt = try c.decodeIfPresent(Timestamp.self, forKey: .expiresAt)
        lastEvidenceAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastEvidenceAt)
        lastUsedAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastUsedAt)
        lastReinforcedAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastReinforcedAt)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
    }
}

/// A belief's subject as a person reads it: `person:<uuid>:<display name>` is a
/// person in People, shown by name (docs/wire/memory.md §3.1); anything else is plain text.
public struct MemorySubject: Sendable, Hashable {
    public var raw: String
    public init(_ raw: String) { self.raw = raw }

    /// The person's id when the subject names a person.
    public var personID: String? { personParts?.id }

    /// The display name of a person, or the subject as sent.
    public var displayName: String { personParts?.name ?? raw }

    private var personParts: (id: String, name: String)? {
        let parts = raw.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "person", !parts[1].isEmpty else { return nil }
        return (String(parts[1]), String(parts[2]))
    }
}
