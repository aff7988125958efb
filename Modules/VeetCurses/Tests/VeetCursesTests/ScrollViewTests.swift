import Testing
import VeetTokens
@testable import VeetCurses

/// Rows "row N" of height 1 + N % 3, counting what the view asks for.
final class CountingRows: ScrollRowProvider {
    var rowCount: Int
    var heightCalls = 0
    var laidOut: [Int] = []

    init(rowCount: Int) {
        self.rowCount = rowCount
    }

    func height(ofRow row: Int, width: Int) -> Int {
        heightCalls += 1
        return 1 + row % 3
    }

    func lines(ofRow row: Int, width: Int) -> [StyledLine] {
        laidOut.append(row)
        return (0..<height(ofRow: row, width: width)).map { [StyledRun("row \(row).\($0)")] }
    }
}

@Suite struct ScrollViewTests {
    @Test func followsTheBottomAndLaysOutOnlyVisibleRows() {
        let rows = CountingRows(rowCount: 10_000)
        var view = ScrollView()
        var grid = ScreenGrid(width: 80, height: 24)
        let drawn = view.draw(rows, in: &grid, rect: GridRect(row: 0, column: 0, width: 80, height: 9))
        // Heights repeat 1,2,3: 19,999 lines. The last nine are the last two
        // lines of row 9995 (3 lines, from line 19,989) through row 9999 (1 line).
        #expect(view.contentHeight == 19_999)
        #expect(view.offset == 19_990)
        #expect(drawn == 9995..<10_000)
        #expect(rows.laidOut == Array(9995..<10_000))
        #expect(grid.text(0) == "row 9995.1")
        #expect(grid.text(1) == "row 9995.2")
        #expect(grid.text(2) == "row 9996.0")
        #expect(grid.text(8) == "row 9999.0")
        #expect(grid.text(9) == "")
    }

    @Test func streamingRemeasuresOnlyInvalidatedAndNewRows() {
        let rows = CountingRows(rowCount: 1_000)
        var view = ScrollView()
        var grid = ScreenGrid(width: 40, height: 10)
        let rect = GridRect(row: 0, column: 0, width: 40, height: 10)
        view.draw(rows, in: &grid, rect: rect)
        rows.heightCalls = 0
        rows.rowCount = 1_002
        view.invalidate(fromRow: 999)
        rows.laidOut = []
        view.draw(rows, in: &grid, rect: rect)
        // Rows 999-1001 measured again (plus one height call per row laid out).
        #expect(rows.heightCalls == 3 + rows.laidOut.count)
        #expect(rows.laidOut.last == 1_001)
        #expect(view.followsBottom)
    }

    @Test func scrollingUpStopsFollowingUntilBackAtTheEnd() {
        let rows = CountingRows(rowCount: 100)
        var view = ScrollView()
        var grid = ScreenGrid(width: 20, height: 5)
        let rect = GridRect(row: 0, column: 0, width: 20, height: 5)
        view.draw(rows, in: &grid, rect: rect)
        view.scroll(by: -3)
        #expect(!view.followsBottom)
        rows.rowCount = 101
        view.draw(rows, in: &grid, rect: rect)
        // Still where the reader left it, though content grew.
        #expect(view.offset == view.contentHeight - 5 - 3 - (1 + 100 % 3))
        view.scrollToBottom()
        #expect(view.followsBottom)
        view.scrollToTop()
        rows.laidOut = []
        view.draw(rows, in: &grid, rect: rect)
        #expect(grid.text(0) == "row 0.0")
        #expect(grid.text(4) == "row 2.1")
        #expect(rows.laidOut == [0, 1, 2])
    }

    @Test func revealPutsARowAtTheTop() {
        let rows = CountingRows(rowCount: 50)
        var view = ScrollView()
        var grid = ScreenGrid(width: 20, height: 4)
        let rect = GridRect(row: 0, column: 0, width: 20, height: 4)
        view.draw(rows, in: &grid, rect: rect)
        view.reveal(row: 10)
        grid = ScreenGrid(width: 20, height: 4)
        view.draw(rows, in: &grid, rect: rect)
        #expect(grid.text(0) == "row 10.0")
        #expect(view.row(containingLine: view.offset) == 10)
    }

    @Test func widthChangeRemeasuresEverything() {
        let rows = CountingRows(rowCount: 30)
        var view = ScrollView()
        view.measure(rows, width: 40)
        rows.heightCalls = 0
        view.measure(rows, width: 40)
        #expect(rows.heightCalls == 0)
        view.measure(rows, width: 30)
        #expect(rows.heightCalls == 30)
    }
}
