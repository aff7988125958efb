import Foundation
import VeetCurses
import VeetSubscriptions
import VeetTerminal
import VeetTokens
import VeetTransport

extension SubscriptionsScreen {
    public func paint(in grid: inout ScreenGrid, now: Date) { SubscriptionsPainter.draw(self, in: &grid) }

    /// The footer's keys; Ctrl-P lists the same.
    public func keyHints(narrow: Bool) -> String { SubscriptionsPainter.keyHints(self, narrow: narrow) }
}

/// The styles the screen shares with Email mode's pages (the same tokens; the
/// two features never import each other), and their short dates.
enum Look {
    static let page = TextStyle(foreground: .ink, background: .paper)
    static let soft = TextStyle(foreground: .inkSoft, background: .paper)
    static let faint = TextStyle(foreground: .inkFaint, background: .paper)
    static let bold = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
    static let attention = TextStyle(foreground: .amberText, background: .paper)
    static let draft = TextStyle(foreground: .tealText, background: .paper)
    static let check = TextStyle(attributes: .bold, foreground: .teal, background: .paper)
    static let failure = TextStyle(attributes: .bold, foreground: .red, background: .paper)
    static let title = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
    static let hairline = TextStyle(foreground: .hairline, background: .paper)
    static let key = TextStyle(attributes: .bold, foreground: .tealText, background: .paper)
    static let header = TextStyle(foreground: .inkSoft, background: .paperDeep)
    static let headerBold = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
    static let headerAmber = TextStyle(attributes: .bold, foreground: .amberText, background: .paperDeep)

    /// "21 Nov 09:30", in UTC's calendar of the server's stamps.
    static func short(_ stamp: Timestamp) -> String {
        guard let date = stamp.date else { return stamp.text }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[((parts.month ?? 1) - 1) % 12]
        return String(format: "%d %@ %02d:%02d", parts.day ?? 1, month, parts.hour ?? 0, parts.minute ?? 0)
    }
}

/// The Subscriptions screen on the whole screen, in Email's styles: a header
/// (account and state filters, "N of 25 selected"), the census beside the
/// chosen sender's detail on a wide terminal (the detail pushed over the list
/// on a narrow one), the footer with the keys, and the confirmation as a sheet.
public enum SubscriptionsPainter {
    static let rowHeight = 2

    struct Frame {
        let list: GridRect?
        let detail: GridRect?
        let divider: Int?

        init(_ screen: SubscriptionsScreen, width: Int, height: Int) {
            let body = max(height - 2, 1)
            if width < SubscriptionsScreen.narrowWidth {
                let pushed = screen.detailPushed && screen.current != nil
                list = pushed ? nil : GridRect(row: 1, column: 0, width: width, height: body)
                detail = pushed ? GridRect(row: 1, column: 1, width: width - 2, height: body) : nil
                divider = nil
            } else {
                let columns = min(max(width / 2, 44), 80)
                list = GridRect(row: 1, column: 0, width: columns, height: body)
                divider = columns
                detail = GridRect(row: 1, column: columns + 2, width: width - columns - 3, height: body)
            }
        }
    }

    static func draw(_ screen: SubscriptionsScreen, in grid: inout ScreenGrid) {
        let connection = screen.connection
        grid.fill(grid.bounds, style: Look.page)
        grid.cursor = nil
        drawHeader(screen, in: &grid)
        let frame = Frame(screen, width: grid.width, height: grid.height)
        if screen.unavailable {
            grid.put(" " + SubscriptionsError.unavailable.description, row: 2, column: 0, style: Look.page,
                     limit: grid.width)
        } else {
            if let list = frame.list { drawList(screen, in: &grid, rect: list) }
            if let divider = frame.divider, let list = frame.list {
                for row in list.row..<list.bottom { grid.put("│", row: row, column: divider, style: Look.hairline) }
            }
            if let detail = frame.detail, let row = screen.current {
                for (offset, line) in detailLines(screen, row, width: detail.width).prefix(detail.height).enumerated() {
                    grid.put(line, row: detail.row + offset, column: detail.column, limit: detail.right)
                }
            }
        }
        drawFooter(screen, in: &grid, connection: connection, narrow: frame.divider == nil)
        if let sheet = screen.sheet { UnsubscribeSheetPainter.draw(sheet, in: &grid) }
    }

    private static func drawHeader(_ screen: SubscriptionsScreen, in grid: inout ScreenGrid) {
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: Look.header)
        var column = grid.put(" Subscriptions ", row: 0, column: 0, style: Look.headerBold)
        column = grid.put("│ ", row: 0, column: column, style: Look.header)
        if screen.accounts.count > 1 {
            column = grid.put("a \(screen.accountFilterText)  ", row: 0, column: column, style: Look.header)
        }
        column = grid.put("f \(screen.stateFilterText)  ", row: 0, column: column, style: Look.header)
        let count = screen.selectionText
        let style = screen.selection.isEmpty ? Look.header : Look.headerAmber
        grid.put(count, row: 0, column: max(column, grid.width - DisplayWidth.of(count) - 1), style: style, limit: grid.width)
    }

    /// The list's lines: two per sender, then what paging says.
    enum Line: Equatable {
        case row(Int, part: Int)
        case more(String)
    }

    static func lines(_ screen: SubscriptionsScreen) -> [Line] {
        var lines = screen.rows.indices.flatMap { index in (0..<rowHeight).map { Line.row(index, part: $0) } }
        if !screen.loaded {
            lines.append(.more("Loading…"))
        } else if screen.rows.isEmpty {
            lines.append(.more(screen.stateFilter == nil && screen.accountFilter == nil ? "No bulk senders in the last 90 days."
                               : "No senders match this filter (a account, f state)."))
        } else if screen.loadingMore {
            lines.append(.more("Loading more…"))
        } else if screen.nextCursor != nil {
            lines.append(.more("More senders: ↓ at the end loads them"))
        }
        return lines
    }

    private static func drawList(_ screen: SubscriptionsScreen, in grid: inout ScreenGrid, rect: GridRect) {
        let lines = lines(screen)
        let end = (screen.cursor + 1) * rowHeight + (screen.cursor == screen.rows.count - 1 ? 1 : 0)
        let first = min(max(end - rect.height, 0), max(lines.count - rect.height, 0))
        for (offset, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            let row = rect.row + offset
            switch line {
            case .more(let text):
                grid.put("  " + text, row: row, column: rect.column, style: Look.faint, limit: rect.right)
            case .row(let index, let part):
                drawRow(screen, screen.rows[index], part: part, chosen: index == screen.cursor, in: &grid, row: row, rect: rect)
            }
        }
    }

    private static func drawRow(_ screen: SubscriptionsScreen, _ subscription: Subscription, part: Int, chosen: Bool,
                                in grid: inout ScreenGrid, row: Int, rect: GridRect) {
        func tinted(_ style: TextStyle) -> TextStyle {
            guard chosen else { return style }
            var tinted = style
            tinted.background = screen.sheet == nil ? .selected : .hairline
            return tinted
        }
        if chosen { grid.fill(GridRect(row: row, column: rect.column, width: rect.width, height: 1), style: tinted(Look.page)) }
        let left = rect.column + 5, right = rect.right - 1
        if part == 0 {
            let mark = screen.selection.contains(subscription.id) ? "[x]"
                : SubscriptionSelection.refusal(for: subscription, screen.flags) == nil ? "[ ]" : "   "
            grid.put(" " + mark, row: row, column: rect.column, style: tinted(screen.selection.contains(subscription.id)
                ? Look.check : Look.faint))
            var facts = subscription.countText
            if let last = subscription.lastReceivedAt { facts += " · " + Look.short(last) }
            if screen.accounts.count > 1 && screen.accountFilter == nil { facts = screen.accountLabel(subscription.accountID) + " · " + facts }
            let factsColumn = max(right - DisplayWidth.of(facts), left + 10)
            grid.put(TextFitting.truncate(subscription.senderName, width: max(factsColumn - left - 1, 4)), row: row,
                     column: left, style: tinted(Look.bold), limit: factsColumn - 1)
            grid.put(facts, row: row, column: factsColumn, style: tinted(Look.faint), limit: right)
            return
        }
        if let error = screen.rowErrors[subscription.id] {
            grid.put(TextFitting.truncate("⚠ " + error, width: right - left), row: row, column: left,
                     style: tinted(Look.failure), limit: right)
            return
        }
        let offer = subscription.isChecking ? "" : subscription.offerText + " · "
        let protected = subscription.isProtected ? " · Protected" : ""
        let column = grid.put(TextFitting.truncate(offer, width: right - left), row: row, column: left,
                              style: tinted(Look.soft), limit: right)
        grid.put(TextFitting.truncate(subscription.stateText + protected, width: max(right - column, 1)), row: row,
                 column: column, style: tinted(stateStyle(subscription)), limit: right)
    }

    /// Amber for what asks for a decision (a failure, mail still arriving), teal while in flight, soft otherwise.
    static func stateStyle(_ row: Subscription) -> TextStyle {
        switch row.state {
        case .failed, .stillSending: Look.attention
        case .pending: Look.draft
        default: row.isChecking ? Look.faint : Look.soft
        }
    }

    /// The chosen sender: who, how much mail, what it offers, its state and what can be done.
    public static func detailLines(_ screen: SubscriptionsScreen, _ row: Subscription, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        func text(_ string: String, _ style: TextStyle) {
            for line in TextFitting.wrap(string, width: max(width - 1, 10)) { lines.append([StyledRun(line, style: style)]) }
        }
        text(row.senderName, Look.title)
        let names = [row.address, row.listID].filter { !$0.isEmpty && $0 != row.senderName }
        if !names.isEmpty { text(names.joined(separator: " · "), Look.soft) }
        if screen.accounts.count > 1 { text("Account: " + screen.accountLabel(row.accountID), Look.soft) }
        lines.append([])
        let last = row.lastReceivedAt.map { "; the last on " + Look.short($0) } ?? ""
        text(row.countText.prefix(1).uppercased() + row.countText.dropFirst() + " in the last 90 days" + last + ".", Look.page)
        text("Offers: " + row.offerText, Look.page)
        lines.append([StyledRun("State: ", style: Look.page), StyledRun(row.stateText, style: stateStyle(row))])
        if let advice = row.stateAdvice { text(advice, Look.attention) }
        if row.isProtected {
            let why = switch row.protectedReason {
            case .importantFeedback?: "you marked this sender's mail Important"
            case .correspondent?: "you have written to this sender"
            default: "the server protects this sender"
            }
            text("Protected (\(why)): Select all skips it; it can still be chosen by hand.", Look.soft)
        }
        if let error = screen.rowErrors[row.id] {
            lines.append([])
            text("⚠ " + error, Look.failure)
        }
        lines.append([])
        let actions = row.actions(screen.flags)
        if !screen.flags.unsubscribeSupported(row.accountID) {
            text("This account does not offer unsubscribe assistance; nothing can be done here.", Look.soft)
        } else if actions.isEmpty {
            text(row.state == .pending ? "Working on it; this row settles by itself." : "Nothing to do for this sender.",
                 Look.soft)
        } else {
            var keys: StyledLine = []
            let selectable = SubscriptionSelection.refusal(for: row, screen.flags) == nil
            if selectable { keys.append(StyledRun(screen.selection.contains(row.id) ? "Space let go  " : "Space select  ",
                                                  style: Look.key)) }
            for action in actions {
                let label: String = switch action {
                case .unsubscribe: "u " + row.unsubscribeLabel
                case .reportSpam: "! Report spam"
                case .notSpam: "! Not spam"
                case .keep: "k Keep"
                case .stopKeeping: "k Stop keeping"
                }
                keys.append(StyledRun(label + "  ", style: Look.key))
            }
            lines.append(keys)
            if let refusal = SubscriptionSelection.refusal(for: row, screen.flags), row.state.isActionable {
                text(refusal.description, Look.soft)
            }
        }
        return lines
    }

    /// The footer's keys; Ctrl-P lists the same.
    public static func keyHints(_ screen: SubscriptionsScreen, narrow: Bool) -> String {
        if screen.sheet != nil { "Enter unsubscribe  a archive too  Esc cancel" }
        else if narrow && screen.detailPushed { "Space select  u unsubscribe  k keep  ! spam  Esc back" }
        else if narrow { "Space select  A all  u unsub  k keep  ! spam  → detail  Esc back" }
        else { "↑↓ choose  Space select  A all  c clear  u unsubscribe  k keep  ! spam  a account  f state  g reload  Esc back" }
    }

    private static func drawFooter(_ screen: SubscriptionsScreen, in grid: inout ScreenGrid, connection: String, narrow: Bool) {
        let keys = keyHints(screen, narrow: narrow)
        var left: StyledLine = [StyledRun(" " + connection + "  ", style: WidgetStyles.standard.statusBar)]
        if !screen.message.isEmpty {
            left.append(StyledRun(screen.message, style: TextStyle(foreground: .amberText, background: .paperDeep)))
        }
        StatusBar(left: left, right: [StyledRun(keys + " ", style: WidgetStyles.standard.statusBar)],
                  keepsLastLeftRun: !screen.message.isEmpty)
            .draw(in: &grid, row: grid.height - 1, width: grid.width, styles: WidgetStyles.standard)
    }
}

