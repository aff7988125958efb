import Foundation
import VeetTransport

/// One folder as the server describes it (docs/wire/sessions-runs.md §9.1).
public struct FolderView: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var threadCount: Int
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: String, name: String, threadCount: Int = 0, createdAt: Timestamp = "", updatedAt: Timestamp = "") {
        self.id = id
        self.name = name
        self.threadCount = threadCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case threadCount = "thread_count"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        threadCount = try c.decodeIfPresent(Int.self, forKey: .threadCount) ?? 0
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? ""
    }
}

public enum ProposalKind: LenientEnum {
    case newFolder, addToFolder
    case unknown(String)
    public static let wireNames: [(ProposalKind, String)] = [
        (.newFolder, "new_folder"), (.addToFolder, "add_to_folder"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum ProposalState: LenientEnum {
    case proposed, accepted, declined, withdrawn
    case unknown(String)
    public static let wireNames: [(ProposalState, String)] = [
        (.proposed, "proposed"), (.accepted, "accepted"), (.declined, "declined"), (.withdrawn, "withdrawn"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A grouping the server suggests; nothing is filed until the owner accepts (docs/wire/sessions-runs.md §9.3).
public struct FolderProposalView: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var kind: ProposalKind
    public var proposedName: String?
    public var targetFolderID: String?
    public var memberSessionIDs: [String]
    public var rationale: String?
    /// `lexical` or `model`, kept raw.
    public var derivation: String?
    public var state: ProposalState
    public var withdrawalReason: String?
    public var resultingFolderID: String?
    public var createdAt: Timestamp
    public var resolvedAt: Timestamp?

    public init(id: String, kind: ProposalKind, proposedName: String? = nil, targetFolderID: String? = nil,
                memberSessionIDs: [String], rationale: String? = nil, derivation: String? = nil,
                state: ProposalState = .proposed, withdrawalReason: String? = nil,
                resultingFolderID: String? = nil, createdAt: Timestamp = "", resolvedAt: Timestamp? = nil) {
        self.id = id
        self.kind = kind
        self.proposedName = proposedName
        self.targetFolderID = targetFolderID
        self.memberSessionIDs = memberSessionIDs
        self.rationale = rationale
        self.derivation = derivation
        self.state = state
        self.withdrawalReason = withdrawalReason
        self.resultingFolderID = resultingFolderID
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, rationale, derivation, state
        case proposedName = "proposed_name"
        case targetFolderID = "target_folder_id"
        case memberSessionIDs = "member_session_ids"
        case withdrawalReason = "withdrawal_reason"
        case resultingFolderID = "resulting_folder_id"
        case createdAt = "created_at"
        case resolvedAt = "resolved_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        kind = try c.decode(ProposalKind.self, forKey: .kind)
        proposedName = try c.decodeIfPresent(String.self, forKey: .proposedName)
        targetFolderID = try c.decodeIfPresent(String.self, forKey: .targetFolderID)
        memberSessionIDs = try c.decodeIfPresent([String].self, forKey: .memberSessionIDs) ?? []
        rationale = try c.decodeIfPresent(String.self, forKey: .rationale)
        derivation = try c.decodeIfPresent(String.self, forKey: .derivation)
        state = try c.decodeIfPresent(ProposalState.self, forKey: .state) ?? .proposed
        withdrawalReason = try c.decodeIfPresent(String.self, forKey: .withdrawalReason)
        resultingFolderID = try c.decodeIfPresent(String.self, forKey: .resultingFolderID)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        resolvedAt = try c.decodeIfPresent(Timestamp.self, forKey: .resolvedAt)
    }

    /// Open and of a kind this client understands; unknown kinds are hidden.
    public var isShowable: Bool { state == .proposed && kind.isKnown }
}
