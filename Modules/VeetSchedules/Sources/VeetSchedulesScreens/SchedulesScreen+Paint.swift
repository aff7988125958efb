import Foundation
import VeetCurses
import VeetSchedules
import VeetTokens
import VeetTransport

/// The Schedules screen drawn: the list, the selected schedule's page (`SchedulePage`), the form over them.
extension SchedulesScreen {
    /// Draws the list, the reading page, the notice and the footer, and the form over them while it is open
    /// (its focused field keeps the caret).
    public func paint(in grid: inout ScreenGrid, now: Date) {
        let page = TextStyle(foreground: .ink, background: .paper)
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(unavailable ? " Schedules" : " Schedules (\(filter.label))", row: 0, column: 0, style: header)
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
        if unavailable {
            ReadingPage.drawEmpty("Schedules are not offered by this server.", in: &grid, width: grid.width, style: page)
            _ = grid.put(" Esc close", row: grid.height - 1, column: 0, style: footer)
            return
        }
        let listWidth = min(max(grid.width * 9 / 20, 30), 64)
        drawList(in: &grid, width: listWidth, page: page, now: now)
        let separator = TextStyle(foreground: .hairline, background: .paper)
        for row in 1..<(grid.height - 2) { _ = grid.put("│", row: row, column: listWidth, style: separator) }
        if let record = selectedRecord {
            SchedulePage.draw(record, occurrences: occurrences, in: &grid,
                              area: GridRect(row: 2, column: listWidth + 2, width: grid.width - listWidth - 3,
                                             height: grid.height - 5), now: now)
        }
        let notice = confirmingCancel
            ? "Cancel “\(selectedItem?.title ?? "")”? Future runs stop; a run already started keeps running.  y cancel it  n keep it"
            : message
        if !notice.isEmpty { _ = grid.put(" " + notice, row: grid.height - 2, column: 0, style: attention, limit: grid.width) }
        _ = grid.put(Self.footer(width: grid.width), row: grid.height - 1, column: 0,
                     style: footer)
        form?.draw(in: &grid, styles: .standard)
    }

    /// A row's last line: the cadence in words (its zone is on the page) and the next run in that zone,
    /// "Every day at 08:00 · next Wed 2 Dec at 08:00"; a schedule with no run planned says so.
    public static func cadenceLine(_ item: ScheduleListItem) -> String {
        let zone = item.cadence?.timezone.flatMap(TimeZone.init(identifier:))
        let cadence = item.cadence.map { cadence -> String in
            var bare = cadence
            bare.timezone = nil
            return CadenceText.describe(bare)
        }
        let next = item.nextFireAt?.date.map { "next " + SchedulePage.shortTime($0, zone: zone) } ?? "no run planned"
        return [cadence, next].compactMap { $0 }.joined(separator: " · ")
    }

    private func drawList(in grid: inout ScreenGrid, width: Int, page: TextStyle, now: Date) {
        guard let items else { return }
        if items.isEmpty {
            let what = filter == .all ? "No schedules yet." : "No \(filter.label) schedules (f shows others)."
            ReadingPage.drawEmpty(what, in: &grid, width: width, style: page)
            return
        }
        // Three lines a schedule: the name beside its state; the instruction's preview; the cadence with the
        // next run. The chosen one is drawn in the selected tint (no mark).
        let visible = max((grid.height - 5) / 3, 1)
        let first = max(0, min(selected - visible / 2, items.count - visible))
        let soft = TextStyle(foreground: .inkSoft, background: .paper)
        for (offset, item) in items.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset, row = 2 + offset * 3
            let isSelected = index == selected
            let style = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .selected) : page
            let quiet = isSelected ? TextStyle(foreground: .inkSoft, background: .selected) : soft
            grid.fill(GridRect(row: row, column: 0, width: width, height: 3), style: style)
            let state = SchedulePage.stateWord(item.state)
            let stateColumn = max(width - state.count - 1, 2)
            _ = grid.put(TextFitting.truncate(item.title, width: max(stateColumn - 4, 4)), row: row, column: 2,
                         style: style, limit: stateColumn - 1)
            _ = grid.put(state, row: row, column: stateColumn, style: quiet, limit: width)
            _ = grid.put(TextFitting.truncate(item.instructionPreview, width: max(width - 5, 4)), row: row + 1,
                         column: 3, style: quiet, limit: width)
            _ = grid.put(TextFitting.truncate(Self.cadenceLine(item), width: max(width - 5, 4)), row: row + 2,
                         column: 3, style: quiet, limit: width)
        }
    }
}
