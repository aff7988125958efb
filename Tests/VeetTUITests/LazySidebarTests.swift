import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetFolders
import VeetStore
import VeetTokens
import VeetTransport

/// The sidebar's rows are made as the list draws them (`FolderSidebar.sections`
/// hands `LazyListItems` to the list). On random indexes, folders, proposals,
/// scheduled groups and expansions, the lazy sections must list exactly the
/// items the eager builder made (ids, titles, ages, markers), and a drawn
/// window must be the same cells.
@Suite struct LazySidebarTests {
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        // SplitMix64: all 64 bits random (`Int.random(in:using:)` reads the high ones).
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
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
                case .recent: (Sidebar.recentID, "Recent chats", true)
                case .suggestions: (FolderSidebar.suggestionsID, "Suggested folders", false)
                case .folders: (FolderSidebar.foldersID, "Folders", false)
                case .scheduled: (FolderSidebar.scheduledID, "Scheduled", false)
                case .history: (Sidebar.historyID, "History", true)
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
                append(ListItem(id: SidebarTarget.itemID(session, place: place), title: indent + Sidebar.title(of: session),
                                detail: Sidebar.age(of: session, now: now),
                                marker: waiting.contains(session.id) ? dot : nil))
            case .newFolder:
                sections.append(ListSection(id: "folder-controls", title: "", items: [
                    ListItem(id: FolderSidebar.newFolderID, title: "+ New folder"),
                ]))
            }
        }
        return sections
    }

    static func randomModel(_ random: inout Seeded, now: Date) -> (entries: [SidebarEntry], waiting: Set<String>) {
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
                                        expansion: expansion)
        let waiting = Set(sessions.filter { _ in Int.random(in: 0...5, using: &random) == 0 }.map(\.id))
        return (model.entries, waiting)
    }

    @Test func theLazySectionsListWhatTheEagerBuilderMade() {
        var random = Seeded(state: 7)
        let now = ScreenGoldenTests.now
        for _ in 0..<300 {
            let (entries, waiting) = Self.randomModel(&random, now: now)
            let lazy = FolderSidebar.sections(entries, waiting: waiting, now: now)
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

    /// The painter copies the sidebar's cells kept from an earlier frame while
    /// its key holds. Through a run of random changes (selection, folds,
    /// focus, the index, the second, the size), every frame must equal the
    /// same state painted with the list drawn afresh.
    @Test func theKeptSidebarPictureIsWhatDrawingItAgainGives() {
        var random = Seeded(state: 9)
        var state = ScreenState()
        state.connectionLabel = "test"
        let now = ScreenGoldenTests.now
        func reindex() {
            state.sessions = (0..<Int.random(in: 0...300, using: &random)).map { index in
                CachedSession(id: "s\(index)", title: "Conversation \(index)", createdAt: ScreenGoldenTests.stamp(minutesAgo: index * 7),
                              updatedAt: ScreenGoldenTests.stamp(minutesAgo: index * 7),
                              scheduleID: index % 11 == 3 ? "sch\(index % 2)" : nil)
            }
        }
        reindex()
        var second = 0.0
        var size = (width: 160, height: 48)
        for _ in 0..<200 {
            switch Int.random(in: 0...7, using: &random) {
            case 0: reindex()
            case 1: second += 1
            case 2: state.focus = state.focus == .sidebar ? .composer : .sidebar
            case 3:
                let sections = ScreenLayout.cachedSidebarSections(&state, now: now.addingTimeInterval(second))
                _ = state.sidebar.handle(KeyPress(.pageDown), in: sections, pageSize: 20)
            case 4:
                let sections = ScreenLayout.cachedSidebarSections(&state, now: now.addingTimeInterval(second))
                state.sidebar.moveSelection(by: Int.random(in: -30...30, using: &random), in: sections)
            case 5: state.sidebar.collapsed.formSymmetricDifference([Sidebar.historyID])
            case 6: size = [(160, 48), (120, 30), (100, 20)].randomElement(using: &random)!
            default: break  // nothing the sidebar shows: the kept picture is copied
            }
            let at = now.addingTimeInterval(second)
            let painted = ScreenPainter.frame(&state, width: size.width, height: size.height, now: at)
            var fresh = state
            fresh.sidebarPicture = nil
            #expect(painted == ScreenPainter.paint(fresh, width: size.width, height: size.height, now: at))
        }
    }
}
