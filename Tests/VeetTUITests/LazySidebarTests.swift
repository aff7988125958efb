import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetStore
import VeetTestSupport
import VeetTransport

/// The sidebar's cells kept from an earlier frame (the lazy rows themselves are
/// VeetFoldersScreens', tested in its FolderSidebarTests).
@Suite struct LazySidebarTests {
    /// The painter copies the sidebar's cells kept from an earlier frame while
    /// its key holds. Through a run of random changes (selection, folds,
    /// focus, the index, the second, the size), every frame must equal the
    /// same state painted with the list drawn afresh.
    @Test func theKeptSidebarPictureIsWhatDrawingItAgainGives() {
        var random = SplitMix64(seed: 9)
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
