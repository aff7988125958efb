import VeetTokens

/// What a `ScrollView` shows: rows of known height, drawn on demand.
/// Heights must be cheap (the view asks for each row's height once and
/// again only after `invalidate`); `lines` is the expensive layout and is
/// asked only for rows that are on screen.
public protocol ScrollRowProvider {
    var rowCount: Int { get }
    /// Lines the row takes at `width` columns (at least 0).
    func height(ofRow row: Int, width: Int) -> Int
    /// The row laid out at `width`: `height(ofRow:width:)` lines.
    func lines(ofRow row: Int, width: Int) -> [StyledLine]
}

/// A virtualized vertical scroll view. It keeps each row's height and the
/// line where each row starts, so finding what is on screen is a binary
/// search and only those rows are laid out. While `followsBottom` is on
/// (the default, and again once the reader scrolls back to the end) new
/// content keeps the last line in view, the way a streaming transcript
/// should; scrolling up turns it off.
public struct ScrollView: Sendable {
    /// The first line shown, counted from the top of the content.
    public private(set) var offset = 0
    public private(set) var followsBottom = true
    private var heights: [Int] = []
    /// `starts[i]` is the first line of row i; one extra entry holds the total.
    private var starts: [Int] = [0]
    private var measuredWidth = -1
    /// Rows from here on must be measured again.
    private var firstStale = 0
    private var viewportHeight = 0

    public init() {}

    /// All lines of content, as last measured.
    public var contentHeight: Int { starts[starts.count - 1] }

    /// Marks rows from `row` on as changed (a streaming message grew, a
    /// bundle expanded); their heights are asked again at the next draw.
    public mutating func invalidate(fromRow row: Int) {
        firstStale = min(firstStale, max(row, 0))
    }

    /// Brings the height table up to date with `provider` at `width`:
    /// remeasures stale rows and rows added since last time.
    public mutating func measure(_ provider: some ScrollRowProvider, width: Int) {
        if width != measuredWidth {
            measuredWidth = width
            firstStale = 0
        }
        let count = provider.rowCount
        let from = min(firstStale, heights.count, count)
        heights.removeSubrange(from...)
        starts.removeSubrange((from + 1)...)
        for row in from..<count {
            let height = max(0, provider.height(ofRow: row, width: width))
            heights.append(height)
            starts.append(starts[row] + height)
        }
        firstStale = count
    }

    /// The row containing content line `line` (clamped to the rows).
    public func row(containingLine line: Int) -> Int? {
        guard !heights.isEmpty else { return nil }
        var low = 0
        var high = heights.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= line { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private var maximumOffset: Int { max(0, contentHeight - viewportHeight) }

    /// Scrolls by `lines` (negative: up). Reaching the end turns following on.
    public mutating func scroll(by lines: Int) {
        offset = min(max(offset + lines, 0), maximumOffset)
        followsBottom = offset >= maximumOffset
    }

    public mutating func pageUp() { scroll(by: -max(viewportHeight - 1, 1)) }
    public mutating func pageDown() { scroll(by: max(viewportHeight - 1, 1)) }

    public mutating func scrollToTop() {
        offset = 0
        followsBottom = maximumOffset == 0
    }

    public mutating func scrollToBottom() {
        offset = maximumOffset
        followsBottom = true
    }

    /// Scrolls so row `row` starts at the top (a search hit).
    public mutating func reveal(row: Int) {
        guard row >= 0, row < heights.count else { return }
        offset = min(starts[row], maximumOffset)
        followsBottom = offset >= maximumOffset
    }

    /// Measures, then draws the visible part of the content into `rect`.
    /// Returns the rows that were laid out.
    @discardableResult
    public mutating func draw(_ provider: some ScrollRowProvider, in grid: inout ScreenGrid, rect: GridRect,
                              background: TextStyle = TextStyle()) -> Range<Int> {
        grid.fill(rect, style: background)
        measure(provider, width: rect.width)
        viewportHeight = rect.height
        offset = followsBottom ? maximumOffset : min(offset, maximumOffset)
        guard rect.height > 0, let first = row(containingLine: offset) else { return 0..<0 }
        var row = first
        var screenRow = rect.row
        var skip = offset - starts[first]
        while row < heights.count, screenRow < rect.bottom {
            let shown = min(heights[row] - skip, rect.bottom - screenRow)
            if shown > 0 {
                // Trust the measured height, so a provider that returns
                // fewer lines cannot shift the rows below it.
                let lines = provider.lines(ofRow: row, width: rect.width).dropFirst(skip).prefix(shown)
                for (index, line) in lines.enumerated() {
                    grid.put(line, row: screenRow + index, column: rect.column, limit: rect.right)
                }
                screenRow += shown
            }
            skip = 0
            row += 1
        }
        return first..<row
    }
}
