import Testing
@testable import VeetCurses

/// The list draws only its visible window; what it shows must be exactly the rows `rows(of:)` lists from
/// the scroll offset on, with the selection kept in view, for any mix of titled, untitled, empty and
/// collapsed sections.
@Suite struct SectionedListWindowTests {
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        // SplitMix64: all 64 bits random (`Int.random(in:using:)` reads the high ones).
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    static func sections(_ random: inout Seeded) -> [ListSection] {
        (0..<Int.random(in: 1...6, using: &random)).map { index in
            let items = (0..<Int.random(in: 0...40, using: &random)).map { ListItem(id: "s\(index)i\($0)", title: "item \(index).\($0)") }
            return ListSection(id: "s\(index)", title: Bool.random(using: &random) ? "Section \(index)" : "",
                               items: items, isCollapsible: Bool.random(using: &random))
        }
    }

    static func text(of row: SectionedList.Row, in sections: [ListSection], list: SectionedList) -> String {
        switch row {
        case .header(let id):
            let section = sections.first { $0.id == id }!
            let arrow = section.isCollapsible ? (list.collapsed.contains(id) ? "▸ " : "▾ ") : ""
            return " " + arrow + section.title
        case .item(let sectionID, let itemID):
            return " " + sections.first { $0.id == sectionID }!.items.first { $0.id == itemID }!.title
        }
    }

    @Test func theWindowShowsTheRowsFromTheOffsetWithTheSelectionInView() {
        var random = Seeded(state: 42)
        for _ in 0..<300 {
            let sections = Self.sections(&random)
            var list = SectionedList()
            for section in sections where section.isCollapsible && Bool.random(using: &random) { list.collapsed.insert(section.id) }
            let rows = list.rows(of: sections)
            // A first draw scrolls somewhere (to a random selection, in a random height); the second is checked.
            list.selection = rows.randomElement(using: &random)
            var first = ScreenGrid(width: 30, height: 24)
            list.draw(sections, in: &first, rect: GridRect(row: 0, column: 0, width: 30, height: Int.random(in: 1...20, using: &random)))
            list.selection = Bool.random(using: &random) ? rows.randomElement(using: &random) : nil
            let height = Int.random(in: 1...20, using: &random)
            var grid = ScreenGrid(width: 30, height: height + 2)
            list.draw(sections, in: &grid, rect: GridRect(row: 1, column: 0, width: 30, height: height))
            #expect(list.scrollOffset >= 0 && list.scrollOffset <= max(0, rows.count - height))
            if let selection = list.selection, let index = rows.firstIndex(of: selection) {
                #expect((list.scrollOffset..<list.scrollOffset + height).contains(index))
            }
            for screenRow in 0..<height {
                let index = list.scrollOffset + screenRow
                let expected = index < rows.count ? Self.text(of: rows[index], in: sections, list: list) : ""
                #expect(grid.text(screenRow + 1) == expected, "row \(screenRow) of \(height), offset \(list.scrollOffset)")
            }
        }
    }
}

