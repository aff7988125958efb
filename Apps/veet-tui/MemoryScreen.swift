import Foundation
import VeetCurses
import VeetMemory
import VeetTokens
import VeetTransport

/// The Memory screen (F5): what the agent believes, beside the reading page
/// of the selected memory; `s` turns to the synthesis journal. Every rule
/// (where a reviewed row goes, when Undo is offered, which writes are hidden)
/// is VeetMemory's; this value holds what was read and draws it.
struct MemoryScreen {
    enum Mode { case memories, synthesis }

    var mode = Mode.memories
    var access = MemoryAccess()
    var list: MemoryList?
    var operations: [SynthesisOperation]?
    /// `f`: only the "Needs review" queue.
    var needsReviewOnly = false
    var selected = 0
    /// `x` pressed once: waiting for `y` to delete the selected memory.
    var confirmingDelete = false
    var message = "Loading..."

    var filter: MemoryFilter { needsReviewOnly ? .needsReview : MemoryFilter() }

    var records: [MemoryRecord] { list?.records ?? [] }

    var rowCount: Int { mode == .memories ? records.count : operations?.count ?? 0 }

    var selectedRecord: MemoryRecord? {
        records.indices.contains(selected) ? records[selected] : nil
    }

    var selectedOperation: SynthesisOperation? {
        guard let operations, operations.indices.contains(selected) else { return nil }
        return operations[selected]
    }

    /// Shows `records` read for `answered`; a slower answer for a filter no longer
    /// chosen (the whole list arriving after `f` asked for the review queue) is
    /// dropped, or the queue's keys would act on rows it does not hold.
    mutating func show(_ records: [MemoryRecord], for answered: MemoryFilter) {
        guard answered == filter else { return }
        let previous = selectedRecord?.id
        list = MemoryList(filter: filter, records: records)
        selected = records.firstIndex { $0.id == previous } ?? min(selected, max(records.count - 1, 0))
        if message == "Loading..." { message = "" }
    }

    /// The answer to a review, placed by the feature's rule, and what happened in words.
    mutating func apply(_ outcome: ReviewOutcome, _ returned: MemoryRecord) {
        guard var list else { return }
        let effect = list.apply(outcome, returned: returned)
        self.list = list
        selected = list.ids.firstIndex(of: returned.id) ?? min(selected, max(list.records.count - 1, 0))
        message = MemoryList.words(for: effect, outcome: outcome)
    }

    mutating func applyDelete(id: String) {
        guard var list else { return }
        let effect = list.applyDelete(id: id)
        self.list = list
        selected = min(selected, max(list.records.count - 1, 0))
        message = MemoryList.words(for: effect, outcome: nil)
    }

    mutating func show(_ operation: SynthesisOperation) {
        guard let index = operations?.firstIndex(where: { $0.id == operation.id }) else { return }
        operations?[index] = operation
    }

    // MARK: Drawing

    static let page = TextStyle(foreground: .ink, background: .paper)
    static let soft = TextStyle(foreground: .inkSoft, background: .paper)
    static let title = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
    static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
    static let action = TextStyle(foreground: .tealText, background: .paper)

    func draw(in grid: inout ScreenGrid) {
        grid.fill(grid.bounds, style: Self.page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        let heading = mode == .synthesis ? " Memory · synthesis journal"
            : needsReviewOnly ? " Memory · needs review" : " Memory"
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

    /// The footer: the write keys only while the server offers them.
    var keys: String {
        switch mode {
        case .memories:
            let writes = access.writeRefusal(.memories) == nil ? "r reviewed  n not true  h not here  x delete  " : ""
            return "↑↓ choose  \(writes)f needs review  s synthesis  g refresh  Esc close"
        case .synthesis:
            let undo = access.writeRefusal(.synthesis) == nil ? "u undo  " : ""
            return "↑↓ choose  \(undo)s memories  g refresh  Esc close"
        }
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
            let what = needsReviewOnly ? "Nothing needs your review." : "No memories yet."
            _ = grid.put(" " + what, row: 2, column: 0, style: Self.page, limit: width)
            return
        }
        for (offset, index) in rows(count: records.count, height: (grid.height - 5) / 2).enumerated() {
            let record = records[index], row = 2 + offset * 2
            let isSelected = index == selected
            let base = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : Self.page
            let soft = isSelected ? TextStyle(foreground: .inkSoft, background: .tealWash) : Self.soft
            grid.fill(GridRect(row: row, column: 0, width: width, height: 2), style: base)
            let kind = "\(record.kindLabel.uppercased()) · \(MemoryPage.day(record.updatedAt))"
            let flag = record.flaggedForReview ? "Needs review" : nil
            // The kind gives way to the flag, a space between them, in a narrow list.
            let kindRoom = width - 2 - (flag.map { $0.count + 2 } ?? 0)
            _ = grid.put(TextFitting.truncate((isSelected ? "▸ " : "  ") + kind, width: max(kindRoom, 4)),
                         row: row, column: 1, style: soft, limit: width)
            if let flag {
                let amber = TextStyle(attributes: .bold, foreground: .amberText, background: base.background)
                _ = grid.put(flag, row: row, column: max(width - flag.count - 1, 2), style: amber, limit: width)
            }
            let origin = record.belief.map { " · " + MemoryPage.origin($0) } ?? ""
            let line = TextFitting.truncate(record.statement + origin, width: max(width - 4, 4))
            _ = grid.put(line, row: row + 1, column: 3, style: base, limit: width)
        }
    }

    private func drawOperations(in grid: inout ScreenGrid, width: Int) {
        guard let operations else { return }
        if operations.isEmpty {
            _ = grid.put(" No synthesis yet.", row: 2, column: 0, style: Self.page, limit: width)
            return
        }
        for (offset, index) in rows(count: operations.count, height: (grid.height - 5) / 2).enumerated() {
            let op = operations[index], row = 2 + offset * 2
            let isSelected = index == selected
            let base = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : Self.page
            grid.fill(GridRect(row: row, column: 0, width: width, height: 2), style: base)
            let head = "\(op.kind.rawValue.uppercased()) · \(op.state.rawValue)"
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
