import Foundation
import VeetCalls
import VeetCurses
import VeetTokens

/// The Calls screen drawn: the list, the selected call's page, the notice and the footer.
extension CallsScreen {
    public func paint(in grid: inout ScreenGrid, now: Date) {
        let page = TextStyle(foreground: .ink, background: .paper)
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" Calls", row: 0, column: 0, style: header)
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        if unavailable {
            _ = grid.put(" " + CallWords.notOffered, row: 2, column: 0, style: page, limit: grid.width)
            _ = grid.put(" Esc close", row: grid.height - 1, column: 0, style: footer)
            return
        }
        let listWidth = min(max(grid.width * 2 / 5, 30), 56)
        drawList(in: &grid, width: listWidth, page: page)
        let separator = TextStyle(foreground: .hairline, background: .paper)
        for row in 1..<max(grid.height - 2, 1) { _ = grid.put("│", row: row, column: listWidth, style: separator) }
        if let call = shown {
            drawPage(call, in: &grid, area: GridRect(row: 2, column: listWidth + 2, width: grid.width - listWidth - 3,
                                                      height: grid.height - 5))
        }
        let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
        let notice = confirmingDelete ? "\(CallWords.deleteQuestion) \(CallWords.providerKeeps)  y delete  n keep" : message
        if !notice.isEmpty { _ = grid.put(" " + notice, row: grid.height - 2, column: 0, style: attention, limit: grid.width) }
        _ = grid.put(keyHints(width: grid.width, now: now), row: grid.height - 1, column: 0, style: footer)
    }

    private func drawList(in grid: inout ScreenGrid, width: Int, page: TextStyle) {
        guard let calls else { return }
        if calls.isEmpty {
            _ = grid.put(" " + CallWords.noCalls, row: 2, column: 0, style: page, limit: width)
            return
        }
        let visible = max(grid.height - 5, 1)
        let first = max(0, min(selected - visible / 2, calls.count - visible))
        for (offset, call) in calls.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset, row = 2 + offset
            let isSelected = index == selected
            let style = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : page
            grid.fill(GridRect(row: row, column: 0, width: width, height: 1), style: style)
            let text = call.erased ? "Erased" : "\(call.status?.words ?? "?")  \(CallWords.plain(call.counterparty ?? ""))"
            let line = TextFitting.truncate((isSelected ? "▸ " : "  ") + text.replacingOccurrences(of: "\n", with: " "),
                                            width: max(width - 2, 4))
            _ = grid.put(line, row: row, column: 1, style: style, limit: width)
        }
    }

    /// The call's result, as the contract's wording asks: the caller is always unverified, and
    /// erasure is from Veetbot only.
    private func drawPage(_ call: Call, in grid: inout ScreenGrid, area: GridRect) {
        let page = TextStyle(foreground: .ink, background: .paper)
        let title = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
        let soft = TextStyle(foreground: .inkSoft, background: .paper)
        var lines: [(String, TextStyle)] = []
        func add(_ text: String, _ style: TextStyle) {
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                for line in TextFitting.wrap(String(paragraph), width: max(area.width, 1)) { lines.append((line, style)) }
            }
        }
        if call.erased {
            add(CallWords.erased, title)
            add(CallWords.providerKeeps, soft)
        } else {
            let head = [call.status?.words, call.direction?.rawValue, call.counterparty.map(CallWords.plain)].compactMap { $0 }
            add(head.joined(separator: " · "), title)
            if !call.callerIdentityVerified { add(CallWords.unverified, soft) }
            add([call.createdAt?.text, CallWords.duration(call.durationMinutes)].compactMap { $0 }.joined(separator: "  "), soft)
            for (name, text, state) in [("Summary", call.summary, call.summaryState),
                                        ("Transcript", call.transcript, call.transcriptState)] {
                guard let text else { continue }
                lines.append(("", page))
                add(name, title)
                if !text.isEmpty { add(CallWords.plain(text), page) }
                if let note = CallWords.note(state, name.lowercased()) { add(note, soft) }
            }
        }
        let start = min(scroll, max(lines.count - area.height, 0))
        for (offset, line) in lines.dropFirst(start).prefix(area.height).enumerated() {
            _ = grid.put(line.0, row: area.row + offset, column: area.column, style: line.1, limit: area.column + area.width)
        }
    }
}
