import VeetTerminal
import VeetTokens

/// One row along the bottom (or top): left-aligned runs and right-aligned
/// runs; when they collide the left side is cut, the right side kept. With
/// `keepsLastLeftRun` (a notice the user must read whole) the left's last
/// run is kept instead: the runs before it are cut first, then the right side
/// goes.
public struct StatusBar: Sendable, Hashable {
    public var left: StyledLine
    public var right: StyledLine
    public var keepsLastLeftRun: Bool

    public init(left: StyledLine = [], right: StyledLine = [], keepsLastLeftRun: Bool = false) {
        self.left = left
        self.right = right
        self.keepsLastLeftRun = keepsLastLeftRun
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
        var rightStart = max(column, column + width - 1 - rightWidth)
        let leftWidth = left.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let lastWidth = left.last.map { DisplayWidth.of($0.text) } ?? 0
        // A notice that does not fit beside the keys takes their place.
        let dropsRight = keepsLastLeftRun && leftWidth > rightStart - column - 2 && lastWidth > rightStart - column - 2 - 8
        if dropsRight { rightStart = column + width } else {
            grid.put(right.map(withBar), row: row, column: rightStart, limit: column + width)
        }
        var leftRuns = left.map(withBar)
        let room = rightStart - column - 2
        if leftWidth > room {
            // Cut the text, not the styles: rebuild runs up to the room left
            // (after the last run's own width when it is to be kept).
            let kept = keepsLastLeftRun ? min(lastWidth, room) : 0
            var used = 0
            var cut = leftRuns.dropLast(keepsLastLeftRun ? 1 : 0).compactMap { run -> StyledRun? in
                let available = room - kept - used
                guard available > 0 else { return nil }
                var run = run
                run.text = TextFitting.truncate(run.text, width: available)
                used += DisplayWidth.of(run.text)
                return run
            }
            if keepsLastLeftRun, var last = leftRuns.last {
                last.text = TextFitting.truncate(last.text, width: room - used)
                cut.append(last)
            }
            leftRuns = cut
        }
        grid.put(leftRuns, row: row, column: column + 1, limit: rightStart - 1)
    }
}
