import VeetTerminal
import VeetTokens

/// Ctrl-P: every action of the current screen as a list, filtered as you
/// type. An item runs by handing back its key, so the caller dispatches it
/// through its ordinary key path and the palette cannot drift from the keys.
public struct CommandPalette: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var title: String
        /// How the key is written, e.g. "Ctrl-N".
        public var hint: String
        /// The key the item stands for.
        public var press: KeyPress

        public init(_ title: String, hint: String, press: KeyPress) {
            self.title = title
            self.hint = hint
            self.press = press
        }
    }

    public enum Outcome: Sendable, Hashable {
        case run(KeyPress)
        case dismissed
        case changed
        case ignored
    }

    public var title: String
    public var items: [Item]
    public private(set) var query = ""
    /// Index into `matches`.
    public private(set) var selected = 0

    public init(title: String = "Commands", items: [Item]) {
        self.title = title
        self.items = items
    }

    /// The help overlay's entries that name one key: the palette and the help read one table.
    public init(title: String = "Commands", help: HelpOverlay) {
        let items = help.groups.flatMap(\.entries).compactMap { entry in
            entry.press.map { Item(entry.description, hint: entry.keys, press: $0) }
        }
        self.init(title: title, items: items)
    }

    /// The items whose title or key contains the query, ignoring case.
    public var matches: [Item] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return items }
        return items.filter { $0.title.lowercased().contains(needle) || $0.hint.lowercased().contains(needle) }
    }

    /// Typing filters; Up/Down choose; Enter runs the chosen item; Escape closes.
    public mutating func handle(_ key: KeyPress) -> Outcome {
        let count = matches.count
        switch key.key {
        case .escape: return .dismissed
        case .enter: return matches.indices.contains(selected) ? .run(matches[selected].press) : .ignored
        case .up where count > 0: selected = (selected + count - 1) % count
        case .down where count > 0: selected = (selected + 1) % count
        case .backspace where !query.isEmpty:
            query.removeLast()
            selected = 0
        case .character(let character) where key.modifiers.subtracting(.shift).isEmpty:
            query.append(character)
            selected = 0
        default: return .ignored
        }
        return .changed
    }

    /// A centred card: the query on its first line, the matches below, each key right-aligned.
    @discardableResult
    public func draw(in grid: inout ScreenGrid, area: GridRect, styles: WidgetStyles = .standard) -> GridRect {
        let shown = matches
        let widest = items.map { DisplayWidth.of($0.title) + DisplayWidth.of($0.hint) + 3 }.max() ?? 0
        let width = min(max(widest + 4, 40), area.width - 2)
        let height = min(items.count + 4, area.height - 2)
        let card = area.centered(width: width, height: height)
        let inside = Box.draw(in: &grid, rect: card, title: title, fill: styles.card, border: styles.border,
                              titleStyle: styles.title)
        guard inside.height > 0 else { return card }
        let field = GridRect(row: inside.row, column: inside.column + 1, width: inside.width - 2, height: 1)
        grid.fill(field, style: styles.input)
        var prompt = styles.keyName
        prompt.background = styles.input.background
        grid.put("› ", row: field.row, column: field.column, style: prompt)
        if query.isEmpty {
            grid.put("Type to filter", row: field.row, column: field.column + 2, style: styles.placeholder, limit: field.right)
        } else {
            grid.put(query, row: field.row, column: field.column + 2, style: styles.input, limit: field.right)
        }
        grid.cursor = GridPoint(row: field.row, column: min(field.column + 2 + DisplayWidth.of(query), field.right - 1))
        let listTop = inside.row + 2, listHeight = max(inside.bottom - listTop, 0)
        if shown.isEmpty {
            grid.put("No action matches “\(query)”", row: listTop, column: inside.column + 1, style: styles.caption,
                     limit: inside.right - 1)
            return card
        }
        let first = max(0, min(selected - listHeight + 1, shown.count - listHeight))
        for (offset, item) in shown.dropFirst(first).prefix(listHeight).enumerated() {
            let style = first + offset == selected ? styles.selectedRow : styles.card
            let line = GridRect(row: listTop + offset, column: inside.column, width: inside.width, height: 1)
            grid.fill(line, style: style)
            let hintStart = inside.right - 1 - DisplayWidth.of(item.hint)
            var hintStyle = styles.keyName
            hintStyle.background = style.background
            grid.put(item.hint, row: line.row, column: hintStart, style: hintStyle)
            grid.put(item.title, row: line.row, column: inside.column + 1, style: style, limit: hintStart - 1)
        }
        return card
    }
}
