import Testing
import VeetCurses
import VeetTokens

/// The shared reading-page pieces: what each puts where, said once for Memory, People and Schedules.
@Suite struct ReadingPageTests {
    static let plain = TextStyle(foreground: .ink, background: .paper)
    static let bold = TextStyle(attributes: .bold, foreground: .ink, background: .paper)

    static func drawn(_ page: ReadingPage, width: Int, height: Int, ellipsis: Bool = false) -> [String] {
        var grid = ScreenGrid(width: width, height: height)
        page.draw(in: &grid, area: GridRect(row: 0, column: 0, width: width, height: height), ellipsis: ellipsis)
        return (0..<height).map { grid.text($0) }
    }

    @Test func aGroupAQuoteAndAHeadingLineUp() {
        var page = ReadingPage(width: 30)
        page.text("A statement long enough to wrap once", Self.bold)
        page.quote("Needs review", "Learned from email", label: Self.bold, edge: Self.plain)
        page.group("Memory", [("kind", "fact"), ("status", "active")], title: Self.bold, value: Self.plain)
        page.heading("Facts", Self.bold, capitals: true)
        page.empty("None yet.", Self.plain)
        #expect(page.lines.map(\.text) == [
            "A statement long enough to", "wrap once", "┃ Needs review", "┃ Learned from email", "",
            "Memory", "kind          fact", "status        active", "", "", "FACTS", "None yet.",
        ])
        #expect(page.lines[6].indent == 2)
        let lines = Self.drawn(page, width: 30, height: 8)
        #expect(lines[6].hasPrefix("  kind          fact"))
    }

    @Test func drawingCutsAtTheEdgeWithAnEllipsisWhenAsked() {
        var page = ReadingPage(width: 10)
        page.line("Names and contact details", Self.plain)
        #expect(Self.drawn(page, width: 10, height: 1)[0] == "Names and")
        #expect(Self.drawn(page, width: 10, height: 1, ellipsis: true)[0] == "Names and…")
        #expect(ReadingPage.kindLabel("fact", "1 Dec") == "FACT · 1 Dec")
    }

    @Test func anEmptyStateAndASheetHeaderSitWhereEveryScreenPutsThem() {
        var grid = ScreenGrid(width: 20, height: 6)
        ReadingPage.drawEmpty("No memories yet.", in: &grid, width: 20, style: Self.plain)
        ReadingPage.drawSheetHeader("Repair identity of someone", in: &grid, rect: GridRect(row: 3, column: 0, width: 20, height: 3),
                                    style: Self.bold)
        #expect(grid.text(2).hasPrefix(" No memories yet."))
        #expect(grid.text(4) == "  Repair identity…")
    }
}
