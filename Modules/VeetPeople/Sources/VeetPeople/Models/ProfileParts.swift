import Foundation
import VeetTransport
import VeetWire

/// A name or contact detail of a person (`identifier`, docs/wire/people.md §4).
public struct PersonIdentifier: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var personID: String?
    public var identifierKind: IdentifierKind
    public var namespace: String?
    public var value: String
    public var context: String?
    public var verification: Verification?
    public var validFrom: Timestamp?
    public var validTo: Timestamp?
    public var supportIDs: [String]

    enum CodingKeys: String, CodingKey {
        case id, revision, namespace, value, context, verification
        case personID = "person_id", identifierKind = "identifier_kind", validFrom = "valid_from", validTo = "valid_to"
        case supportIDs = "support_ids"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        personID = try c.decodeIfPresent(String.self, forKey: .personID)
        identifierKind = try c.decodeIfPresent(IdentifierKind.self, forKey: .identifierKind) ?? .unknown("")
        namespace = try c.decodeIfPresent(String.self, forKey: .namespace)
        value = try c.decodeIfPresent(String.self, forKey: .value) ?? ""
        context = try c.decodeIfPresent(String.self, forKey: .context)
        verification = try c.decodeIfPresent(Verification.self, forKey: .verification)
        validFrom = try c.decodeIfPresent(Timestamp.self, forKey: .validFrom)
        validTo = try c.decodeIfPresent(Timestamp.self, forKey: .validTo)
        supportIDs = try c.decodeIfPresent([String].self, forKey: .supportIDs) ?? []
    }
}

public struct Relationship: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var subject: Endpoint
    public var object: Endpoint
    /// `parent`, `friend`, `colleague`… (docs/wire/people.md §3), kept raw.
    public var predicate: String
    public var qualifier: String?
    public var beliefID: String?
    public var validFrom: Timestamp?
    public var validTo: Timestamp?
    public var precision: DatePrecision
    public var sourceTimezone: String?
    public var unresolved: Bool
    public var supportIDs: [String]

    enum CodingKeys: String, CodingKey {
        case id, revision, subject, object, predicate, qualifier, precision, unresolved
        case beliefID = "belief_id", validFrom = "valid_from", validTo = "valid_to", sourceTimezone = "source_timezone"
        case supportIDs = "support_ids"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        subject = try c.decodeIfPresent(Endpoint.self, forKey: .subject) ?? .owner
        object = try c.decodeIfPresent(Endpoint.self, forKey: .object) ?? .owner
        predicate = try c.decodeIfPresent(String.self, forKey: .predicate) ?? "other"
        qualifier = try c.decodeIfPresent(String.self, forKey: .qualifier)
        beliefID = try c.decodeIfPresent(String.self, forKey: .beliefID)
        validFrom = try c.decodeIfPresent(Timestamp.self, forKey: .validFrom)
        validTo = try c.decodeIfPresent(Timestamp.self, forKey: .validTo)
        precision = try c.decodeIfPresent(DatePrecision.self, forKey: .precision) ?? .unknownTime
        sourceTimezone = try c.decodeIfPresent(String.self, forKey: .sourceTimezone)
        unresolved = try c.decodeIfPresent(Bool.self, forKey: .unresolved) ?? false
        supportIDs = try c.decodeIfPresent([String].self, forKey: .supportIDs) ?? []
    }
}

public struct Participant: Codable, Sendable, Hashable {
    public var personID: String?
    /// `sender`, `recipient`, `participant`, `mentioned`, kept raw.
    public var role: String?
    enum CodingKeys: String, CodingKey { case personID = "person_id", role }
}

/// One entry of a person's history timeline (`interaction`), email summaries included.
public struct Interaction: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var channel: Channel
    /// `exchange`, `meeting`, `visit`… (docs/wire/people.md §4), kept raw.
    public var interactionKind: String?
    public var attribution: String?
    public var direction: String?
    public var summary: String
    public var occurredAt: Timestamp?
    public var endedAt: Timestamp?
    public var precision: DatePrecision
    public var sourceTimezone: String?
    public var participants: [Participant]
    public var supportIDs: [String]

    enum CodingKeys: String, CodingKey {
        case id, revision, channel, attribution, direction, summary, precision, participants
        case interactionKind = "interaction_kind", occurredAt = "occurred_at", endedAt = "ended_at"
        case sourceTimezone = "source_timezone", supportIDs = "support_ids"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        channel = try c.decodeIfPresent(Channel.self, forKey: .channel) ?? .unknown("")
        interactionKind = try c.decodeIfPresent(String.self, forKey: .interactionKind)
        attribution = try c.decodeIfPresent(String.self, forKey: .attribution)
        direction = try c.decodeIfPresent(String.self, forKey: .direction)
        summary = try c.decodeIfPresent(String.self, forKey: .summary) ?? ""
        occurredAt = try c.decodeIfPresent(Timestamp.self, forKey: .occurredAt)
        endedAt = try c.decodeIfPresent(Timestamp.self, forKey: .endedAt)
        precision = try c.decodeIfPresent(DatePrecision.self, forKey: .precision) ?? .unknownTime
        sourceTimezone = try c.decodeIfPresent(String.self, forKey: .sourceTimezone)
        participants = try c.decodeIfPresent([Participant].self, forKey: .participants) ?? []
        supportIDs = try c.decodeIfPresent([String].self, forKey: .supportIDs) ?? []
    }
}

public struct Commitment: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var debtor: Endpoint?
    public var beneficiary: Endpoint?
    public var description: String
    /// `proposed`, `open`, `completed`, `cancelled`, `uncertain`, kept raw.
    public var state: String?
    public var beliefID: String?
    public var dueAt: Timestamp?
    public var duePrecision: DatePrecision
    public var sourceTimezone: String?

    enum CodingKeys: String, CodingKey {
        case id, revision, debtor, beneficiary, description, state
        case beliefID = "belief_id", dueAt = "due_at", duePrecision = "due_precision", sourceTimezone = "source_timezone"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        debtor = try c.decodeIfPresent(Endpoint.self, forKey: .debtor)
        beneficiary = try c.decodeIfPresent(Endpoint.self, forKey: .beneficiary)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        state = try c.decodeIfPresent(String.self, forKey: .state)
        beliefID = try c.decodeIfPresent(String.self, forKey: .beliefID)
        dueAt = try c.decodeIfPresent(Timestamp.self, forKey: .dueAt)
        duePrecision = try c.decodeIfPresent(DatePrecision.self, forKey: .duePrecision) ?? .unknownTime
        sourceTimezone = try c.decodeIfPresent(String.self, forKey: .sourceTimezone)
    }
}

/// A fact about a person: a memory belief (docs/wire/memory.md §3.1), the fields People shows.
public struct PersonFact: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var statement: String
    public var beliefType: String?
    public var status: String?
    public var sensitivity: Sensitivity?
    public var flaggedForReview: Bool
    public var sourceSessionID: String?
    public var sourceEventIDs: [Int]
    /// Evidence references some servers attach (route 17).
    public var supportIDs: [String]
    public var updatedAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case id, statement, status, sensitivity
        case beliefType = "belief_type", flaggedForReview = "flagged_for_review", sourceSessionID = "source_session_id"
        case sourceEventIDs = "source_event_ids", supportIDs = "support_ids", updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        statement = try c.decodeIfPresent(String.self, forKey: .statement) ?? ""
        beliefType = try c.decodeIfPresent(String.self, forKey: .beliefType)
        status = try c.decodeIfPresent(String.self, forKey: .status)
        sensitivity = try c.decodeIfPresent(Sensitivity.self, forKey: .sensitivity)
        flaggedForReview = try c.decodeIfPresent(Bool.self, forKey: .flaggedForReview) ?? false
        sourceSessionID = try c.decodeIfPresent(String.self, forKey: .sourceSessionID)
        sourceEventIDs = try c.decodeIfPresent([Int].self, forKey: .sourceEventIDs) ?? []
        supportIDs = try c.decodeIfPresent([String].self, forKey: .supportIDs) ?? []
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt)
    }
}
