import Foundation
import VeetTransport

/// A person's profile (docs/wire/people.md §4): the most relevant slice of each section;
/// `truncated` says the section routes hold more.
public struct PersonProfile: Codable, Sendable, Hashable {
    public var person: Person
    /// Names and contact details.
    public var aliases: [PersonIdentifier]
    public var relationships: [Relationship]
    public var history: [Interaction]
    public var commitments: [Commitment]
    public var facts: [PersonFact]
    /// Each fact's current revision, for corrections (lowercase UUID keys).
    public var factRevisions: [String: Int]
    /// Names of relationship endpoints by id.
    public var relatedLabels: [String: String]
    public var truncated: Bool
    /// Server text about evidence limits: shown, never parsed.
    public var coverage: String?
    /// Merges the system applied by itself (newer servers), each undoable.
    public var automaticMerges: [AutomaticMerge]

    public init(person: Person, aliases: [PersonIdentifier] = [], relationships: [Relationship] = [],
                history: [Interaction] = [], commitments: [Commitment] = [], facts: [PersonFact] = [],
                factRevisions: [String: Int] = [:], relatedLabels: [String: String] = [:], truncated: Bool = false,
                coverage: String? = nil, automaticMerges: [AutomaticMerge] = []) {
        self.person = person
        self.aliases = aliases
        self.relationships = relationships
        self.history = history
        self.commitments = commitments
        self.facts = facts
        self.factRevisions = factRevisions
        self.relatedLabels = relatedLabels
        self.truncated = truncated
        self.coverage = coverage
        self.automaticMerges = automaticMerges
    }

    enum CodingKeys: String, CodingKey {
        case person, aliases, relationships, history, commitments, facts, truncated, coverage
        case factRevisions = "fact_revisions", relatedLabels = "related_labels", automaticMerges = "automatic_merges"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        person = try c.decode(Person.self, forKey: .person)
        aliases = try c.decodeIfPresent([PersonIdentifier].self, forKey: .aliases) ?? []
        relationships = try c.decodeIfPresent([Relationship].self, forKey: .relationships) ?? []
        history = try c.decodeIfPresent([Interaction].self, forKey: .history) ?? []
        commitments = try c.decodeIfPresent([Commitment].self, forKey: .commitments) ?? []
        facts = try c.decodeIfPresent([PersonFact].self, forKey: .facts) ?? []
        factRevisions = try c.decodeIfPresent([String: Int].self, forKey: .factRevisions) ?? [:]
        relatedLabels = try c.decodeIfPresent([String: String].self, forKey: .relatedLabels) ?? [:]
        truncated = try c.decodeIfPresent(Bool.self, forKey: .truncated) ?? false
        coverage = try c.decodeIfPresent(String.self, forKey: .coverage)
        automaticMerges = try c.decodeIfPresent([AutomaticMerge].self, forKey: .automaticMerges) ?? []
    }

    /// The open threads of the Email feature this person's history names, as
    /// plain ids an app hands to Email (People never imports it). Filled from
    /// evidence an app has read (`EvidenceReference.emailThreadID`).
    public static func openThreadIDs(_ evidence: [EvidenceReference]) -> [String] {
        var seen: Set<String> = []
        return evidence.compactMap(\.emailThreadID).filter { seen.insert($0).inserted }
    }

    /// A relationship endpoint in words: "you", the label the profile gives, or the raw id.
    public func label(for endpoint: Endpoint) -> String {
        if endpoint.isOwner { return "you" }
        guard let id = endpoint.id else { return endpoint.kind }
        if id == person.id { return person.displayName }
        return relatedLabels[id.lowercased()] ?? relatedLabels[id] ?? id
    }
}

/// A merge the system applied (docs/wire/people.md §7.3); undo it with `PeopleAPI.undo`.
public struct AutomaticMerge: Codable, Sendable, Hashable {
    public var operationID: String
    public var revision: Int
    public var merged: Person?
    public var mergedAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case revision, merged
        case operationID = "operation_id", mergedAt = "merged_at"
    }
}

/// One page of a profile section route (docs/wire/people.md §5).
public struct SectionPage<Item: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var items: [Item]
    public var nextCursor: String?
    public var factRevisions: [String: Int]
    public var coverage: String?

    enum CodingKeys: String, CodingKey {
        case items, coverage
        case nextCursor = "next_cursor", factRevisions = "fact_revisions"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        items = try c.decodeIfPresent([Item].self, forKey: .items) ?? []
        nextCursor = try c.decodeIfPresent(String.self, forKey: .nextCursor)
        factRevisions = try c.decodeIfPresent([String: Int].self, forKey: .factRevisions) ?? [:]
        coverage = try c.decodeIfPresent(String.self, forKey: .coverage)
    }

    var page: Page<Item> { Page(items: items, nextCursor: nextCursor) }
}

/// Why an identity exists: one item that Repair identity can move (docs/wire/people.md §5).
public struct IdentityEvidence: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int?
    /// `identifier`, `mention`, `memory_link`, `relationship`, `interaction`, `commitment`, kept raw.
    public var kind: String
    public var label: String?
    public var supportIDs: [String]?
    public var beliefID: String?
    public var unresolved: Bool?

    enum CodingKeys: String, CodingKey {
        case id, revision, kind, label, unresolved
        case supportIDs = "support_ids", beliefID = "belief_id"
    }
}

/// One source reference behind an entity (docs/wire/people.md §5, route 17).
public struct EvidenceReference: Codable, Sendable, Hashable {
    public var reference: String
    /// `owner`, `email`, `sms`, kept raw.
    public var sourceKind: String?
    public var sessionID: String?
    public var eventSequence: Int?
    public var evidenceAt: Timestamp?
    public var accountID: String?
    public var threadID: String?
    public var messageID: String?
    /// Opens in Email (`GET /v1/email/threads/{id}`); handed over as a plain id.
    public var emailThreadID: String?
    /// The owner's own words, when the source is a chat statement.
    public var ownerAssertion: String?

    enum CodingKeys: String, CodingKey {
        case reference
        case sourceKind = "source_kind", sessionID = "session_id", eventSequence = "event_sequence"
        case evidenceAt = "evidence_at", accountID = "account_id", threadID = "thread_id", messageID = "message_id"
        case emailThreadID = "email_thread_id", ownerAssertion = "owner_assertion"
    }
}
