import Testing
@testable import veet_tui
import VeetCurses
import VeetTokens

/// The focused pane shows it: its divider, prompt or border in teal, and no other pane's.
@Suite struct FocusMarkerTests {
    static let panes: [Focus] = [.sidebar, .transcript, .composer, .approval]

    @Test(arguments: [(100, 24), (160, 48)])
    func onlyTheFocusedPanesMarkerIsTeal(size: (width: Int, height: Int)) throws {
        for focus in Self.panes + [.search] {
            var state = ScreenGoldenTests.withApproval()
            state.focus = focus
            let (settled, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
            let frame = ScreenFrame(settled, width: size.width, height: size.height, now: ScreenGoldenTests.now)
            let marker = try #require(ScreenPainter.focusMarker(focus, frame: frame))
            #expect(grid[marker.row, marker.column].style.foreground == .teal, "\(focus) at \(size)")
            for other in Self.panes where other != focus && !(focus == .search && other == .sidebar) {
                let cell = try #require(ScreenPainter.focusMarker(other, frame: frame))
                #expect(grid[cell.row, cell.column].style.foreground != .teal, "\(other) looks focused while \(focus) is")
            }
        }
    }
}
