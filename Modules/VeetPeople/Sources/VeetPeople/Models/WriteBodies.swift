import Foundation
import VeetTransport
import VeetWire

/// A change to a person (docs/wire/people.md §6, PATCH): any of these, sent with the
/// person's revision. Nil fields are left out of the body.
public struct PersonEdit: Sendable, Hashable {
    public var displayName: String?
    public var pinned: Bool?
    /// Confirms a provisional identity (only `true` is sent).
    public var confirm: Bool
    public var addContact: NewContact?
    public var endContact: EndedContact?

    public init(displayName: String? = nil, pinned: Bool? = nil, confirm: Bool = false, addContact: NewContact? = nil,
                endContact: EndedContact? = nil) {
        self.displayName = displayName
        self.pinned = pinned
        self.confirm = confirm
        self.addContact = addContact
        self.endContact = endContact
    }

    public struct NewContact: Sendable, Hashable {
        public var kind: IdentifierKind
        public var value: String
        public var validFrom: Timestamp?
        public init(kind: IdentifierKind, value: String, validFrom: Timestamp? = nil) {
            self.kind = kind
            self.value = value
            self.validFrom = validFrom
        }
    }

    public struct EndedContact: Sendable, Hashable {
        public var identifierID: String
        public var expectedRevision: Int
        public var validTo: Timestamp
        public init(identifierID: String, expectedRevision: Int, validTo: Timestamp) {
            self.identifierID = identifierID
            self.expectedRevision = expectedRevision
            self.validTo = validTo
        }
    }
}

/// A correction of one fact (docs/wire/people.md §8).
public struct Correction: Sendable, Hashable {
    public var beliefID: String
    public var kind: CorrectionKind
    /// The fact's revision (the profile's `fact_revisions`).
    public var expectedRevision: Int
    /// The fact's 1-based place in the list the owner corrected it from; the
    /// contract requires it and leaves its meaning open (docs/wire/people.md §11).
    public var expectedPosition: Int
    /// The right words, for `correct`.
    public var statement: String?
    /// When a change took effect, for `changed`.
    public var effectiveAt: Timestamp?

    public init(beliefID: String, kind: CorrectionKind, expectedRevision: Int, expectedPosition: Int = 1,
                statement: String? = nil, effectiveAt: Timestamp? = nil) {
        self.beliefID = beliefID
        self.kind = kind
        self.expectedRevision = expectedRevision
        self.expectedPosition = expectedPosition
        self.statement = statement
        self.effectiveAt = effectiveAt
    }
}

// The request bodies, exactly the documented keys (request models are closed).

struct CreatePersonBody: Encodable {
    var sessionID: String
    var displayName: String
    var sensitivity: String?
    enum CodingKeys: String, CodingKey { case sessionID = "session_id", displayName = "display_name", sensitivity }
}

struct EditPersonBody: Encodable {
    var sessionID: String
    var expectedRevision: Int
    var displayName: String?
    var pinned: Bool?
    var confirm: Bool?
    var alias: JSONValue?
    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id", expectedRevision = "expected_revision", displayName = "display_name"
        case pinned, confirm, alias
    }
}

struct IdentityOperationBody: Encodable {
    var sessionID: String
    var operation: String
    var sourceID: String?
    var targetID: String?
    var operationID: String?
    var expectedRevision: Int?
    var expectedRevisions: [String: Int]?
    var selectedIDs: [String]?
    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id", operation, sourceID = "source_id", targetID = "target_id"
        case operationID = "operation_id", expectedRevision = "expected_revision"
        case expectedRevisions = "expected_revisions", selectedIDs = "selected_ids"
    }
}

struct SuggestionDecisionBody: Encodable {
    var sessionID: String
    var expectedRevision: Int
    var decision: String
    enum CodingKeys: String, CodingKey { case sessionID = "session_id", expectedRevision = "expected_revision", decision }
}

struct CorrectionBody: Encodable {
    var sessionID: String
    var beliefID: String
    var expectedRevision: Int
    var expectedPosition: Int
    var operation: String
    var effectiveAt: Timestamp?
    var statement: String?
    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id", beliefID = "belief_id", expectedRevision = "expected_revision"
        case expectedPosition = "expected_position", operation, effectiveAt = "effective_at", statement
    }
}

struct ForgetBody: Encodable {
    var sessionID: String
    var phase: String
    var expectedRevision: Int
    var operationID: String?
    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id", phase, expectedRevision = "expected_revision", operationID = "operation_id"
    }
}

struct AuditSessionBody: Encodable {
    var agentID = "general"
    var metadata = ["purpose": "people-management"]
    enum CodingKeys: String, CodingKey { case agentID = "agent_id", metadata }
}

struct CreatedSession: Decodable {
    var id: String
}
