import Foundation
import VeetCurses
import VeetTokens

/// One message alone, full width (for the terminal's own selection, docs/tui.md): no sidebar, no
/// borders, no indent, plain text wrapped at the terminal's width, so the
/// terminal's own selection copies clean lines (mouse reporting is off while
/// it is open). `/` searches; `n` and `N` go to the next and previous match.
public struct MessageReader: Sendable {
    public var title: String
    public var text: String
    public var offset = 0
    /// The search being typed (nil when not typing one).
    public var searchInput: TextInput?
    /// The last search submitted; its matches are marked.
    public var query = ""
    public var notice: String?

    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }

    /// The text's lines at `width`: paragraphs wrapped, blank lines kept.
    public func lines(width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            paragraph.isEmpty ? [""] : TextFitting.wrap(String(paragraph), width: max(width, 1))
        }
    }

    /// The lines that contain the query (case-insensitive), in order.
    public func matchingLines(width: Int) -> [Int] {
        guard !query.isEmpty else { return [] }
        return lines(width: width).indices.filter { lines(width: width)[$0].localizedCaseInsensitiveContains(query) }
    }

    /// Moves to the next (or previous) line holding the query from the top of the page; says when there is none.
    public mutating func findNext(width: Int, height: Int, backwards: Bool = false) {
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

    public mutating func scroll(by delta: Int, width: Int, height: Int) {
        offset += delta
        clamp(width: width, height: height)
    }

    public mutating func clamp(width: Int, height: Int) {
        offset = max(0, min(offset, lines(width: width).count - Self.pageHeight(height)))
    }

    public static func pageHeight(_ height: Int) -> Int { max(height - 1, 1) }

    /// What a key leaves the reader as.
    public enum Step: Sendable, Equatable { case stay, close }

    /// A key or a paste: `/` types a search (Enter finds it, Esc drops it), `n`/`N` the next and
    /// previous match, ↑↓ PgUp PgDn Home End scroll; Esc or `q` closes.
    public mutating func handle(_ event: InputEvent, width: Int, height: Int) -> Step {
        if var input = searchInput {
            if case .key(let key) = event, key == KeyPress(.escape) { searchInput = nil; return .stay }
            switch input.handle(event, policy: .chat) {
            case .submit:
                query = input.text.trimmingCharacters(in: .whitespaces)
                searchInput = nil
                findNext(width: width, height: height)
            default:
                searchInput = input
            }
            return .stay
        }
        guard case .key(let key) = event else { return .stay }
        let page = Self.pageHeight(height)
        switch key {
        case KeyPress(.escape), .char("q"): return .close
        case KeyPress(.up): scroll(by: -1, width: width, height: height)
        case KeyPress(.down): scroll(by: 1, width: width, height: height)
        case KeyPress(.pageUp): scroll(by: -page, width: width, height: height)
        case KeyPress(.pageDown), .char(" "): scroll(by: page, width: width, height: height)
        case KeyPress(.home): scroll(by: -Int.max / 2, width: width, height: height)
        case KeyPress(.end): scroll(by: Int.max / 2, width: width, height: height)
        case .char("/"): searchInput = TextInput()
        case .char("n"): findNext(width: width, height: height)
        case .char("N"): findNext(width: width, height: height, backwards: true)
        default: break
        }
        return .stay
    }

    /// The footer's keys after the title; Ctrl-P lists the same.
    public static let keyHints = "/ search  n next  N previous  ↑↓ PgUp PgDn  Esc close"

    public func draw(in grid: inout ScreenGrid) {
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
