import Foundation
import VeetTransport

/// Where a persona entry (or the whole document's last change) came from.
public enum PersonaSource: LenientEnum {
    case userEdit, affirmation
    case unknown(String)
    public static let wireNames: [(PersonaSource, String)] = [(.userEdit, "user_edit"), (.affirmation, "affirmation")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    public var label: String {
        switch self {
        case .userEdit: "typed by you"
        case .affirmation: "affirmed from memory"
        case .unknown(let raw): raw.replacingOccurrences(of: "_", with: " ")
        }
    }
}

/// One standing instruction. `sensitivity` is kept raw (its vocabulary is memory's,
/// and it is sent back unchanged); `sourceBeliefID` keeps an affirmed entry's provenance.
public struct PersonaEntry: Codable, Sendable, Hashable {
    public var text: String
    public var source: PersonaSource
    public var sourceBeliefID: String?
    public var sensitivity: String

    public init(text: String, source: PersonaSource = .userEdit, sourceBeliefID: String? = nil,
                sensitivity: String = "internal") {
        self.text = text
        self.source = source
        self.sourceBeliefID = sourceBeliefID
        self.sensitivity = sensitivity
    }

    enum CodingKeys: String, CodingKey {
        case text, source, sensitivity
        case sourceBeliefID = "source_belief_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        source = try c.decodeIfPresent(PersonaSource.self, forKey: .source) ?? .userEdit
        sourceBeliefID = try c.decodeIfPresent(String.self, forKey: .sourceBeliefID)
        sensitivity = try c.decodeIfPresent(String.self, forKey: .sensitivity) ?? "internal"
    }

    /// The write shape (no `source`: the server sets it), `null` provenance written out.
    var written: WrittenEntry { WrittenEntry(text: text, sensitivity: sensitivity, sourceBeliefID: sourceBeliefID) }
}

struct WrittenEntry: Encodable {
    var text: String
    var sensitivity: String
    var sourceBeliefID: String?
    enum CodingKeys: String, CodingKey {
        case text, sensitivity
        case sourceBeliefID = "source_belief_id"
    }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(sensitivity, forKey: .sensitivity)
        try c.encode(sourceBeliefID, forKey: .sourceBeliefID)
    }
}

/// The persona, a whole document with a version (docs/wire/settings.md §4). Version 0
/// with no entries is the real "never written" state.
public struct PersonaDocument: Codable, Sendable, Hashable {
    public var version: Int
    public var entries: [PersonaEntry]
    public var source: PersonaSource?
    public var createdAt: Timestamp?

    public init(version: Int, entries: [PersonaEntry], source: PersonaSource? = nil, createdAt: Timestamp? = nil) {
        self.version = version
        self.entries = entries
        self.source = source
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case version, entries, source
        case createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 0
        entries = try c.decodeIfPresent([PersonaEntry].self, forKey: .entries) ?? []
        source = try c.decodeIfPresent(PersonaSource.self, forKey: .source)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt)
    }

    public var isNeverWritten: Bool { version == 0 && entries.isEmpty }
}

struct PersonaWrite: Encodable {
    var expectedVersion: Int
    var entries: [WrittenEntry]
    enum CodingKeys: String, CodingKey {
        case entries
        case expectedVersion = "expected_version"
    }
}

public enum NominationState: LenientEnum {
    case nominated, affirmed, declined, withdrawn
    case unknown(String)
    public static let wireNames: [(NominationState, String)] = [
        (.nominated, "nominated"), (.affirmed, "affirmed"), (.declined, "declined"), (.withdrawn, "withdrawn"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A memory the system suggests adding to the persona; the owner affirms or declines it.
public struct PersonaNomination: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var beliefID: String?
    public var statement: String
    /// Memory's vocabularies, kept raw: this package does not import VeetMemory.
    public var beliefType: String?
    public var authority: String?
    public var confidence: Double?
    public var corroborationCount: Int
    public var sensitivity: String?
    public var state: NominationState
    public var nominatedAt: Timestamp?
    public var resolvedAt: Timestamp?
    public var affirmedVersion: Int?

    public init(id: String, statement: String, state: NominationState = .nominated, beliefID: String? = nil) {
        self.id = id
        self.statement = statement
        self.state = state
        self.beliefID = beliefID
        self.corroborationCount = 0
    }

    enum CodingKeys: String, CodingKey {
        case id, statement, authority, confidence, sensitivity, state
        case beliefID = "belief_id", beliefType = "belief_type", corroborationCount = "corroboration_count"
        case nominatedAt = "nominated_at", resolvedAt = "resolved_at", affirmedVersion = "affirmed_version"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        beliefID = try c.decodeIfPresent(String.self, forKey: .beliefID)
        statement = try c.decodeIfPresent(String.self, forKey: .statement) ?? ""
        beliefType = try c.decodeIfPresent(String.self, forKey: .beliefType)
        authority = try c.decodeIfPresent(String.self, forKey: .authority)
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        corroborationCount = try c.decodeIfPresent(Int.self, forKey: .corroborationCount) ?? 0
        sensitivity = try c.decodeIfPresent(String.self, forKey: .sensitivity)
        state = try c.decodeIfPresent(NominationState.self, forKey: .state) ?? .unknown("")
        nominatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .nominatedAt)
        resolvedAt = try c.decodeIfPresent(Timestamp.self, forKey: .resolvedAt)
        affirmedVersion = try c.decodeIfPresent(Int.self, forKey: .affirmedVersion)
    }
}
