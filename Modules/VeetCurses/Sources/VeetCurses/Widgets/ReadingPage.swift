import Foundation
import VeetTokens

/// A reading page (a memory, a person's profile, a schedule) built top to bottom
/// from shared pieces, then drawn: a title, a section heading, a record group of
/// `key  value` lines, a quote behind an edge, an empty state. Each feature's
/// page says what it shows in its own styles; how each piece is laid out is said
/// once, here.
public struct ReadingPage: Sendable {
    public struct Line: Sendable, Hashable {
        public var text: String
        public var style: TextStyle
        /// Columns from the page's left edge.
        public var indent: Int

        public init(_ text: String, _ style: TextStyle, indent: Int = 0) {
            self.text = text
            self.style = style
            self.indent = indent
        }
    }

    /// The width text is wrapped to.
    public let width: Int
    /// A blank line's style.
    public let paper: TextStyle
    public private(set) var lines: [Line] = []

    public init(width: Int, paper: TextStyle = TextStyle(foreground: .ink, background: .paper)) {
        self.width = max(width, 1)
        self.paper = paper
    }

    /// `text` wrapped to the page (less `indent`), each line in `style`.
    public mutating func text(_ text: String, _ style: TextStyle, indent: Int = 0) {
        for line in TextFitting.wrap(text, width: max(width - indent, 1)) { lines.append(Line(line, style, indent: indent)) }
    }

    /// One line as it is (cut at the page's edge when drawn).
    public mutating func line(_ text: String, _ style: TextStyle, indent: Int = 0) {
        lines.append(Line(text, style, indent: indent))
    }

    public mutating func blank() {
        lines.append(Line("", paper))
    }

    /// A section's heading: a blank line, then the title (in capitals when `capitals`).
    public mutating func heading(_ title: String, _ style: TextStyle, capitals: Bool = false) {
        blank()
        line(capitals ? title.uppercased() : title, style)
    }

    /// A record group: its title, a `key  value` line per pair (keys padded to `keyWidth`,
    /// indented by `indent`), then a blank line.
    public mutating func group(_ title: String, _ pairs: [(String, String)], title titleStyle: TextStyle,
                               value valueStyle: TextStyle, keyWidth: Int = 14, indent: Int = 2) {
        line(title, titleStyle)
        for (key, value) in pairs {
            line(key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + value, valueStyle, indent: indent)
        }
        blank()
    }

    /// A quote behind an edge (`┃`): its label in `label`, its text wrapped in `edge`, then a blank line.
    public mutating func quote(_ labelText: String, _ text: String, label: TextStyle, edge: TextStyle) {
        line("┃ " + labelText, label)
        for wrapped in TextFitting.wrap(text, width: max(width - 2, 1)) { line("┃ " + wrapped, edge) }
        blank()
    }

    /// What an empty part says instead of its rows ("None yet.").
    public mutating func empty(_ text: String, _ style: TextStyle) {
        self.text(text, style)
    }

    /// A row's kind label: the kind in capitals, then what follows it ("FACT · 1 Dec").
    public static func kindLabel(_ kind: String, _ rest: String) -> String {
        "\(kind.uppercased()) · \(rest)"
    }

    /// An empty list or page (or a feature the server does not offer): one sentence, a column
    /// in from the left edge, on `row` (the first under a screen's title by default).
    public static func drawEmpty(_ text: String, in grid: inout ScreenGrid, row: Int = 2, width: Int, style: TextStyle) {
        _ = grid.put(" " + text, row: row, column: 0, style: style, limit: width)
    }

    /// A sheet's title on its first line inside `rect` (two columns in from each side, cut with `…`).
    public static func drawSheetHeader(_ title: String, in grid: inout ScreenGrid, rect: GridRect, style: TextStyle) {
        _ = grid.put(TextFitting.truncate(title, width: rect.width - 4), row: rect.row + 1, column: rect.column + 2,
                     style: style, limit: rect.right - 2)
    }

    /// Draws the lines that fit in `area`, each cut at its right edge (with `…` when `ellipsis`).
    public func draw(in grid: inout ScreenGrid, area: GridRect, ellipsis: Bool = false) {
        for (offset, line) in lines.prefix(area.height).enumerated() {
            let text = ellipsis ? TextFitting.truncate(line.text, width: max(area.width - line.indent, 0)) : line.text
            _ = grid.put(text, row: area.row + offset, column: area.column + line.indent, style: line.style,
                         limit: area.column + area.width)
        }
    }
}
