import Foundation
import VeetTransport
import VeetWire

/// One stable identity in the owner's directory (docs/wire/people.md §3).
public struct Person: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var displayName: String
    public var state: PersonState
    public var pinned: Bool
    /// Where a `merged` person went.
    public var mergedInto: String?
    public var sensitivity: Sensitivity
    /// Evidence references, usable with `PeopleAPI.evidence`.
    public var supportIDs: [String]
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init(id: String, revision: Int = 1, displayName: String, state: PersonState = .active, pinned: Bool = false,
                mergedInto: String? = nil, sensitivity: Sensitivity = .sensitive, supportIDs: [String] = [],
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil) {
        self.id = id
        self.revision = revision
        self.displayName = displayName
        self.state = state
        self.pinned = pinned
        self.mergedInto = mergedInto
        self.sensitivity = sensitivity
        self.supportIDs = supportIDs
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, revision, state, pinned, sensitivity
        case displayName = "display_name", mergedInto = "merged_into", supportIDs = "support_ids"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName) ?? ""
        state = try c.decodeIfPresent(PersonState.self, forKey: .state) ?? .active
        pinned = try c.decodeIfPresent(Bool.self, forKey: .pinned) ?? false
        mergedInto = try c.decodeIfPresent(String.self, forKey: .mergedInto)
        sensitivity = try c.decodeIfPresent(Sensitivity.self, forKey: .sensitivity) ?? .sensitive
        supportIDs = try c.decodeIfPresent([String].self, forKey: .supportIDs) ?? []
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt)
    }

    /// Two letters for the directory's initials mark: first and last word, or the first two letters.
    public var initials: String {
        let words = displayName.split(whereSeparator: { $0.isWhitespace || $0 == "-" }).filter { $0.first?.isLetter == true }
        let letters: [Character]
        switch words.count {
        case 0: letters = Array(displayName.filter(\.isLetter).prefix(1))
        case 1: letters = Array(words[0].prefix(2))
        default: letters = [words[0].first!, words[words.count - 1].first!]
        }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }
}

/// An endpoint of a relationship or commitment: the owner, or a person or organization by id.
public struct Endpoint: Codable, Sendable, Hashable {
    /// `owner`, `person`, `organization` (kept raw: newer kinds may appear).
    public var kind: String
    public var id: String?

    public init(kind: String, id: String? = nil) {
        self.kind = kind
        self.id = id
    }

    public static let owner = Endpoint(kind: "owner")
    public var isOwner: Bool { kind == "owner" }
}
