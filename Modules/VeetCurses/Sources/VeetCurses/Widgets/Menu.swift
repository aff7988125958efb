import VeetTerminal
import VeetTokens

/// A pop-up list of actions, each with an optional key hint.
public struct Menu: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var title: String
        /// Shown right-aligned, e.g. "Ctrl-D".
        public var hint: String?
        public var isEnabled: Bool

        public init(_ title: String, hint: String? = nil, isEnabled: Bool = true) {
            self.title = title
            self.hint = hint
            self.isEnabled = isEnabled
        }
    }

    public enum Outcome: Sendable, Hashable {
        case chose(Int)
        case dismissed
        case moved
        case ignored
    }

    public var title: String?
    public var items: [Item]
    public private(set) var selected: Int

    public init(title: String? = nil, items: [Item]) {
        self.title = title
        self.items = items
        selected = items.firstIndex(where: \.isEnabled) ?? 0
    }

    /// Up/Down skip disabled items; Enter chooses; Escape dismisses.
    public mutating func handle(_ key: KeyPress) -> Outcome {
        switch key.key {
        case .up: return step(-1)
        case .down: return step(1)
        case .enter: return items.indices.contains(selected) && items[selected].isEnabled ? .chose(selected) : .ignored
        case .escape: return .dismissed
        default: return .ignored
        }
    }

    private mutating func step(_ delta: Int) -> Outcome {
        var index = selected
        for _ in items.indices {
            index = (index + delta + items.count) % items.count
            if items[index].isEnabled {
                selected = index
                return .moved
            }
        }
        return .ignored
    }

    /// The card's size: widest item plus its hint, and a border.
    public var size: (width: Int, height: Int) {
        let widest = items.map { DisplayWidth.of($0.title) + ($0.hint.map { DisplayWidth.of($0) + 3 } ?? 0) }.max() ?? 0
        return (max(widest, DisplayWidth.of(title ?? "") + 4) + 4, items.count + 2)
    }

    /// Draws with its top-left corner at `origin`, moved in to fit `area`.
    @discardableResult
    public func draw(in grid: inout ScreenGrid, at origin: GridPoint, area: GridRect,
                     styles: WidgetStyles = .standard) -> GridRect {
        let (width, height) = size
        let row = max(area.row, min(origin.row, area.bottom - height))
        let column = max(area.column, min(origin.column, area.right - width))
        let card = GridRect(row: row, column: column, width: width, height: height).intersection(area)
        let inside = Box.draw(in: &grid, rect: card, title: title, fill: styles.card, border: styles.border,
                              titleStyle: styles.title)
        for (index, item) in items.prefix(inside.height).enumerated() {
            var style = index == selected ? styles.selectedRow : styles.card
            if !item.isEnabled { style.attributes.insert(.faint) }
            let line = GridRect(row: inside.row + index, column: inside.column, width: inside.width, height: 1)
            grid.fill(line, style: style)
            // One blank column on the right, and one more between a title and its hint.
            var titleEnd = inside.right - 1
            if let hint = item.hint {
                let hintStart = inside.right - 1 - DisplayWidth.of(hint)
                var hintStyle = styles.caption
                hintStyle.background = style.background
                grid.put(hint, row: line.row, column: hintStart, style: hintStyle)
                titleEnd = hintStart - 1
            }
            grid.put(item.title, row: line.row, column: inside.column + 1, style: style, limit: titleEnd)
        }
        return card
    }
}
