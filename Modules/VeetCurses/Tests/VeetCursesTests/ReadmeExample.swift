import VeetCurses
import VeetTokens

/// A status bar painted into a screen of `width` columns, as text.
func statusBarLine(_ message: String, width: Int) -> String {
    var grid = ScreenGrid(width: width, height: 1)
    grid.put(message, row: 0, column: 0, style: TextStyle())
    return grid.text(0)
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExamplePaintsIntoAGrid() {
        #expect(statusBarLine("Connected", width: 12).hasPrefix("Connected"))
        #expect(statusBarLine("A message longer than the screen", width: 8).count <= 8)
    }
}
