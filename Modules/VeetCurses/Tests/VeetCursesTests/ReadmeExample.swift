import VeetCurses

/// A status bar of `width` columns as text: `message` on the left, cut to
/// fit, and `right` kept whole on the right.
func statusBarLine(_ message: String, right: String = "", width: Int) -> String {
    var grid = ScreenGrid(width: width, height: 1)
    StatusBar(left: [StyledRun(message)], right: [StyledRun(right)]).draw(in: &grid, row: 0, width: width)
    return grid.text(0)
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExamplePaintsAStatusBar() {
        #expect(statusBarLine("Connected", width: 12) == " Connected")
        // 24 columns: the right side kept whole, the message cut with an ellipsis before it.
        #expect(statusBarLine("A message longer than the screen", right: "12:00", width: 24) == " A message longe… 12:00")
    }
}
