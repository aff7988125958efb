import VeetTerminal
import VeetTokens

/// The `?` screen: groups of key → description, in a centred card.
public struct HelpOverlay: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var keys: String
        public var description: String
        /// The one key that does it, when there is one: the command palette lists the entry and runs it.
        public var press: KeyPress?

        public init(_ keys: String, _ description: String, press: KeyPress? = nil) {
            self.keys = keys
            self.description = description
            self.press = press
        }
    }

    public struct Group: Sendable, Hashable {
        public var title: String
        public var entries: [Entry]

        public init(_ title: String, _ entries: [Entry]) {
            self.title = title
            self.entries = entries
        }
    }

    public var title: String
    public var groups: [Group]
    /// First line shown, when the list is taller than the card.
    public var scrollOffset = 0

    public init(title: String = "Keys", groups: [Group]) {
        self.title = title
        self.groups = groups
    }

    /// The lines of the body: a group title, then "keys  description" rows,
    /// keys padded to one column.
    func lines(styles: WidgetStyles) -> [StyledLine] {
        let keyWidth = groups.flatMap(\.entries).map { DisplayWidth.of($0.keys) }.max() ?? 0
        var lines: [StyledLine] = []
        for (index, group) in groups.enumerated() {
            if index > 0 { lines.append([]) }
            lines.append([StyledRun(group.title, style: styles.title)])
            for entry in group.entries {
                lines.append([StyledRun(TextFitting.pad(entry.keys, width: keyWidth), style: styles.keyName),
                              StyledRun("  " + entry.description, style: styles.card)])
            }
        }
        return lines
    }

    /// Up/Down/PgUp/PgDn scroll; Escape, `?` or `q` close (returns false).
    public mutating func handle(_ key: KeyPress) -> Bool {
        switch key.key {
        case .escape, .character("?"), .character("q"): return false
        case .up: scrollOffset = max(0, scrollOffset - 1)
        case .down: scrollOffset += 1
        case .pageUp: scrollOffset = max(0, scrollOffset - 10)
        case .pageDown: scrollOffset += 10
        default: break
        }
        return true
    }

    @discardableResult
    public mutating func draw(in grid: inout ScreenGrid, area: GridRect, styles: WidgetStyles = .standard) -> GridRect {
        let body = lines(styles: styles)
        let widest = body.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } }.max() ?? 0
        let card = area.centered(width: max(widest, DisplayWidth.of(title) + 4) + 4, height: body.count + 2)
        let inside = Box.draw(in: &grid, rect: card, title: title, fill: styles.card, border: styles.border,
                              titleStyle: styles.title)
        scrollOffset = max(0, min(scrollOffset, body.count - inside.height))
        for (offset, line) in body.dropFirst(scrollOffset).prefix(inside.height).enumerated() {
            grid.put(line, row: inside.row + offset, column: inside.column + 1, limit: inside.right - 1)
        }
        return card
    }
}
