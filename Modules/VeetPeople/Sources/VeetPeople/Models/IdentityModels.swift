import Foundation
import VeetTransport

/// A merge, split, undo or forget (docs/wire/people.md §7.1): first a `preview` listing
/// the reassignments, applied before `expiresAt`.
public struct IdentityOperation: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var operation: IdentityOperationKind
    public var state: OperationState
    public var personIDs: [String]
    public var expectedRevisions: [String: Int]
    public var assignments: [Assignment]
    public var expiresAt: Timestamp?
    public var undoOf: String?
    /// Applied by the system itself (absent on older servers: false).
    public var automatic: Bool

    public struct Assignment: Codable, Sendable, Hashable {
        public var entityID: String
        public var beforePersonID: String?
        public var afterPersonID: String?
        public var expectedRevision: Int?

        enum CodingKeys: String, CodingKey {
            case entityID = "entity_id", beforePersonID = "before_person_id", afterPersonID = "after_person_id"
            case expectedRevision = "expected_revision"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, revision, operation, state, assignments, automatic
        case personIDs = "person_ids", expectedRevisions = "expected_revisions", expiresAt = "expires_at"
        case undoOf = "undo_of"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        operation = try c.decodeIfPresent(IdentityOperationKind.self, forKey: .operation) ?? .unknown("")
        state = try c.decodeIfPresent(OperationState.self, forKey: .state) ?? .unknown("")
        personIDs = try c.decodeIfPresent([String].self, forKey: .personIDs) ?? []
        expectedRevisions = try c.decodeIfPresent([String: Int].self, forKey: .expectedRevisions) ?? [:]
        assignments = try c.decodeIfPresent([Assignment].self, forKey: .assignments) ?? []
        expiresAt = try c.decodeIfPresent(Timestamp.self, forKey: .expiresAt)
        undoOf = try c.decodeIfPresent(String.self, forKey: .undoOf)
        automatic = try c.decodeIfPresent(Bool.self, forKey: .automatic) ?? false
    }
}

/// A possible duplicate (docs/wire/people.md §7.2), answered Merge or Not the same.
public struct MergeSuggestion: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var source: Person
    public var target: Person
    public var reason: SuggestionReason
    public var familyName: Bool
    public var state: SuggestionState
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case id, revision, source, target, reason, state
        case familyName = "family_name", createdAt = "created_at", updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        source = try c.decode(Person.self, forKey: .source)
        target = try c.decode(Person.self, forKey: .target)
        reason = try c.decodeIfPresent(SuggestionReason.self, forKey: .reason) ?? .unknown("")
        familyName = try c.decodeIfPresent(Bool.self, forKey: .familyName) ?? false
        state = try c.decodeIfPresent(SuggestionState.self, forKey: .state) ?? .open
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt)
    }

    /// Why the server thinks these two are one person, in words.
    public var reasonText: String {
        switch reason {
        case .sameName: "Same name"
        case .firstName: familyName ? "Same first and family name" : "Same first name"
        case .nickname: "A nickname of the same name"
        case .sameAddress: "Same address"
        case .unknown(let raw): raw.isEmpty ? "Possible duplicate" : raw.replacingOccurrences(of: "_", with: " ")
        }
    }
}

/// What forgetting a person removes (docs/wire/people.md §9): a preview, then the applied erasure.
public struct ErasureView: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var state: OperationState
    /// Records removed by kind; the key set is not enumerated by the contract.
    public var counts: [String: Int]
    /// The server's sentence on what is and is not erased: shown as given.
    public var scope: String?

    enum CodingKeys: String, CodingKey { case id, revision, state, counts, scope }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        state = try c.decodeIfPresent(OperationState.self, forKey: .state) ?? .unknown("")
        counts = try c.decodeIfPresent([String: Int].self, forKey: .counts) ?? [:]
        scope = try c.decodeIfPresent(String.self, forKey: .scope)
    }
}

/// The answer to a correction (docs/wire/people.md §8).
public struct CorrectionResult: Codable, Sendable, Hashable {
    public var personRevision: Int?
    public var belief: PersonFact?
    public var removed: Bool
    public var erasure: ErasureView?

    enum CodingKeys: String, CodingKey {
        case belief, removed, erasure
        case personRevision = "person_revision"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        personRevision = try c.decodeIfPresent(Int.self, forKey: .personRevision)
        belief = try c.decodeIfPresent(PersonFact.self, forKey: .belief)
        removed = try c.decodeIfPresent(Bool.self, forKey: .removed) ?? false
        erasure = try c.decodeIfPresent(ErasureView.self, forKey: .erasure)
    }
}
