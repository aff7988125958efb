import Foundation

/// The fixture's folders (docs/wire/sessions-runs.md §9): flat, per principal, held with
/// the rest of the store state. A session's folder lives here, keyed by session id.
final class FoldersState {
    struct Folder {
        var id: String
        var name: String
        var createdAt: Instant
        var updatedAt: Instant
    }

    struct Proposal {
        var id: String
        var kind: String
        var proposedName: String?
        var targetFolderID: String?
        var members: [String]
        var rationale: String?
        var state = "proposed"
        var withdrawalReason: String?
        var resultingFolderID: String?
        var createdAt: Instant
        var resolvedAt: Instant?
        /// What the proposer grouped by (nil for proposals a test opened).
        var groupingKey: String? = nil
    }

    static let maximumFolders = 200
    static let maximumOpenProposals = 3

    var folders: [String: Folder] = [:]
    var proposals: [String: Proposal] = [:]
    var sessionFolder: [String: String] = [:]
    /// The proposer runs when proposals are read (a test may switch it off).
    var proposalsEnabled = true
    /// Groupings the owner declined; never proposed again.
    var declinedGroupings: Set<String> = []

    func threadCount(_ folderID: String) -> Int { sessionFolder.values.filter { $0 == folderID }.count }

    func view(_ folder: Folder) -> JSON {
        [
            "id": .string(folder.id), "name": .string(folder.name), "thread_count": .int(Int64(threadCount(folder.id))),
            "created_at": .string(folder.createdAt.zulu), "updated_at": .string(folder.updatedAt.zulu),
        ]
    }

    func view(_ proposal: Proposal) -> JSON {
        [
            "id": .string(proposal.id), "kind": .string(proposal.kind), "proposed_name": .string(proposal.proposedName),
            "target_folder_id": .string(proposal.targetFolderID),
            "member_session_ids": .array(proposal.members.map { .string($0) }),
            "rationale": .string(proposal.rationale), "derivation": "lexical", "state": .string(proposal.state),
            "withdrawal_reason": .string(proposal.withdrawalReason),
            "resulting_folder_id": .string(proposal.resultingFolderID),
            "created_at": .string(proposal.createdAt.zulu), "resolved_at": .string(proposal.resolvedAt?.zulu),
        ]
    }

    var sortedFolders: [Folder] {
        folders.values.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    var openProposalCount: Int { proposals.values.filter { $0.state == "proposed" }.count }

    /// Whitespace collapsed, NFC, 1–64 characters, no control characters.
    static func normalizedName(_ raw: String) -> String? {
        let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ").precomposedStringWithCanonicalMapping
        guard (1...64).contains(collapsed.count),
              !collapsed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return collapsed
    }

    func isNameTaken(_ name: String, except id: String? = nil) -> Bool {
        folders.values.contains { $0.id != id && $0.name.lowercased() == name.lowercased() }
    }

    /// Withdraws open proposals naming `sessionID` (a real move does so).
    func withdrawProposals(naming sessionID: String, now: Instant) {
        for (id, proposal) in proposals where proposal.state == "proposed" && proposal.members.contains(sessionID) {
            proposals[id]?.state = "withdrawn"
            proposals[id]?.withdrawalReason = "member_gone"
            proposals[id]?.resolvedAt = now
        }
    }
}
