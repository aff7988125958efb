import VeetTerminal
import VeetTokens

/// The pure screen model: a width x height grid of cells that widgets draw
/// into and tests read back. The terminal driver paints it; nothing here
/// touches a terminal.
public struct ScreenGrid: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should show (a text input's caret), or nil
    /// to hide it.
    public var cursor: GridPoint?

    public init(width: Int, height: Int, fill: TextStyle = TextStyle()) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(fill), count: self.width * self.height)
    }

    public var bounds: GridRect { GridRect(row: 0, column: 0, width: width, height: height) }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Row `row` as plain text, continuation cells skipped and trailing
    /// spaces removed: what tests compare.
    public func text(_ row: Int) -> String {
        var line = ""
        for column in 0..<width where !self[row, column].isContinuation {
            line += self[row, column].grapheme
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's `text`, joined by newlines.
    public var snapshot: String {
        (0..<height).map(text).joined(separator: "\n")
    }

    // MARK: Drawing

    /// Paints `rect` (clipped to the grid) with blanks in `style`.
    public mutating func fill(_ rect: GridRect, style: TextStyle) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.bottom {
            for column in area.column..<area.right {
                set(.blank(style), row: row, column: column)
            }
        }
    }

    /// Changes only the style of the cells in `rect`, keeping their text
    /// (a selection highlight laid over drawn text).
    public mutating func restyle(_ rect: GridRect, _ change: (inout TextStyle) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.bottom {
            for column in area.column..<area.right {
                change(&cells[row * width + column].style)
            }
        }
    }

    /// Writes `text` from (`row`, `column`) in `style`, stopping at the
    /// grid's edge or before column `limit`. A wide grapheme that would
    /// straddle the edge is replaced by a space; control characters are
    /// dropped and tabs become a space. Returns the column after the text.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: TextStyle = TextStyle(),
                             limit: Int? = nil) -> Int {
        guard row >= 0, row < height else { return column }
        let end = min(limit ?? width, width)
        var column = column
        for character in text {
            guard column < end else { break }
            if character == "\t" {
                if column >= 0 { set(.blank(style), row: row, column: column) }
                column += 1
                continue
            }
            let columns = DisplayWidth.of(character)
            if columns == 0 {
                appendMark(character, row: row, before: column)
                continue
            }
            if column < 0 {
                column += columns
                continue
            }
            if columns == 2 && column + 1 >= end {
                set(.blank(style), row: row, column: column)
                column += 1
                break
            }
            set(Cell(grapheme: String(character), width: UInt8(columns), style: style), row: row, column: column)
            if columns == 2 { set(.continuation(style), row: row, column: column + 1) }
            column += columns
        }
        return column
    }

    /// Takes the cells of `rect` from `source`, a grid drawn at the same
    /// positions (a picture kept from an earlier frame), as drawing them here
    /// would: a wide grapheme this cuts at the edges is mended the same way.
    public mutating func copy(_ rect: GridRect, from source: ScreenGrid) {
        let area = rect.intersection(bounds).intersection(source.bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.bottom {
            for column in area.column..<area.right {
                set(source.cells[row * source.width + column], row: row, column: column)
            }
        }
    }

    /// Writes styled runs one after another; returns the column after them.
    @discardableResult
    public mutating func put(_ line: StyledLine, row: Int, column: Int, limit: Int? = nil) -> Int {
        var column = column
        for run in line {
            column = put(run.text, row: row, column: column, style: run.style, limit: limit)
        }
        return column
    }

    /// Stores `cell`, first mending any wide grapheme it cuts in half.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard row >= 0, row < height, column >= 0, column < width else { return }
        let index = row * width + column
        let old = cells[index]
        if old.isContinuation, column > 0, !cell.isContinuation {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if old.width == 2, column + 1 < width, cell.width != 2 {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// A combining mark with no base of its own joins the grapheme before it.
    private mutating func appendMark(_ mark: Character, row: Int, before column: Int) {
        var target = column - 1
        while target >= 0, target < width, self[row, target].isContinuation { target -= 1 }
        guard target >= 0, target < width else { return }
        cells[row * width + target].grapheme.append(mark)
    }
}
