import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetFolders
import VeetFoldersScreens
import VeetStore

/// Each capability degrades alone (issue 36 A1): a server with folders but no suggestions keeps the
/// folders and says, in the sidebar where suggestions would be, that it does not offer them.
@Suite struct CapabilityNoticeTests {
    static func state(proposalsNotice: String?) -> ScreenState {
        var state = ScreenGoldenTests.base()
        state.folders.snapshot = FolderSnapshot(folders: [FolderView(id: "f1", name: "Trips", threadCount: 2)],
                                               availability: .available, proposalsNotice: proposalsNotice)
        return state
    }

    @Test func aServerWithoutSuggestionsSaysSoWhereTheyWouldBe() {
        var without = Self.state(proposalsNotice: FolderCenter.proposalsNoticeText)
        let sections = ScreenLayout.sidebarSections(&without, now: ScreenGoldenTests.now)
        let ids = sections.map(\.id)
        let notice = ids.firstIndex(of: FolderSidebar.suggestionsNotOfferedID)
        #expect(notice != nil && ids.firstIndex(of: Sidebar.recentID).map { $0 + 1 } == notice, "\(ids)")
        #expect(sections.first { $0.id == FolderSidebar.suggestionsNotOfferedID }?.itemCount == 0, "a line, nothing to choose")
        #expect(ids.contains(FolderSidebar.foldersID), "the folders still show")
        let (_, grid) = ScreenGoldenTests.settledGrid(without, width: 120, height: 36)
        #expect(grid.snapshot.contains("Suggested folders: not offered"), "\(grid.snapshot)")
        #expect(grid.snapshot.contains("Trips"))

        var offered = Self.state(proposalsNotice: nil)
        let plain = ScreenLayout.sidebarSections(&offered, now: ScreenGoldenTests.now)
        #expect(!plain.map(\.id).contains(FolderSidebar.suggestionsNotOfferedID))
        #expect(!ScreenGoldenTests.settledGrid(offered, width: 120, height: 36).1.snapshot.contains("not offered"))
    }
}
