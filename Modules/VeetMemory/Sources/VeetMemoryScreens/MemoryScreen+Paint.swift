import Foundation
import VeetCurses
import VeetMemory
import VeetTokens

/// Drawing the Memory screen: the list on the left (two lines a row), the
/// reading page on the right, the notice and the key line at the bottom.
extension MemoryScreen {
    static let page = TextStyle(foreground: .ink, background: .paper)
    static let soft = TextStyle(foreground: .inkSoft, background: .paper)
    static let title = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
    static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
    static let action = TextStyle(foreground: .tealText, background: .paper)

    public func paint(in grid: inout ScreenGrid, now: Date) {
        grid.fill(grid.bounds, style: Self.page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        let heading = mode == .synthesis ? " Memory · synthesis journal"
            : " Memory" + filterWords
        _ = grid.put(heading, row: 0, column: 0, style: header)
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        let family: MemoryFamily = mode == .memories ? .memories : .synthesis
        if let refusal = access.writeRefusal(family), !access[family].isReadable {
            _ = grid.put(" \(refusal.description)", row: 2, column: 0, style: Self.page, limit: grid.width)
            _ = grid.put(mode == .synthesis ? " s memories  Esc close" : " Esc close", row: grid.height - 1, column: 0,
                         style: footer)
            return
        }
        let listWidth = min(max(grid.width * 9 / 20, 30), 64)
        let separator = TextStyle(foreground: .hairline, background: .paper)
        for row in 1..<(grid.height - 2) { _ = grid.put("│", row: row, column: listWidth, style: separator) }
        let area = GridRect(row: 2, column: listWidth + 2, width: grid.width - listWidth - 3, height: grid.height - 5)
        switch mode {
        case .memories:
            drawMemories(in: &grid, width: listWidth)
            if let record = selectedRecord { MemoryPage.draw(record, in: &grid, area: area) }
        case .synthesis:
            drawOperations(in: &grid, width: listWidth)
            if let operation = selectedOperation { MemoryPage.draw(operation, in: &grid, area: area) }
        }
        let notice = confirmingDelete
            ? "Delete this memory for good? It will not form again.  y delete it  n keep it" : message
        if !notice.isEmpty {
            _ = grid.put(" " + notice, row: grid.height - 2, column: 0, style: Self.attention, limit: grid.width)
        }
        _ = grid.put(" " + keys, row: grid.height - 1, column: 0, style: footer, limit: grid.width)
    }

    private func rows(count: Int, height: Int) -> Range<Int> {
        let visible = max(height, 1)
        let first = max(0, min(selected - visible / 2, count - visible))
        return first..<min(count, first + visible)
    }

    /// Two lines a memory: KIND · day, "Needs review" in amber; then the statement and its origin.
    private func drawMemories(in grid: inout ScreenGrid, width: Int) {
        guard list != nil else { return }
        if records.isEmpty {
            let narrowed = statusFilter != nil || typeFilter != nil
            let what = narrowed ? "No memories match." : needsReviewOnly ? "Nothing needs your review." : "No memories yet."
            ReadingPage.drawEmpty(what, in: &grid, width: width, style: Self.page)
            return
        }
        for (offset, index) in rows(count: records.count, height: (grid.height - 5) / 2).enumerated() {
            let record = records[index], row = 2 + offset * 2
            let isSelected = index == selected
            let base = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : Self.page
            let soft = isSelected ? TextStyle(foreground: .inkSoft, background: .tealWash) : Self.soft
            grid.fill(GridRect(row: row, column: 0, width: width, height: 2), style: base)
            let kind = ReadingPage.kindLabel(record.kindLabel, MemoryPage.day(record.updatedAt))
            let flag = record.flaggedForReview ? "Needs review" : nil
            // The kind gives way to the flag, a space between them, in a narrow list.
            let kindRoom = width - 2 - (flag.map { $0.count + 2 } ?? 0)
            _ = grid.put(TextFitting.truncate((isSelected ? "▸ " : "  ") + kind, width: max(kindRoom, 4)),
                         row: row, column: 1, style: soft, limit: width)
            if let flag {
                let amber = TextStyle(attributes: .bold, foreground: .amberText, background: base.background)
                _ = grid.put(flag, row: row, column: max(width - flag.count - 1, 2), style: amber, limit: width)
            }
            let origin = record.belief.map { " · " + $0.origin() } ?? ""
            let line = TextFitting.truncate(record.statement + origin, width: max(width - 4, 4))
            _ = grid.put(line, row: row + 1, column: 3, style: base, limit: width)
        }
    }

    private func drawOperations(in grid: inout ScreenGrid, width: Int) {
        guard let operations else { return }
        if operations.isEmpty {
            ReadingPage.drawEmpty("No synthesis yet.", in: &grid, width: width, style: Self.page)
            return
        }
        for (offset, index) in rows(count: operations.count, height: (grid.height - 5) / 2).enumerated() {
            let op = operations[index], row = 2 + offset * 2
            let isSelected = index == selected
            let base = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : Self.page
            grid.fill(GridRect(row: row, column: 0, width: width, height: 2), style: base)
            let head = ReadingPage.kindLabel(op.kind.rawValue, op.state.rawValue)
            _ = grid.put((isSelected ? "▸ " : "  ") + head, row: row, column: 1,
                         style: TextStyle(foreground: .inkSoft, background: base.background), limit: width)
            if UndoGate.offersUndo(op) {
                _ = grid.put("Undo", row: row, column: width - 5,
                             style: TextStyle(foreground: .tealText, background: base.background), limit: width)
            }
            let text = TextFitting.truncate(op.content?.statement ?? "(withdrawn)", width: max(width - 4, 4))
            _ = grid.put(text, row: row + 1, column: 3, style: base, limit: width)
        }
    }
}
