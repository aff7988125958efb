import Foundation
import Testing
import VeetCurses
import VeetFolders
import VeetFoldersScreens
import VeetStore
import VeetTestSupport
import VeetTokens
import VeetTransport

/// The sidebar's folder rows are made as the list draws them (`FolderSidebar.sections`
/// hands `LazyListItems` to the list). On random indexes, folders, proposals,
/// scheduled groups and expansions, the lazy sections must list exactly the
/// items the eager builder made (ids, titles, ages, markers), and a drawn
/// window must be the same cells.
@Suite struct FolderSidebarTests {
    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    /// An age in words a shell might give (its own rule is the shell's).
    static func age(_ session: CachedSession, now: Date) -> String {
        session.updatedAt.date.map { "\(Int(now.timeIntervalSince($0)) / 60)m" } ?? ""
    }

    /// The schedules' groups as a shell hands them in: every schedule with its sessions, newest first.
    static func groups(_ sessions: [CachedSession]) -> [ScheduledGroupInput] {
        Dictionary(grouping: sessions.filter { $0.scheduleID != nil }, by: { $0.scheduleID! }).sorted { $0.key < $1.key }
            .map { ScheduledGroupInput(scheduleID: $0.key, label: "Every day", sessionIDs: $0.value.map(\.id)) }
    }

    /// The builder as it was before the rows were lazy: every item made at once.
    static func eagerSections(_ entries: [SidebarEntry], waiting: Set<String>, now: Date) -> [ListSection] {
        var sections: [ListSection] = []
        let dot = StyledRun("● ", style: TextStyle(attributes: .bold, foreground: .amber))
        func append(_ item: ListItem) {
            if sections.isEmpty { sections.append(ListSection(id: "top", title: "", items: [])) }
            sections[sections.count - 1].items.append(item)
        }
        for entry in entries {
            switch entry {
            case .header(let section, _):
                let (id, title, collapsible): (String, String, Bool) = switch section {
                case .recent: (FolderSidebar.recentID, "Recent chats", true)
                case .suggestions: (FolderSidebar.suggestionsID, "Suggested folders", false)
                case .folders: (FolderSidebar.foldersID, "Folders", false)
                case .scheduled: (FolderSidebar.scheduledID, "Scheduled", false)
                case .history: (FolderSidebar.historyID, "History", true)
                }
                sections.append(ListSection(id: id, title: title, items: [], isCollapsible: collapsible))
            case .suggestion(let suggestion):
                append(ListItem(id: "suggestion:" + suggestion.id,
                                title: "✦ " + (suggestion.folderName ?? "New folder") + " (\(suggestion.members.count))",
                                detail: "a/d"))
            case .folder(let section):
                append(ListItem(id: "folder:" + section.id, title: (section.isExpanded ? "▾ " : "▸ ") + section.folder.name,
                                detail: "\(section.folder.threadCount)"))
            case .scheduledGroup(let group):
                append(ListItem(id: "group:" + group.id, title: (group.isExpanded ? "▾ " : "▸ ") + group.label,
                                detail: "\(group.sessions.count)"))
            case .conversation(let session, let place):
                let indent: String = switch place {
                case .recent, .history: ""
                case .suggestion, .folder, .scheduled: "  "
                }
                append(ListItem(id: FolderRow.itemID(session, place: place), title: indent + FolderSidebar.title(of: session),
                                detail: Self.age(session, now: now),
                                marker: waiting.contains(session.id) ? dot : nil))
            case .newFolder:
                sections.append(ListSection(id: "folder-controls", title: "", items: [
                    ListItem(id: FolderSidebar.newFolderID, title: "+ New folder"),
                ]))
            }
        }
        return sections
    }

    static func randomModel(_ random: inout SplitMix64, now: Date) -> (entries: [SidebarEntry], waiting: Set<String>) {
        let folderIDs = (0..<Int.random(in: 0...3, using: &random)).map { "f\($0)" }
        let scheduleIDs = (0..<Int.random(in: 0...3, using: &random)).map { "sch\($0)" }
        let count = Int.random(in: 0...60, using: &random)
        let sessions = (0..<count).map { index -> CachedSession in
            let minutes = Int.random(in: 0...(60 * 24 * 30), using: &random)
            let stamp = Timestamp(ISO8601DateFormatter().string(from: now.addingTimeInterval(-Double(minutes * 60 + index))))
            return CachedSession(id: "s\(index)", title: Bool.random(using: &random) ? "Title \(index)" : nil,
                                 localTitle: Bool.random(using: &random) ? "local \(index)" : nil,
                                 createdAt: stamp, updatedAt: stamp,
                                 folderID: Int.random(in: 0...2, using: &random) == 0 ? folderIDs.randomElement(using: &random) : nil,
                                 scheduleID: Int.random(in: 0...3, using: &random) == 0 ? scheduleIDs.randomElement(using: &random) : nil)
        }.sortedByActivity()
        let folders = folderIDs.map { FolderView(id: $0, name: "Folder \($0)", threadCount: Int.random(in: 0...9, using: &random)) }
        let proposals = (0..<Int.random(in: 0...2, using: &random)).map { index in
            FolderProposalView(id: "p\(index)", kind: Bool.random(using: &random) ? .newFolder : .addToFolder,
                               proposedName: "Proposed \(index)", targetFolderID: folderIDs.randomElement(using: &random),
                               memberSessionIDs: (0..<3).map { _ in "s\(Int.random(in: 0...max(count, 1), using: &random))" })
        }
        var expansion = SidebarExpansion(soloMode: Bool.random(using: &random))
        for id in folderIDs where Bool.random(using: &random) { expansion.setFolder(id, open: true) }
        let availability: FolderAvailability = [.unknown, .available, .unavailable].randomElement(using: &random)!
        let model = FolderSidebar.model(sessions: sessions,
                                        snapshot: FolderSnapshot(folders: folders, proposals: proposals, availability: availability),
                                        expansion: expansion, scheduledGroups: Self.groups(sessions))
        let waiting = Set(sessions.filter { _ in Int.random(in: 0...5, using: &random) == 0 }.map(\.id))
        return (model.entries, waiting)
    }

    @Test func theLazySectionsListWhatTheEagerBuilderMade() {
        var random = SplitMix64(seed: 7)
        let now = Self.now
        for _ in 0..<300 {
            let (entries, waiting) = Self.randomModel(&random, now: now)
            let lazy = FolderSidebar.sections(entries, waiting: waiting, age: { Self.age($0, now: now) })
            let eager = Self.eagerSections(entries, waiting: waiting, now: now)
            #expect(lazy == eager)
            #expect(lazy.map(\.itemCount) == eager.map(\.items.count))
            for (made, built) in zip(lazy, eager) {
                #expect((0..<made.itemCount).map { made.itemID(at: $0) } == built.items.map(\.id))
                for item in built.items.shuffled(using: &random).prefix(5) {
                    #expect(made.indexOfItem(id: item.id) == built.items.firstIndex { $0.id == item.id })
                }
            }
            // The same selection in the same window draws the same cells.
            var lazyList = SectionedList(), eagerList = SectionedList()
            let rows = eagerList.rows(of: eager)
            #expect(lazyList.rows(of: lazy) == rows)
            lazyList.selection = rows.randomElement(using: &random)
            eagerList.selection = lazyList.selection
            let height = Int.random(in: 1...30, using: &random)
            var lazyGrid = ScreenGrid(width: 32, height: height), eagerGrid = ScreenGrid(width: 32, height: height)
            lazyList.draw(lazy, in: &lazyGrid, rect: GridRect(row: 0, column: 0, width: 32, height: height))
            eagerList.draw(eager, in: &eagerGrid, rect: GridRect(row: 0, column: 0, width: 32, height: height))
            #expect(lazyGrid == eagerGrid)
            #expect(lazyList.scrollOffset == eagerList.scrollOffset)
        }
    }

    /// Quiet at rest: the model (which orders every row) is made again only when the index, the
    /// snapshot or the expansion changed, not each time the shell asks for the rows.
    @Test func theModelIsMadeAgainOnlyWhenWhatItIsMadeOfChanged() {
        var folders = FolderSidebarState()
        var made = 0
        func groups(_ sessions: [CachedSession]) -> [ScheduledGroupInput] { made += 1; return [] }
        let sessions = [CachedSession(id: "s1", title: "One", createdAt: Timestamp("2025-11-24T10:00:00Z"),
                                      updatedAt: Timestamp("2025-11-24T10:00:00Z"), folderID: "f1")]
        for _ in 0..<5 { _ = folders.entries(sessions: sessions, sessionsVersion: 1, scheduledGroups: groups) }
        #expect(made == 1)
        folders.menu = nil
        folders.form = FolderForm(purpose: .create)
        _ = folders.model(sessions: sessions, sessionsVersion: 1, scheduledGroups: groups)
        #expect(made == 1, "a form opening is not the model's")
        folders.snapshot = FolderSnapshot(folders: [FolderView(id: "f1", name: "Trips", threadCount: 1)], availability: .available)
        let model = folders.model(sessions: sessions, sessionsVersion: 1, scheduledGroups: groups)
        #expect(made == 2 && model.folders.map(\.folder.name) == ["Trips"])
        folders.expansion.toggleFolder("f1")
        #expect(folders.entries(sessions: sessions, sessionsVersion: 1, scheduledGroups: groups).contains {
            if case .conversation(_, .folder("f1")) = $0 { true } else { false }
        })
        _ = folders.model(sessions: sessions, sessionsVersion: 2, scheduledGroups: groups)
        #expect(made == 4)
    }

    /// Every row id the model's rows carry reads back as the row it is, wherever the conversation sits.
    @Test func aRowIDReadsBackAsItsRow() {
        let session = CachedSession(id: "ses_9", title: nil, createdAt: Timestamp("2025-11-24T10:00:00Z"),
                                    updatedAt: Timestamp("2025-11-24T10:00:00Z"))
        for place in [SidebarEntry.Place.suggestion(proposalID: "p1"), .folder(id: "f1"), .scheduled(scheduleID: "sch1")] {
            #expect(FolderRow(itemID: FolderRow.itemID(session, place: place)) == .conversation(sessionID: "ses_9"))
        }
        #expect(FolderRow(itemID: "folder:f1") == .folder(id: "f1"))
        #expect(FolderRow(itemID: "suggestion:p1") == .suggestion(proposalID: "p1"))
        #expect(FolderRow(itemID: "group:sch1") == .scheduledGroup(scheduleID: "sch1"))
        #expect(FolderRow(itemID: FolderSidebar.newFolderID) == .newFolder)
        #expect(FolderRow(itemID: "ses_9") == nil, "History's rows are the shell's to read")
        #expect(FolderSidebar.title(of: session) == "New conversation")
    }
}
