import Testing
import VeetTokens
@testable import VeetCurses

@Suite struct ScreenGridTests {
    @Test func writesTextAndReadsItBack() {
        var grid = ScreenGrid(width: 10, height: 2)
        let end = grid.put("hello", row: 0, column: 2)
        #expect(end == 7)
        #expect(grid.text(0) == "  hello")
        #expect(grid.text(1) == "")
    }

    @Test func wideGraphemeTakesTwoCellsWithContinuation() {
        var grid = ScreenGrid(width: 6, height: 1)
        let end = grid.put("中a😀", row: 0, column: 0)
        #expect(end == 5)
        #expect(grid[0, 0].grapheme == "中" && grid[0, 0].width == 2)
        #expect(grid[0, 1].isContinuation)
        #expect(grid[0, 2].grapheme == "a")
        #expect(grid[0, 3].grapheme == "😀" && grid[0, 4].isContinuation)
        #expect(grid.text(0) == "中a😀")
    }

    @Test func clipsAtEdgeAndLimitWithoutSplittingWideCharacters() {
        var grid = ScreenGrid(width: 5, height: 1)
        grid.put("ab中文", row: 0, column: 0)
        // 中 fits in columns 2-3; 文 would straddle the edge: a space instead.
        #expect(grid.text(0) == "ab中")
        #expect(grid[0, 4].grapheme == " " && !grid[0, 4].isContinuation)
        var limited = ScreenGrid(width: 10, height: 1)
        #expect(limited.put("abcdef", row: 0, column: 1, limit: 4) == 4)
        #expect(limited.text(0) == " abc")
        #expect(limited.put("x", row: 5, column: 0) == 0)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = ScreenGrid(width: 6, height: 1)
        grid.put("中文", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)
        #expect(grid[0, 0].grapheme == " ")
        #expect(grid.text(0) == " x文")
        grid.put("y", row: 0, column: 2)
        #expect(grid[0, 3].grapheme == " " && !grid[0, 3].isContinuation)
        #expect(grid.text(0) == " xy")
    }

    @Test func combiningMarkWithoutBaseJoinsPreviousCell() {
        var grid = ScreenGrid(width: 4, height: 1)
        grid.put("e", row: 0, column: 0)
        grid.put("\u{301}x", row: 0, column: 1)
        #expect(grid[0, 0].grapheme == "e\u{301}")
        #expect(grid.text(0) == "e\u{301}x")
    }

    @Test func stylesAreKeptPerCell() {
        var grid = ScreenGrid(width: 4, height: 1)
        let warning = TextStyle(attributes: .bold, foreground: .amberText)
        grid.put("ab", row: 0, column: 0, style: warning)
        #expect(grid[0, 1].style == warning)
        #expect(grid[0, 2].style == TextStyle())
        grid.restyle(GridRect(row: 0, column: 0, width: 1, height: 1)) { $0.background = .selected }
        #expect(grid[0, 0].style.background == .selected && grid[0, 0].grapheme == "a")
    }

    @Test func diffFindsOnlyChangedRuns() {
        var before = ScreenGrid(width: 10, height: 3)
        before.put("hello", row: 0, column: 0)
        before.put("world", row: 2, column: 0)
        var after = before
        after.put("J", row: 0, column: 0)
        after.put("y", row: 0, column: 4)
        after.put("W", row: 2, column: 0, style: TextStyle(attributes: .bold))
        let spans = after.changes(since: before)
        #expect(spans.map(\.row) == [0, 0, 2])
        #expect(spans.map(\.column) == [0, 4, 0])
        #expect(spans.map { $0.cells.map(\.grapheme).joined() } == ["J", "y", "W"])
        #expect(after.changes(since: after).isEmpty)
    }

    @Test func diffNeverSplitsAWideCharacter() {
        var before = ScreenGrid(width: 6, height: 1)
        before.put("中中", row: 0, column: 0)
        var after = before
        after.put("中文", row: 0, column: 0)
        let spans = after.changes(since: before)
        #expect(spans.count == 1)
        #expect(spans[0].column == 2 && spans[0].cells.count == 2)
        #expect(spans[0].cells[0].grapheme == "文" && spans[0].cells[1].isContinuation)
        // Only the continuation changed style: the lead cell is resent too.
        var restyled = before
        restyled.restyle(GridRect(row: 0, column: 1, width: 1, height: 1)) { $0.attributes = .bold }
        let widened = restyled.changes(since: before)
        #expect(widened.count == 1 && widened[0].column == 0 && widened[0].cells.count == 2)
    }

    @Test func resizedGridRepaintsEveryRow() {
        let before = ScreenGrid(width: 4, height: 2)
        let after = ScreenGrid(width: 5, height: 3)
        let spans = after.changes(since: before)
        #expect(spans.count == 3 && spans.allSatisfy { $0.column == 0 && $0.cells.count == 5 })
        #expect(after.changes(since: nil).count == 3)
    }
}
