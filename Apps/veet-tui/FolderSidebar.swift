import Foundation
import VeetCurses
import VeetFolders
import VeetSchedules
import VeetStore
import VeetTokens

/// What the folder feature last said: the folder list, open proposals and
/// whether the server offers folders at all (server state, held in memory).
struct FolderSnapshot: Sendable, Hashable {
    var folders: [FolderView] = []
    var proposals: [FolderProposalView] = []
    var availability: FolderAvailability = .unknown
    /// A server with folders but no suggestions (`FolderCenter.proposalsNotice`): said where they would be.
    var proposalsNotice: String?
}

/// What a sidebar item stands for. Item ids carry a prefix so the same
/// conversation can sit in Recent chats and in its folder and still be told apart.
enum SidebarTarget: Hashable {
    case conversation(String)
    case suggestion(proposalID: String)
    case folder(id: String)
    case scheduledGroup(scheduleID: String)
    case newFolder
    /// A feature's item under "Needs you", opened on that feature's screen (ChatScreen+NeedsYou.swift).
    case needsYou(feature: String, id: String)

    /// The id of a conversation row placed by the folder model.
    static func itemID(_ session: CachedSession, place: SidebarEntry.Place) -> String {
        switch place {
        case .recent: "recent:" + session.id
        case .suggestion(let proposalID): "s:" + proposalID + ":" + session.id
        case .folder(let id): "f:" + id + ":" + session.id
        case .scheduled(let scheduleID): "g:" + scheduleID + ":" + session.id
        case .history: session.id
        }
    }

    /// Reads an item id back (nil: the New conversation row).
    init?(itemID: String) {
        if itemID == ScreenState.newConversationID { return nil }
        if itemID == FolderSidebar.newFolderID { self = .newFolder; return }
        if itemID.hasPrefix("owner:") {
            // The feature's name holds no colon; the record's id is the rest, whatever it holds.
            let rest = itemID.dropFirst("owner:".count)
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            self = .needsYou(feature: String(rest[..<colon]), id: String(rest[rest.index(after: colon)...]))
            return
        }
        for (prefix, make) in [("suggestion:", Self.suggestion(proposalID:)), ("folder:", Self.folder(id:)),
                               ("group:", Self.scheduledGroup(scheduleID:))] where itemID.hasPrefix(prefix) {
            self = make(String(itemID.dropFirst(prefix.count)))
            return
        }
        for prefix in ["s:", "f:", "g:"] where itemID.hasPrefix(prefix) {
            // The session id follows the second colon (proposal, folder and schedule ids carry none).
            let rest = itemID.dropFirst(prefix.count)
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            self = .conversation(String(rest[rest.index(after: colon)...]))
            return
        }
        guard let session = Sidebar.sessionID(ofItem: itemID) else { return nil }
        self = .conversation(session)
    }
}

/// Lays the folder feature's `SidebarModel.entries` out as list sections,
/// without deciding anything: which rows exist and in which order is the model's.
enum FolderSidebar {
    static let newFolderID = "newfolder"
    static let suggestionsID = "suggestions", foldersID = "folders", scheduledID = "scheduled"
    /// The one line in the suggestions' place on a server that does not suggest folders (a header: nothing to choose).
    static let suggestionsNotOfferedID = "suggestions-not-offered", suggestionsNotOffered = "Suggested folders: not offered"
    static let expansionPreference = "tui.sidebar.expansion"

    /// The model for the cached rows. Recent chats' folding stays with the
    /// list widget (remembered like History), so the model always lists it open.
    static func model(sessions: [CachedSession], snapshot: FolderSnapshot, expansion: SidebarExpansion) -> SidebarModel {
        var expansion = expansion
        if !expansion.recentExpanded { expansion.toggleRecent() }
        let groups = ScheduledGrouping.groups(from: sessions)
            .map { ScheduledGroupInput(scheduleID: $0.scheduleID, label: $0.label, sessionIDs: $0.sessionIDs) }
        return SidebarModel(rows: sessions, folders: snapshot.folders, proposals: snapshot.proposals,
                            availability: snapshot.availability, scheduledGroups: groups, expansion: expansion)
    }

    /// The sections after New conversation and Needs you. The rows between
    /// two headers are made as the list draws them (`LazyListItems`): a frame
    /// makes the forty or so it shows, not one with its age per cached session.
    /// `proposalsNotice`: the server has folders but no suggestions; one header line says so where they would be
    /// (after Recent chats), and the rest of the folders work as ever.
    static func sections(_ entries: [SidebarEntry], waiting: Set<String>, now: Date,
                         proposalsNotice: String? = nil) -> [ListSection] {
        var sections = placed(entries, waiting: waiting, now: now)
        if proposalsNotice != nil {
            let after = sections.firstIndex { $0.id == Sidebar.recentID }.map { $0 + 1 } ?? 0
            sections.insert(ListSection(id: suggestionsNotOfferedID, title: suggestionsNotOffered, items: []), at: after)
        }
        return sections
    }

    private static func placed(_ entries: [SidebarEntry], waiting: Set<String>, now: Date) -> [ListSection] {
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
                sections[last].items += entries[runStart..<end].compactMap { item($0, waiting: waiting, now: now) }
                return
            }
            let base = runStart
            let run = LazyListItems(count: end - runStart,
                                    item: { item(entries[base + $0], waiting: waiting, now: now)! },
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
                case .recent: (Sidebar.recentID, "Recent chats", true)
                case .suggestions: (suggestionsID, "Suggested folders", false)
                case .folders: (foldersID, "Folders", false)
                case .scheduled: (scheduledID, "Scheduled", false)
                case .history: (Sidebar.historyID, "History", true)
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
    static func item(_ entry: SidebarEntry, waiting: Set<String>, now: Date) -> ListItem? {
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
            return ListItem(id: SidebarTarget.itemID(session, place: place), title: indent + Sidebar.title(of: session),
                            detail: Sidebar.age(of: session, now: now), marker: waiting.contains(session.id) ? dot : nil)
        }
    }

    /// `item(entry).id` without making the row (no title, no age).
    static func itemID(_ entry: SidebarEntry) -> String? {
        switch entry {
        case .header, .newFolder: nil
        case .suggestion(let suggestion): "suggestion:" + suggestion.id
        case .folder(let section): "folder:" + section.id
        case .scheduledGroup(let group): "group:" + group.id
        case .conversation(let session, let place): SidebarTarget.itemID(session, place: place)
        }
    }
}
