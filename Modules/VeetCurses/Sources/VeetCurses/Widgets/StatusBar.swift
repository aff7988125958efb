import VeetTerminal
import VeetTokens

/// One row along the bottom (or top): left-aligned runs and right-aligned
/// runs; when they collide the left side is cut, the right side kept.
public struct StatusBar: Sendable, Hashable {
    public var left: StyledLine
    public var right: StyledLine

    public init(left: StyledLine = [], right: StyledLine = []) {
        self.left = left
        self.right = right
    }

    public func draw(in grid: inout ScreenGrid, row: Int, column: Int = 0, width: Int,
                     styles: WidgetStyles = .standard) {
        grid.fill(GridRect(row: row, column: column, width: width, height: 1), style: styles.statusBar)
        func withBar(_ run: StyledRun) -> StyledRun {
            var run = run
            if run.style.background == nil { run.style.background = styles.statusBar.background }
            if run.style.foreground == nil { run.style.foreground = styles.statusBar.foreground }
            return run
        }
        let rightWidth = right.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let rightStart = max(column, column + width - 1 - rightWidth)
        grid.put(right.map(withBar), row: row, column: rightStart, limit: column + width)
        var leftRuns = left.map(withBar)
        let room = rightStart - column - 2
        if left.reduce(0, { $0 + DisplayWidth.of($1.text) }) > room {
            // Cut the text, not the styles: rebuild runs up to the room left.
            var used = 0
            leftRuns = leftRuns.compactMap { run in
                let available = room - used
                guard available > 0 else { return nil }
                var run = run
                run.text = TextFitting.truncate(run.text, width: available)
                used += DisplayWidth.of(run.text)
                return run
            }
        }
        grid.put(leftRuns, row: row, column: column + 1, limit: rightStart - 1)
    }
}
