/// A horizontal run of cells that changed between two frames.
public struct GridSpan: Sendable, Equatable {
    public var row: Int
    public var column: Int
    public var cells: [Cell]

    public init(row: Int, column: Int, cells: [Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }
}

extension ScreenGrid {
    /// The cells to repaint to turn `previous` into this grid: each maximal
    /// run of changed cells in a row, widened so a wide grapheme is never
    /// sent in half. When the sizes differ (a resize), every row is one span.
    public func changes(since previous: ScreenGrid?) -> [GridSpan] {
        guard let previous, previous.width == width, previous.height == height else {
            return (0..<height).map { row in
                GridSpan(row: row, column: 0, cells: Array(cells[row * width..<(row + 1) * width]))
            }
        }
        var spans: [GridSpan] = []
        for row in 0..<height {
            let base = row * width
            var column = 0
            while column < width {
                guard cells[base + column] != previous.cells[base + column] else {
                    column += 1
                    continue
                }
                var start = column
                while column < width, cells[base + column] != previous.cells[base + column] { column += 1 }
                if cells[base + start].isContinuation, start > 0 { start -= 1 }
                if column < width, cells[base + column].isContinuation { column += 1 }
                if let last = spans.last, last.row == row, last.column + last.cells.count >= start {
                    // Widening may make two runs touch; keep them as one.
                    let from = last.column
                    spans[spans.count - 1] = GridSpan(row: row, column: from, cells: Array(cells[base + from..<base + column]))
                } else {
                    spans.append(GridSpan(row: row, column: start, cells: Array(cells[base + start..<base + column])))
                }
            }
        }
        return spans
    }
}
