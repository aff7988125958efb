import Testing
import VeetCurses
import VeetChatScreens

/// Select Text: one message alone, full width, plain, searchable.
@Suite struct MessageReaderTests {
    static let text = "Trip planning notes\n\nA summary of everything we discussed, with a little emphasis and a budget.\n\n"
        + (1...40).map { "Line \($0) of the plan" }.joined(separator: "\n") + "\nBudget: 540 EUR for lodging"

    @Test func theMessageFillsTheWidthFromColumnZeroWithNoBorder() {
        let reader = MessageReader(title: "Answer", text: Self.text)
        var grid = ScreenGrid(width: 40, height: 12)
        reader.draw(in: &grid)
        let rows = grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[0].hasPrefix("Trip planning notes"))
        #expect(rows[2].hasPrefix("A summary of everything we discussed,"), "wrapped at 40 columns, not indented")
        #expect(!grid.snapshot.contains("│") && !grid.snapshot.contains("─"))
        #expect(rows[11].contains("/ search"))
        #expect(reader.lines(width: 40).allSatisfy { $0.count <= 40 })
    }

    @Test func searchGoesToEachMatchAndSaysWhichOneItIs() {
        var reader = MessageReader(title: "Answer", text: Self.text)
        reader.query = "budget"
        reader.findNext(width: 80, height: 12)
        #expect(reader.offset == 2, "the first match: the summary line")
        #expect(reader.notice == "Match 1 of 2")
        reader.findNext(width: 80, height: 12)
        #expect(reader.notice == "Match 2 of 2")
        #expect(reader.offset == reader.lines(width: 80).count - MessageReader.pageHeight(12), "the last match, the page kept full")
        reader.findNext(width: 80, height: 12, backwards: true)
        #expect(reader.notice == "Match 1 of 2")
        reader.query = "nowhere"
        reader.findNext(width: 80, height: 12)
        #expect(reader.notice == "No match for \"nowhere\"")
    }

    @Test func matchesAreMarkedAndScrollingStopsAtTheEnds() {
        var reader = MessageReader(title: "Answer", text: Self.text)
        reader.query = "budget"
        var grid = ScreenGrid(width: 80, height: 12)
        reader.draw(in: &grid)
        #expect(grid[2, 0].style.background == .amberWash)
        #expect(grid[0, 0].style.background == .paper)
        reader.scroll(by: -5, width: 80, height: 12)
        #expect(reader.offset == 0)
        reader.scroll(by: 1_000, width: 80, height: 12)
        #expect(reader.offset == reader.lines(width: 80).count - 11)
    }
}
