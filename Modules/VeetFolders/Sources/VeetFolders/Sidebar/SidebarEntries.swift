import VeetStore

/// Where a folder row's move menu can send a conversation.
public enum MoveTarget: Sendable, Hashable {
    case folder(id: String, name: String)
    /// Back to the history (sent as an explicit `folder_id: null`).
    case history
}

/// One line of the sidebar, top to bottom, with the owner's expansion
/// applied: what a frontend draws, in order, without deciding anything.
public enum SidebarEntry: Sendable, Hashable {
    public enum Section: String, Sendable, Hashable {
        case recent, suggestions, folders, scheduled, history
    }

    /// Where a conversation row sits, so a selection can be told apart from
    /// the same conversation's shortcut in Recent chats.
    public enum Place: Sendable, Hashable {
        case recent
        case suggestion(proposalID: String)
        case folder(id: String)
        case scheduled(scheduleID: String)
        case history
    }

    /// A section title; `isExpanded` is nil for sections that do not fold.
    case header(Section, isExpanded: Bool?)
    case suggestion(SidebarModel.Suggestion)
    case folder(SidebarModel.FolderSection)
    case scheduledGroup(SidebarModel.ScheduledGroup)
    case conversation(CachedSession, place: Place)
    /// The new-folder control after the history (only where folders are offered).
    case newFolder
}

extension SidebarModel {
    /// Every line in order: Recent chats (right below New conversation), the
    /// suggested folders each with the conversations it would file, the
    /// folders (open ones with their conversations), the Scheduled groups
    /// (open ones with their sessions), the history, then the new-folder control.
    public var entries: [SidebarEntry] {
        var lines: [SidebarEntry] = []
        if let recent {
            lines.append(.header(.recent, isExpanded: recent.isExpanded))
            if recent.isExpanded { lines += recent.sessions.map { .conversation($0, place: .recent) } }
        }
        if !suggestions.isEmpty {
            lines.append(.header(.suggestions, isExpanded: nil))
            for suggestion in suggestions {
                lines.append(.suggestion(suggestion))
                lines += suggestion.members.map { .conversation($0, place: .suggestion(proposalID: suggestion.id)) }
            }
        }
        if !folders.isEmpty {
            lines.append(.header(.folders, isExpanded: nil))
            for folder in folders {
                lines.append(.folder(folder))
                if folder.isExpanded { lines += folder.sessions.map { .conversation($0, place: .folder(id: folder.id)) } }
            }
        }
        if !scheduled.isEmpty {
            lines.append(.header(.scheduled, isExpanded: nil))
            for group in scheduled {
                lines.append(.scheduledGroup(group))
                if group.isExpanded {
                    lines += group.sessions.map { .conversation($0, place: .scheduled(scheduleID: group.scheduleID)) }
                }
            }
        }
        if !history.isEmpty {
            lines.append(.header(.history, isExpanded: nil))
            lines += history.map { .conversation($0, place: .history) }
        }
        if showsFolderControls { lines.append(.newFolder) }
        return lines
    }

    /// The move menu of a conversation row: every other folder, and the
    /// history when it is filed. Empty for scheduled sessions (they never
    /// enter a folder) and where the server offers no folders.
    public func moveTargets(for row: CachedSession) -> [MoveTarget] {
        guard showsFolderControls, row.scheduleID == nil else { return [] }
        let current = folders.first { section in section.sessions.contains { $0.id == row.id } }?.id
        var targets: [MoveTarget] = folders.filter { $0.id != current }
            .map { .folder(id: $0.id, name: $0.folder.name) }
        if current != nil { targets.append(.history) }
        return targets
    }
}
