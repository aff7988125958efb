import Foundation

extension FixtureServer {
    /// Opens a folder proposal as the server would (at most three are open at
    /// once; nil when that limit is reached or no member is an unfiled chat).
    /// `targetFolderID` makes it an add-to-folder proposal, else a new folder named `name`.
    @discardableResult
    public func proposeFolder(name: String?, targetFolderID: String? = nil, members: [String],
                              rationale: String? = nil) -> String? {
        store.transaction { state in
            let folders = state.folders
            guard folders.openProposalCount < FoldersState.maximumOpenProposals else { return nil }
            let eligible = members.filter {
                state.sessions[$0] != nil && folders.sessionFolder[$0] == nil && state.sessions[$0]?.metadata["schedule_id"] == nil
            }
            guard !eligible.isEmpty else { return nil }
            let proposal = FoldersState.Proposal(
                id: Identifier.make(), kind: targetFolderID == nil ? "new_folder" : "add_to_folder",
                proposedName: targetFolderID == nil ? name : nil, targetFolderID: targetFolderID,
                members: Array(eligible.prefix(12)), rationale: rationale, createdAt: state.now())
            folders.proposals[proposal.id] = proposal
            return proposal.id
        }
    }

    /// Switches the server's own proposals (made when proposals are read) on or off; on by default.
    public func setFolderProposalsEnabled(_ enabled: Bool) {
        store.transaction { $0.folders.proposalsEnabled = enabled }
    }

    /// Open proposal ids, newest first.
    public func openProposalIDs() -> [String] {
        store.transaction { state in
            state.folders.proposals.values.filter { $0.state == "proposed" }
                .sorted { ($0.createdAt.zulu, $0.id) > ($1.createdAt.zulu, $1.id) }.map(\.id)
        }
    }
}
