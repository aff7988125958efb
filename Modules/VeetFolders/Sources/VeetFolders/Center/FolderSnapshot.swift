/// What the folder feature last said, as one value a frontend keeps: the
/// folder list, the open proposals, whether the server offers folders at all
/// and, on a server with folders but no suggestions, the line to show where
/// they would be (`FolderCenter.proposalsNotice`). Server state, in memory.
public struct FolderSnapshot: Sendable, Hashable {
    public var folders: [FolderView]
    public var proposals: [FolderProposalView]
    public var availability: FolderAvailability
    public var proposalsNotice: String?

    public init(folders: [FolderView] = [], proposals: [FolderProposalView] = [],
                availability: FolderAvailability = .unknown, proposalsNotice: String? = nil) {
        self.folders = folders
        self.proposals = proposals
        self.availability = availability
        self.proposalsNotice = proposalsNotice
    }
}

extension FolderCenter {
    /// The center's folders, proposals and availability as they are now.
    public var snapshot: FolderSnapshot {
        FolderSnapshot(folders: folders, proposals: proposals, availability: availability, proposalsNotice: proposalsNotice)
    }
}
