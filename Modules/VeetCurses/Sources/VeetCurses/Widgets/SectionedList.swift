import VeetTerminal
import VeetTokens

/// One row of a `SectionedList`.
public struct ListItem: Sendable, Hashable {
    public var id: String
    public var title: String
    /// Right-aligned, in the caption style (a relative time, a count).
    public var detail: String?
    /// Drawn before the title in its own style (an amber dot for "needs you").
    public var marker: StyledRun?
    /// Drawn instead of `title` when set: each run's attributes over the row's
    /// style (bold words in an excerpt), cut at the row's end like the title.
    public var styledTitle: StyledLine?

    public init(id: String, title: String, detail: String? = nil, marker: StyledRun? = nil,
                styledTitle: StyledLine? = nil) {
        self.id = id
        self.title = title
        self.detail = detail
        self.marker = marker
        self.styledTitle = styledTitle
    }
}

/// Items made when asked for: a count, and the item at an index. A long
/// section (thousands of conversations) hands the list this instead of an
/// array, so a frame makes only the rows it draws (and, to find the
/// selection, the ids of one section). `itemID` answers `item(index).id`,
/// cheaper when it can.
public struct LazyListItems: Sendable {
    public let count: Int
    let item: @Sendable (Int) -> ListItem
    let itemID: @Sendable (Int) -> String

    public init(count: Int, item: @escaping @Sendable (Int) -> ListItem,
                itemID: (@Sendable (Int) -> String)? = nil) {
        self.count = count
        self.item = item
        self.itemID = itemID ?? { item($0).id }
    }
}

/// A group of items under a header. A section with an empty title has no
/// header row (an ungrouped top entry like "New conversation").
public struct ListSection: Sendable, Hashable {
    public var id: String
    public var title: String
    public var isCollapsible: Bool
    private var stored: [ListItem]
    private var lazy: LazyListItems?

    public init(id: String, title: String, items: [ListItem], isCollapsible: Bool = false) {
        self.id = id
        self.title = title
        self.stored = items
        self.isCollapsible = isCollapsible
    }

    /// A section whose items are made as they are drawn.
    public init(id: String, title: String, lazyItems: LazyListItems, isCollapsible: Bool = false) {
        self.init(id: id, title: title, items: [], isCollapsible: isCollapsible)
        lazy = lazyItems
    }

    /// Every item (a lazy section makes them all: for tests and short lists; the list itself asks by index).
    public var items: [ListItem] {
        get { lazy.map { lazy in (0..<lazy.count).map(lazy.item) } ?? stored }
        set { stored = newValue; lazy = nil }
    }

    public var itemCount: Int { lazy?.count ?? stored.count }

    public func item(at index: Int) -> ListItem {
        lazy.map { $0.item(index) } ?? stored[index]
    }

    public func itemID(at index: Int) -> String {
        lazy.map { $0.itemID(index) } ?? stored[index].id
    }

    /// Where the item with this id is, walking ids only.
    public func indexOfItem(id: String) -> Int? {
        guard let lazy else { return stored.firstIndex { $0.id == id } }
        return (0..<lazy.count).first { lazy.itemID($0) == id }
    }

    // Equal by what they show, whether made at once or lazily.
    public static func == (left: ListSection, right: ListSection) -> Bool {
        left.id == right.id && left.title == right.title && left.isCollapsible == right.isCollapsible
            && left.itemCount == right.itemCount && left.items == right.items
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(isCollapsible)
        hasher.combine(items)
    }
}

/// A list in sections with headers, a selection and collapsible sections.
/// The sections are the caller's data; this value keeps only the
/// interaction state (selection, collapsed sections, scroll), so it can be
/// remembered across launches.
public struct SectionedList: Sendable, Hashable {
    /// A row on screen: a section's header or one of its items.
    public enum Row: Sendable, Hashable {
        case header(sectionID: String)
        case item(sectionID: String, itemID: String)
    }

    public var collapsed: Set<String>
    public var selection: Row?
    public private(set) var scrollOffset = 0

    public init(collapsed: Set<String> = [], selection: Row? = nil) {
        self.collapsed = collapsed
        self.selection = selection
    }

    /// The visible rows in order: headers (of titled sections) then, unless
    /// collapsed, their items.
    public func rows(of sections: [ListSection]) -> [Row] {
        var rows: [Row] = []
        for section in sections {
            if !section.title.isEmpty { rows.append(.header(sectionID: section.id)) }
            guard !(section.isCollapsible && collapsed.contains(section.id)) else { continue }
            rows += (0..<section.itemCount).map { .item(sectionID: section.id, itemID: section.itemID(at: $0)) }
        }
        return rows
    }

    /// The selected item's id, if an item (not a header) is selected.
    public var selectedItemID: String? {
        if case .item(_, let itemID)? = selection { return itemID }
        return nil
    }

    /// Moves the selection by `delta` rows, clamped; selects the first row
    /// when nothing (or something no longer shown) was selected.
    public mutating func moveSelection(by delta: Int, in sections: [ListSection]) {
        let rows = rows(of: sections)
        guard !rows.isEmpty else { selection = nil; return }
        guard let current = selection.flatMap({ rows.firstIndex(of: $0) }) else {
            selection = rows[delta < 0 ? rows.count - 1 : 0]
            return
        }
        selection = rows[min(max(current + delta, 0), rows.count - 1)]
    }

    /// Collapses or expands `sectionID` (if collapsible). A selected item
    /// that disappears passes the selection to its header.
    public mutating func toggle(_ sectionID: String, in sections: [ListSection]) {
        guard sections.contains(where: { $0.id == sectionID && $0.isCollapsible }) else { return }
        if collapsed.remove(sectionID) == nil {
            collapsed.insert(sectionID)
            if case .item(let section, _)? = selection, section == sectionID { selection = .header(sectionID: sectionID) }
        }
    }

    /// Arrow keys, Home/End, PgUp/PgDn move; Enter/Space/Left/Right on a
    /// header collapse or expand it. Returns true when the key was used.
    /// Choosing an item is the caller's business (it reads `selection`).
    public mutating func handle(_ key: KeyPress, in sections: [ListSection], pageSize: Int) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        switch key.key {
        case .up: moveSelection(by: -1, in: sections)
        case .down: moveSelection(by: 1, in: sections)
        case .pageUp: moveSelection(by: -max(pageSize - 1, 1), in: sections)
        case .pageDown: moveSelection(by: max(pageSize - 1, 1), in: sections)
        case .home: moveSelection(by: -Int.max / 2, in: sections)
        case .end: moveSelection(by: Int.max / 2, in: sections)
        case .enter, .character(" "), .left, .right:
            guard case .header(let sectionID)? = selection else { return false }
            let isCollapsed = collapsed.contains(sectionID)
            if key.key == .left && isCollapsed || key.key == .right && !isCollapsed { return true }
            toggle(sectionID, in: sections)
        default: return false
        }
        return true
    }

    /// The row under a click at screen row `row` inside `rect`, from the
    /// last draw's scroll position.
    public func row(atScreenRow row: Int, in rect: GridRect, sections: [ListSection]) -> Row? {
        let index = row - rect.row + scrollOffset
        let rows = rows(of: sections)
        return rect.row <= row && row < rect.bottom && index < rows.count ? rows[index] : nil
    }

    /// Draws into `rect`, scrolling just enough to keep the selection shown.
    /// Rows are counted by section and only the visible ones are visited, so
    /// a frame costs the sections plus the rows drawn (and, to find the
    /// selection, one pass over its own section), not one step per row of a
    /// long list.
    public mutating func draw(_ sections: [ListSection], in grid: inout ScreenGrid, rect: GridRect,
                              styles: WidgetStyles = .standard) {
        grid.fill(rect, style: styles.sidebar)
        // Each section's first row and how many rows it shows (its header, then its items unless collapsed).
        var firstRows: [Int] = []
        firstRows.reserveCapacity(sections.count)
        var total = 0
        var selected: Int?
        for section in sections {
            firstRows.append(total)
            if !section.title.isEmpty {
                if selected == nil, selection == .header(sectionID: section.id) { selected = total }
                total += 1
            }
            guard !(section.isCollapsible && collapsed.contains(section.id)) else { continue }
            if selected == nil, case .item(let sectionID, let itemID)? = selection, sectionID == section.id,
               let index = section.indexOfItem(id: itemID) {
                selected = total + index
            }
            total += section.itemCount
        }
        if let selected {
            if selected < scrollOffset { scrollOffset = selected }
            if selected >= scrollOffset + rect.height { scrollOffset = selected - rect.height + 1 }
        }
        scrollOffset = max(0, min(scrollOffset, total - rect.height))
        // Settling the scroll into a grid of no cells (as a layout pass does) makes no row.
        guard rect.height > 0, rect.width > 0, grid.width > 0, grid.height > 0 else { return }
        var row = scrollOffset
        var sectionIndex = max((firstRows.lastIndex { $0 <= row }) ?? 0, 0)
        while row < min(total, scrollOffset + rect.height), sectionIndex < sections.count {
            let section = sections[sectionIndex]
            var local = row - firstRows[sectionIndex]
            let hasHeader = !section.title.isEmpty
            let shown = section.isCollapsible && collapsed.contains(section.id) ? 0 : section.itemCount
            if local >= (hasHeader ? 1 : 0) + shown {
                sectionIndex += 1
                continue
            }
            let screenRow = rect.row + row - scrollOffset
            let isSelected = row == selected
            if hasHeader && local == 0 {
                var style = styles.sectionHeader
                if isSelected { style.background = styles.selectedRow.background; style.attributes.formUnion(styles.selectedRow.substitute) }
                grid.fill(GridRect(row: screenRow, column: rect.column, width: rect.width, height: 1), style: style)
                let arrow = section.isCollapsible ? (collapsed.contains(section.id) ? "▸ " : "▾ ") : ""
                grid.put(arrow + section.title, row: screenRow, column: rect.column + 1, style: style, limit: rect.right - 1)
            } else {
                if hasHeader { local -= 1 }
                drawItem(section.item(at: local), selected: isSelected, row: screenRow, rect: rect, grid: &grid, styles: styles)
            }
            row += 1
        }
    }

    private func drawItem(_ item: ListItem, selected: Bool, row: Int, rect: GridRect, grid: inout ScreenGrid,
                          styles: WidgetStyles) {
        let base = selected ? styles.selectedRow : styles.sidebar
        grid.fill(GridRect(row: row, column: rect.column, width: rect.width, height: 1), style: base)
        var column = rect.column + 1
        if let marker = item.marker {
            var style = marker.style
            style.background = base.background
            column = grid.put(marker.text + " ", row: row, column: column, style: style, limit: rect.right - 1)
        }
        var titleLimit = rect.right - 1
        if let detail = item.detail, !detail.isEmpty {
            let width = DisplayWidth.of(detail)
            let start = rect.right - 1 - width
            if start > column + 4 {
                var style = styles.caption
                style.background = base.background
                grid.put(detail, row: row, column: start, style: style)
                titleLimit = start - 1
            }
        }
        guard let runs = item.styledTitle else {
            grid.put(TextFitting.truncate(item.title, width: titleLimit - column), row: row, column: column,
                     style: base, limit: titleLimit)
            return
        }
        for run in runs where column < titleLimit {
            var style = base
            style.attributes.formUnion(run.style.attributes)
            column = grid.put(run.text, row: row, column: column, style: style, limit: titleLimit)
        }
    }
}
