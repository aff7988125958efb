import VeetCurses
import VeetTokens

/// One message alone, full width (for the terminal's own selection, docs/tui.md): no sidebar, no
/// borders, no indent, plain text wrapped at the terminal's width, so the
/// terminal's own selection copies clean lines (mouse reporting is off while
/// it is open). `/` searches; `n` and `N` go to the next and previous match.
struct MessageReader: Sendable {
    var title: String
    var text: String
    var offset = 0
    /// The search being typed (nil when not typing one).
    var searchInput: TextInput?
    /// The last search submitted; its matches are marked.
    var query = ""
    var notice: String?

    init(title: String, text: String) {
        self.title = title
        self.text = text
    }

    /// The text's lines at `width`: paragraphs wrapped, blank lines kept.
    func lines(width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            paragraph.isEmpty ? [""] : TextFitting.wrap(String(paragraph), width: max(width, 1))
        }
    }

    /// The lines that contain the query (case-insensitive), in order.
    func matchingLines(width: Int) -> [Int] {
        guard !query.isEmpty else { return [] }
        return lines(width: width).indices.filter { lines(width: width)[$0].localizedCaseInsensitiveContains(query) }
    }

    /// Moves to the next (or previous) line holding the query from the top of the page; says when there is none.
    mutating func findNext(width: Int, height: Int, backwards: Bool = false) {
        let hits = matchingLines(width: width)
        guard !hits.isEmpty else {
            notice = query.isEmpty ? nil : "No match for \"\(query)\""
            return
        }
        let next = backwards ? hits.last { $0 < offset } ?? hits.last! : hits.first { $0 > offset } ?? hits.first!
        notice = "Match \(hits.firstIndex(of: next)! + 1) of \(hits.count)"
        offset = next
        clamp(width: width, height: height)
    }

    mutating func scroll(by delta: Int, width: Int, height: Int) {
        offset += delta
        clamp(width: width, height: height)
    }

    mutating func clamp(width: Int, height: Int) {
        offset = max(0, min(offset, lines(width: width).count - Self.pageHeight(height)))
    }

    static func pageHeight(_ height: Int) -> Int { max(height - 1, 1) }

    /// The footer's keys after the title; Ctrl-P lists the same.
    static let keyHints = "/ search  n next  N previous  ↑↓ PgUp PgDn  Esc close"

    func draw(in grid: inout ScreenGrid) {
        let page = TextStyle(foreground: .ink, background: .paper)
        let match = TextStyle(attributes: .bold, foreground: .amberText, background: .amberWash)
        grid.fill(grid.bounds, style: page)
        let all = lines(width: grid.width)
        for (row, line) in all.dropFirst(offset).prefix(Self.pageHeight(grid.height)).enumerated() {
            _ = grid.put(line, row: row, column: 0, style: !query.isEmpty && line.localizedCaseInsensitiveContains(query) ? match : page,
                         limit: grid.width)
        }
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        let bottom = grid.height - 1
        grid.fill(GridRect(row: bottom, column: 0, width: grid.width, height: 1), style: footer)
        if var input = searchInput {
            _ = grid.put("/", row: bottom, column: 0, style: footer)
            input.draw(in: &grid, rect: GridRect(row: bottom, column: 1, width: grid.width - 1, height: 1))
            return
        }
        let position = all.isEmpty ? "" : "  \(min(offset + Self.pageHeight(grid.height), all.count))/\(all.count)"
        let keys = "\(title)\(position)   \(notice.map { $0 + "   " } ?? "")\(Self.keyHints)"
        _ = grid.put(TextFitting.truncate(keys, width: grid.width), row: bottom, column: 0, style: footer)
        grid.cursor = nil
    }
}
