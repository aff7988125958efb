import Foundation
import VeetCurses
import VeetFolders
import VeetStore
import VeetTokens

/// Lays the folder model's `SidebarModel.entries` out as the list sections of
/// a full-screen client's sidebar, without deciding anything: which rows
/// exist and in which order is the model's. Recent chats, the suggestions,
/// the folders, Scheduled and History are all the model's; the shell puts
/// its own rows (New conversation, "Needs you", search hits) around them.
public enum FolderSidebar {
    public static let newFolderID = "newfolder"
    public static let recentID = "recent", historyID = "history"
    public static let suggestionsID = "suggestions", foldersID = "folders", scheduledID = "scheduled"
    /// The one line in the suggestions' place on a server that does not suggest folders (a header: nothing to choose).
    public static let suggestionsNotOfferedID = "suggestions-not-offered", suggestionsNotOffered = "Suggested folders: not offered"
    /// Where the owner's expansion is saved, per connection (JSON of `SidebarExpansion`).
    public static let expansionPreference = "tui.sidebar.expansion"

    /// A conversation row's title.
    public static func title(of session: CachedSession) -> String {
        session.displayTitle ?? "New conversation"
    }

    /// The model for the cached rows. Recent chats' folding stays with the
    /// list widget (remembered like History), so the model always lists it open.
    /// `scheduledGroups`: the schedules' groups, made by the shell (VeetFolders imports no other feature).
    public static func model(sessions: [CachedSession], snapshot: FolderSnapshot, expansion: SidebarExpansion,
                             scheduledGroups: [ScheduledGroupInput]) -> SidebarModel {
        var expansion = expansion
        if !expansion.recentExpanded { expansion.toggleRecent() }
        return SidebarModel(rows: sessions, folders: snapshot.folders, proposals: snapshot.proposals,
                            availability: snapshot.availability, scheduledGroups: scheduledGroups, expansion: expansion)
    }

    /// The sections after the shell's own. The rows between two headers are
    /// made as the list draws them (`LazyListItems`): a frame makes the forty
    /// or so it shows, not one with its age per cached session.
    /// `waiting`: the sessions that wait for the owner (a dot); `age`: a row's age in the shell's words.
    /// `proposalsNotice`: the server has folders but no suggestions; one header line says so where they would be
    /// (after Recent chats), and the rest of the folders work as ever.
    public static func sections(_ entries: [SidebarEntry], waiting: Set<String>, proposalsNotice: String? = nil,
                                age: @escaping @Sendable (CachedSession) -> String) -> [ListSection] {
        var sections = placed(entries, waiting: waiting, age: age)
        if proposalsNotice != nil {
            let after = sections.firstIndex { $0.id == recentID }.map { $0 + 1 } ?? 0
            sections.insert(ListSection(id: suggestionsNotOfferedID, title: suggestionsNotOffered, items: []), at: after)
        }
        return sections
    }

    private static func placed(_ entries: [SidebarEntry], waiting: Set<String>,
                               age: @escaping @Sendable (CachedSession) -> String) -> [ListSection] {
        var sections: [ListSection] = []
        // The entries after the last header not yet placed: they are the last section's items.
        var runStart = 0
        func placeRun(upTo end: Int) {
            defer { runStart = end }
            guard runStart < end else { return }
            if sections.isEmpty { sections.append(ListSection(id: "top", title: "", items: [])) }
            let last = sections.count - 1
            guard sections[last].itemCount == 0 else {
                // Rows after a section's own items (none such in the model's order today): made at once.
                sections[last].items += entries[runStart..<end].compactMap { item($0, waiting: waiting, age: age) }
                return
            }
            let base = runStart
            let run = LazyListItems(count: end - runStart,
                                    item: { item(entries[base + $0], waiting: waiting, age: age)! },
                                    itemID: { itemID(entries[base + $0])! })
            sections[last] = ListSection(id: sections[last].id, title: sections[last].title, lazyItems: run,
                                         isCollapsible: sections[last].isCollapsible)
        }
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .header(let section, _):
                placeRun(upTo: index)
                runStart = index + 1
                let (id, title, collapsible): (String, String, Bool) = switch section {
                case .recent: (recentID, "Recent chats", true)
                case .suggestions: (suggestionsID, "Suggested folders", false)
                case .folders: (foldersID, "Folders", false)
                case .scheduled: (scheduledID, "Scheduled", false)
                case .history: (historyID, "History", true)
                }
                sections.append(ListSection(id: id, title: title, items: [], isCollapsible: collapsible))
            case .newFolder:
                placeRun(upTo: index)
                runStart = index + 1
                sections.append(ListSection(id: "folder-controls", title: "", items: [
                    ListItem(id: newFolderID, title: "+ New folder"),
                ]))
            case .suggestion, .folder, .scheduledGroup, .conversation:
                continue
            }
        }
        placeRun(upTo: entries.count)
        return sections
    }

    /// The list row of one entry (nil for the entries that are not rows: headers and the new-folder control).
    public static func item(_ entry: SidebarEntry, waiting: Set<String>, age: (CachedSession) -> String) -> ListItem? {
        switch entry {
        case .header, .newFolder:
            return nil
        case .suggestion(let suggestion):
            return ListItem(id: "suggestion:" + suggestion.id,
                            title: "✦ " + (suggestion.folderName ?? "New folder") + " (\(suggestion.members.count))",
                            detail: "a/d")
        case .folder(let section):
            return ListItem(id: "folder:" + section.id, title: (section.isExpanded ? "▾ " : "▸ ") + section.folder.name,
                            detail: "\(section.folder.threadCount)")
        case .scheduledGroup(let group):
            return ListItem(id: "group:" + group.id, title: (group.isExpanded ? "▾ " : "▸ ") + group.label,
                            detail: "\(group.sessions.count)")
        case .conversation(let session, let place):
            let indent: String = switch place {
            case .recent, .history: ""
            case .suggestion, .folder, .scheduled: "  "
            }
            let dot = StyledRun("● ", style: TextStyle(attributes: .bold, foreground: .amber))
            return ListItem(id: FolderRow.itemID(session, place: place), title: indent + title(of: session),
                            detail: age(session), marker: waiting.contains(session.id) ? dot : nil)
        }
    }

    /// `item(entry).id` without making the row (no title, no age).
    public static func itemID(_ entry: SidebarEntry) -> String? {
        switch entry {
        case .header, .newFolder: nil
        case .suggestion(let suggestion): "suggestion:" + suggestion.id
        case .folder(let section): "folder:" + section.id
        case .scheduledGroup(let group): "group:" + group.id
        case .conversation(let session, let place): FolderRow.itemID(session, place: place)
        }
    }

    /// The owner's expansion as saved on this device (nil: none saved, or not readable).
    public static func savedExpansion(in preferences: ConnectionPreferences) -> SidebarExpansion? {
        guard let saved = try? preferences.value(for: expansionPreference) else { return nil }
        return try? JSONDecoder().decode(SidebarExpansion.self, from: Data(saved.utf8))
    }

    /// Saves the owner's expansion (a failed write keeps the one on screen; it is saved again at the next toggle).
    public static func save(_ expansion: SidebarExpansion, in preferences: ConnectionPreferences) {
        guard let data = try? JSONEncoder().encode(expansion) else { return }
        try? preferences.set(String(decoding: data, as: UTF8.self), for: expansionPreference)
    }
}

/// What a sidebar row the folder model placed stands for. Row ids carry a
/// prefix so the same conversation can sit in Recent chats and in its folder
/// and still be told apart.
public enum FolderRow: Sendable, Hashable {
    case conversation(sessionID: String)
    case suggestion(proposalID: String)
    case folder(id: String)
    case scheduledGroup(scheduleID: String)
    case newFolder

    /// The id of a conversation row placed by the folder model.
    public static func itemID(_ session: CachedSession, place: SidebarEntry.Place) -> String {
        switch place {
        case .recent: "recent:" + session.id
        case .suggestion(let proposalID): "s:" + proposalID + ":" + session.id
        case .folder(let id): "f:" + id + ":" + session.id
        case .scheduled(let scheduleID): "g:" + scheduleID + ":" + session.id
        case .history: session.id
        }
    }

    /// Reads a row id back. Nil for an id the folder model did not make with a prefix
    /// (Recent chats' and History's rows, and the shell's own rows, are read by the shell).
    public init?(itemID: String) {
        if itemID == FolderSidebar.newFolderID { self = .newFolder; return }
        for (prefix, make) in [("suggestion:", Self.suggestion(proposalID:)), ("folder:", Self.folder(id:)),
                               ("group:", Self.scheduledGroup(scheduleID:))] where itemID.hasPrefix(prefix) {
            self = make(String(itemID.dropFirst(prefix.count)))
            return
        }
        for prefix in ["s:", "f:", "g:"] where itemID.hasPrefix(prefix) {
            // The session id follows the second colon (proposal, folder and schedule ids carry none).
            let rest = itemID.dropFirst(prefix.count)
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            self = .conversation(sessionID: String(rest[rest.index(after: colon)...]))
            return
        }
        return nil
    }
}
