import Foundation
import VeetCurses
import VeetEmail
import VeetTerminal
import VeetTokens

/// The inbox as docs/tui.md describes its rows: a Handled circle, the correspondent
/// in bold with the date faint, the subject, Veetbot's one-line gist, one line
/// of state. Four lines a row, so the five important threads fit at 80x24.
enum EmailInbox {
    static let rowHeight = 4

    static let page = TextStyle(foreground: .ink, background: .paper)
    static let soft = TextStyle(foreground: .inkSoft, background: .paper)
    static let faint = TextStyle(foreground: .inkFaint, background: .paper)
    static let bold = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
    static let heading = TextStyle(attributes: .bold, foreground: .inkSoft, background: .paper)
    static let attention = TextStyle(foreground: .amberText, background: .paper)
    static let draft = TextStyle(foreground: .tealText, background: .paper)
    static let check = TextStyle(attributes: .bold, foreground: .teal, background: .paper)
    static let failure = TextStyle(attributes: .bold, foreground: .red, background: .paper)

    /// One row's state line and its tone (attention amber, draft teal, handled or reported soft).
    static func stateLine(_ thread: EmailThreadSummary, sendUncertain: Bool = false) -> (text: String, style: TextStyle) {
        let reason = thread.reason.isEmpty ? "" : " · " + thread.reason
        if thread.isReportedSpam { return ("Reported as spam", soft) }
        if thread.isArchived { return ("Archived in Gmail", soft) }
        if sendUncertain { return ("Check send status: the reply's outcome is unknown; it was not sent again", attention) }
        if thread.isHandled { return ("Handled", soft) }
        if thread.suspectedSpam && !thread.spamCleared { return ("Suspected spam" + reason, attention) }
        if thread.draftID != nil { return ("Draft reply ready" + reason, draft) }
        if thread.needsReply { return ("Needs reply" + reason, attention) }
        if thread.isImportant { return ("For your attention" + reason, attention) }
        return (thread.reason, soft)
    }

    /// The correspondent: the first sender's name (the address when there is no name).
    static func correspondent(_ thread: EmailThreadSummary) -> String {
        guard let first = thread.senders.first else { return "(no sender)" }
        let name = first.split(separator: "<").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let more = thread.senders.count > 1 ? " +\(thread.senders.count - 1)" : ""
        return (name.isEmpty ? EmailAddress.address(in: first) : name) + more
    }

    /// The lines of the list: section headings and rows (by thread id), in order.
    enum Line: Equatable {
        case heading(String)
        case row(String, part: Int)
    }

    static func lines(_ email: EmailScreen) -> [Line] {
        var lines: [Line] = []
        for section in email.sections {
            lines.append(.heading(section.title))
            if section.rows.isEmpty { lines.append(.row("", part: -1)) }
            for thread in section.rows {
                lines += (0..<rowHeight).map { .row(thread.id, part: $0) }
            }
        }
        return lines
    }

    /// The first line shown so the selected row is whole on screen.
    static func firstLine(_ lines: [Line], selected: String?, height: Int) -> Int {
        guard let selected, let start = lines.firstIndex(of: .row(selected, part: 0)) else { return 0 }
        let end = start + rowHeight
        if end <= height { return 0 }
        return min(max(end - height, 0), max(lines.count - height, 0))
    }

    static func draw(_ email: EmailScreen, in grid: inout ScreenGrid, rect: GridRect, focused: Bool) {
        grid.fill(rect, style: page)
        let lines = lines(email)
        let first = firstLine(lines, selected: email.selectedID, height: rect.height)
        let threads = Dictionary(email.visibleThreads.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (offset, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            let row = rect.row + offset
            switch line {
            case .heading(let title):
                grid.put(" " + title.uppercased(), row: row, column: rect.column, style: heading, limit: rect.right)
            case .row(let id, let part):
                guard let thread = threads[id] else {
                    let empty = email.available == nil ? "  Loading…" : "  Nothing here."
                    grid.put(empty, row: row, column: rect.column, style: faint, limit: rect.right)
                    continue
                }
                drawRow(thread, part: part, email: email, in: &grid, row: row, rect: rect,
                        selected: id == email.selectedID, focused: focused)
            }
        }
    }

    private static func drawRow(_ thread: EmailThreadSummary, part: Int, email: EmailScreen, in grid: inout ScreenGrid,
                                row: Int, rect: GridRect, selected: Bool, focused: Bool) {
        func tinted(_ style: TextStyle) -> TextStyle {
            guard selected else { return style }
            var tinted = style
            tinted.background = focused ? .selected : .hairline
            return tinted
        }
        if selected { grid.fill(GridRect(row: row, column: rect.column, width: rect.width, height: 1), style: tinted(page)) }
        let left = rect.column + 3, right = rect.right - 1
        switch part {
        case 0:
            let done = thread.isArchived || thread.isHandled
            grid.put(done ? " ✓" : " ○", row: row, column: rect.column, style: tinted(done ? check : faint))
            var date = thread.updatedAt.map(EmailDates.short) ?? ""
            if email.showsAccountLabel {
                let label = email.account(thread.accountID).map { $0.label.isEmpty ? $0.id : $0.label } ?? thread.accountID
                date = label + " · " + date
            }
            let dateColumn = max(right - DisplayWidth.of(date), left + 8)
            grid.put(TextFitting.truncate(correspondent(thread), width: max(dateColumn - left - 1, 4)), row: row,
                     column: left, style: tinted(bold), limit: dateColumn - 1)
            grid.put(date, row: row, column: dateColumn, style: tinted(faint), limit: right)
        case 1:
            grid.put(TextFitting.truncate(thread.subject, width: right - left), row: row, column: left, style: tinted(page),
                     limit: right)
        case 2:
            grid.put(TextFitting.truncate(thread.summary, width: right - left), row: row, column: left, style: tinted(soft),
                     limit: right)
        default:
            if let error = email.rowErrors[thread.id] {
                grid.put(TextFitting.truncate("⚠ " + error, width: right - left), row: row, column: left,
                         style: tinted(failure), limit: right)
            } else {
                let state = stateLine(thread, sendUncertain: email.sendUncertain.contains(thread.id))
                grid.put(TextFitting.truncate(state.text, width: right - left), row: row, column: left,
                         style: tinted(state.style), limit: right)
            }
        }
    }
}
