import Foundation
import VeetStore
import VeetTransport

/// A schedule's group as the app hands it in (built by VeetSchedules'
/// grouping, passed as a plain value so VeetFolders never imports it).
public struct ScheduledGroupInput: Sendable, Hashable {
    public var scheduleID: String
    /// The newest session's title.
    public var label: String
    /// The group's sessions, most recent activity first.
    public var sessionIDs: [String]

    public init(scheduleID: String, label: String, sessionIDs: [String]) {
        self.scheduleID = scheduleID
        self.label = label
        self.sessionIDs = sessionIDs
    }
}

/// What the sidebar shows, top to bottom; a pure value frontends render.
public struct SidebarModel: Sendable, Hashable {
    public struct Suggestion: Sendable, Hashable, Identifiable {
        public var proposal: FolderProposalView
        /// The new folder's name (nil when the server proposed none), or the target folder's name.
        public var folderName: String?
        /// The cached conversations it would file, one per line.
        public var members: [CachedSession]
        public var id: String { proposal.id }
        /// Only a new folder can be renamed while accepting.
        public var canRename: Bool { proposal.kind == .newFolder }
    }

    public struct FolderSection: Sendable, Hashable, Identifiable {
        public var folder: FolderView
        public var isExpanded: Bool
        public var sessions: [CachedSession]
        public var id: String { folder.id }
    }

    public struct ScheduledGroup: Sendable, Hashable, Identifiable {
        public var scheduleID: String
        public var label: String
        public var isExpanded: Bool
        public var sessions: [CachedSession]
        public var id: String { scheduleID }
    }

    public struct RecentSection: Sendable, Hashable {
        public var isExpanded: Bool
        /// Shortcuts: the same conversations stay in their folder or history row.
        public var sessions: [CachedSession]
    }

    /// Folder controls (new folder, move menus, suggestions) are shown at all.
    public var showsFolderControls: Bool
    public var suggestions: [Suggestion]
    public var folders: [FolderSection]
    public var scheduled: [ScheduledGroup]
    /// Nil when there is no conversation to show.
    public var recent: RecentSection?
    /// Unfiled conversations and lone scheduled sessions, most recent activity first.
    public var history: [CachedSession]

    public static let recentLimit = 5

    /// - Parameters:
    ///   - rows: the cached index, folder ids already fenced (`FolderCenter.fencedRows`).
    ///   - scheduledGroups: schedules with two or more cached sessions.
    public init(rows: [CachedSession], folders: [FolderView], proposals: [FolderProposalView],
                availability: FolderAvailability, scheduledGroups: [ScheduledGroupInput],
                expansion: SidebarExpansion) {
        let ordered = rows.sortedByActivity()
        let withFolders = availability.showsFolderControls
        let grouped = scheduledGroups.filter { $0.sessionIDs.count >= 2 }
        // Only suggestions and scheduled groups look rows up by id: without them the map is not built.
        let byID = (withFolders && !proposals.isEmpty) || !grouped.isEmpty
            ? Dictionary(ordered.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) : [:]
        let knownFolders = withFolders ? Set(folders.map(\.id)) : []

        func folderOf(_ row: CachedSession) -> String? {
            guard row.scheduleID == nil, let id = row.folderID, knownFolders.contains(id) else { return nil }
            return id
        }

        showsFolderControls = withFolders
        // A suggestion shows once at least one of its conversations is cached;
        // one adding to a folder that is gone would only be refused as stale.
        suggestions = !withFolders ? [] : proposals.filter(\.isShowable).compactMap { proposal in
            let name = proposal.kind == .newFolder
                ? proposal.proposedName
                : folders.first { $0.id == proposal.targetFolderID }?.name
            if proposal.kind == .addToFolder && name == nil { return nil }
            let members = proposal.memberSessionIDs.compactMap { byID[$0] }
                .filter { $0.scheduleID == nil && folderOf($0) == nil }
            return members.isEmpty ? nil : Suggestion(proposal: proposal, folderName: name, members: members)
        }
        self.folders = !withFolders ? [] : folders.map { folder in
            FolderSection(folder: folder, isExpanded: expansion.isFolderOpen(folder.id),
                          sessions: ordered.filter { folderOf($0) == folder.id })
        }
        scheduled = grouped.map { group in
            ScheduledGroup(scheduleID: group.scheduleID, label: group.label,
                           isExpanded: expansion.isScheduleGroupOpen(group.scheduleID),
                           sessions: group.sessionIDs.compactMap { byID[$0] })
        }
        let inGroups = Set(grouped.flatMap(\.sessionIDs))
        let conversations = ordered.filter { $0.scheduleID == nil }
        recent = conversations.isEmpty ? nil
            : RecentSection(isExpanded: expansion.recentExpanded, sessions: Array(conversations.prefix(Self.recentLimit)))
        history = ordered.filter { !inGroups.contains($0.id) && folderOf($0) == nil }
    }
}
