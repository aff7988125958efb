import Foundation
import VeetCurses
import VeetEmail
import VeetTerminal
import VeetTokens

/// Email mode on the whole screen: a compact header (Important / Other mail,
/// search, account filter, the mailbox-status disclosure), the inbox beside
/// the reading page on a wide terminal (divider kept in the state, so it
/// survives switching to Chat), the page pushed over the list on a narrow
/// one, the footer with the keys, and Review & Send as a sheet on top.
enum EmailPainter {
    static let header = TextStyle(foreground: .inkSoft, background: .paperDeep)
    static let headerBold = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
    static let headerAmber = TextStyle(attributes: .bold, foreground: .amberText, background: .paperDeep)

    struct Frame {
        let list: GridRect?
        let page: GridRect?
        let divider: Int?
        let status: GridRect?

        init(_ email: EmailScreen, width: Int, height: Int) {
            let statusHeight = email.statusOpen ? min(email.statusLines.count, max(height - 8, 1)) : 0
            status = statusHeight > 0 ? GridRect(row: 1, column: 0, width: width, height: statusHeight) : nil
            let top = 1 + statusHeight, bodyHeight = max(height - 2 - statusHeight, 1)
            if width < EmailScreen.narrowWidth {
                let pushed = email.pagePushed && email.detail != nil
                list = pushed ? nil : GridRect(row: top, column: 0, width: width, height: bodyHeight)
                page = pushed ? GridRect(row: top, column: 1, width: width - 2, height: bodyHeight) : nil
                divider = nil
            } else {
                let columns = email.inboxColumns(width: width)
                list = GridRect(row: top, column: 0, width: columns, height: bodyHeight)
                divider = columns
                page = GridRect(row: top, column: columns + 2, width: width - columns - 3, height: bodyHeight)
            }
        }
    }

    static func draw(_ email: EmailScreen, in grid: inout ScreenGrid, connection: String) {
        grid.fill(grid.bounds, style: EmailInbox.page)
        grid.cursor = nil
        let frame = Frame(email, width: grid.width, height: grid.height)
        drawHeader(email, in: &grid)
        if let status = frame.status {
            grid.fill(status, style: header)
            for (offset, line) in email.statusLines.prefix(status.height).enumerated() {
                grid.put("  " + line, row: status.row + offset, column: 0, style: header, limit: grid.width)
            }
        }
        if email.signedOut {
            ReadingPage.drawEmpty("Signed out: the mail left the screen. Sign in again to read it (F8, Connection); F7 back to Chat.",
                                  in: &grid, width: grid.width, style: EmailInbox.page)
        } else if email.available == false {
            ReadingPage.drawEmpty("Email is not available on this server; Chat works as before (F7).",
                                  in: &grid, width: grid.width, style: EmailInbox.page)
        } else {
            if let list = frame.list { EmailInbox.draw(email, in: &grid, rect: list, focused: email.focus == .list) }
            if let divider = frame.divider, let list = frame.list {
                for row in list.row..<list.bottom { grid.put("│", row: row, column: divider, style: EmailPage.hairline) }
            }
            if let page = frame.page { drawPage(email, in: &grid, rect: page) }
        }
        drawFooter(email, in: &grid, connection: connection, narrow: frame.divider == nil)
        if let sheet = email.send { EmailSendSheet.draw(sheet, in: &grid) }
        if case .history(let revisions, let choice)? = email.draftSheet {
            EmailDraftOptions.drawHistory(revisions, choice: choice, current: email.reply?.editor.saved, in: &grid)
        }
        if let learning = email.learning { EmailLearningSheet.draw(learning, in: &grid) }
    }

    private static func drawHeader(_ email: EmailScreen, in grid: inout ScreenGrid) {
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        var column = grid.put(" Email ", row: 0, column: 0, style: headerBold)
        column = grid.put("│ ", row: 0, column: column, style: header)
        if email.focus == .search || !email.search.isEmpty {
            column = grid.put("⌕ ", row: 0, column: column, style: header)
            var search = email.search
            let rect = GridRect(row: 0, column: column, width: min(24, max(grid.width - column - 30, 8)), height: 1)
            search.draw(in: &grid, rect: rect, placeholder: "Search", focused: email.focus == .search,
                        styles: WidgetStyles.standard)
            column = rect.right + 1
        } else {
            column = grid.put("/ search", row: 0, column: column, style: header)
            column += 2
        }
        if email.focus != .search { grid.cursor = nil }
        let account = email.accountFilter.flatMap { email.account($0) }.map { $0.label.isEmpty ? $0.id : $0.label } ?? "All accounts"
        if email.accounts.count > 1 { column = grid.put("a \(account)  ", row: 0, column: column, style: header) }
        if email.newArrivalCount > 0 {
            column = grid.put("\(email.newArrivalCount) new (N shows)  ", row: 0, column: column, style: headerAmber)
        }
        let label = (email.statusOpen ? "▾ " : "▸ ") + email.statusLabel
        let attention = email.refreshError != nil || email.accounts.contains { $0.freshness.needsAttention }
        let start = max(column, grid.width - DisplayWidth.of(label) - 1)
        grid.put(TextFitting.truncate(label, width: max(grid.width - start, 1)), row: 0, column: start,
                 style: attention ? headerAmber : header, limit: grid.width)
    }

    private static func drawPage(_ email: EmailScreen, in grid: inout ScreenGrid, rect: GridRect) {
        guard let detail = email.detail, detail.id == email.selectedID else {
            let text = email.selectedID == nil ? "No conversation open." : "Loading…"
            grid.put(text, row: rect.row + rect.height / 2, column: rect.column, style: EmailInbox.faint, limit: rect.right)
            return
        }
        let (lines, editorLine) = EmailPage.layout(email, detail, width: rect.width)
        var first = min(email.pageScroll, max(lines.count - rect.height, 0))
        if let editorLine, let reply = email.reply {
            // The editor stays whole on screen while it is open.
            let end = editorLine + EmailPage.editorRows(reply, width: rect.width) + 2
            if end - first > rect.height { first = end - rect.height }
            if editorLine < first { first = editorLine }
        }
        for (offset, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            grid.put(line, row: rect.row + offset, column: rect.column, limit: rect.right)
        }
        if let editorLine, var reply = email.reply {
            let rows = EmailPage.editorRows(reply, width: rect.width)
            let editor = GridRect(row: rect.row + editorLine - first, column: rect.column, width: rect.width, height: rows)
            if editor.row >= rect.row, editor.bottom <= rect.bottom {
                reply.input.draw(in: &grid, rect: editor, placeholder: "Write your reply", focused: email.focus == .editor,
                                 styles: WidgetStyles.standard)
            }
        }
        if email.focus != .editor && email.focus != .search { grid.cursor = nil }
    }

    /// The footer's keys for where the focus is; Ctrl-P lists the same.
    static func keyHints(_ email: EmailScreen, narrow: Bool) -> String {
        switch email.focus {
        case .search: "Enter search  Esc clear"
        case .editor: "Esc done (autosaves)  Alt-Enter/Enter new line"
        case .page:
            "↑↓ scroll  t teach  r reply  s send  e archive  h handled  Esc back  F7 chat  "
                + "c copies  d details  p view in People  D discuss in Chat  L learning"
                + (email.reply == nil ? "" : "  w save now  H history  X discard  W writing style")
        case .list:
            "↑↓ choose  Enter read  e archive  h handled  ! spam  / search  a account  m mailbox  "
                + (email.offersSubscriptions ? "S subscriptions  " : "") + (narrow ? "" : "< > divider  ") + "F7 chat  L learning"
                // The open thread's keys work from the list too; the palette offers them after the list's own.
                + (email.detail == nil ? "" : "  c copies  d details  p view in People  D discuss in Chat")
        }
    }

    /// The first entries of a key line (two spaces apart) that fit in `width`.
    static func fitting(_ keys: String, width: Int) -> String {
        guard DisplayWidth.of(keys) > width else { return keys }
        var shown = ""
        for entry in keys.components(separatedBy: "  ") where !entry.isEmpty {
            let next = shown.isEmpty ? entry : shown + "  " + entry
            guard DisplayWidth.of(next) <= width else { break }
            shown = next
        }
        return shown
    }

    private static func drawFooter(_ email: EmailScreen, in grid: inout ScreenGrid, connection: String, narrow: Bool) {
        let row = grid.height - 1
        let keys = keyHints(email, narrow: narrow)
        var left: StyledLine = [StyledRun(" " + connection + "  ", style: WidgetStyles.standard.statusBar)]
        if !email.message.isEmpty {
            left.append(StyledRun(email.message, style: TextStyle(foreground: .amberText, background: .paperDeep)))
        }
        // The footer shows the keys that fit, whole, after the left side; Ctrl-P lists them all.
        let room = grid.width - left.reduce(0) { $0 + DisplayWidth.of($1.text) } - 3
        StatusBar(left: left, right: [StyledRun(fitting(keys, width: room) + " ", style: WidgetStyles.standard.statusBar)],
                  keepsLastLeftRun: !email.message.isEmpty)
            .draw(in: &grid, row: row, width: grid.width, styles: WidgetStyles.standard)
    }
}

/// Review & Send: the exact message that was frozen and verified, then Approve once.
enum EmailSendSheet {
    /// The card's key line (none while the approval is sent); Ctrl-P lists the same.
    static func keyHints(_ sheet: SendSheet) -> String {
        if sheet.outcome != nil { return "Esc close" }
        if sheet.approving { return "Sending…" }
        if case .verified = sheet.stage { return "a Approve once   Esc cancel (nothing is sent)" }
        return "Esc close"
    }

    static func draw(_ sheet: SendSheet, in grid: inout ScreenGrid) {
        let width = min(grid.width - 4, 100), height = grid.height - 4
        let rect = GridRect(row: 2, column: (grid.width - width) / 2, width: width, height: height)
        let surface = TextStyle(foreground: .ink, background: .surface)
        let soft = TextStyle(foreground: .inkSoft, background: .surface)
        grid.fill(rect, style: surface)
        ReadingPage.drawSheetHeader("Review & Send", in: &grid, rect: rect,
                                    style: TextStyle(attributes: .bold, foreground: .ink, background: .surface))
        var lines: [(String, TextStyle)] = []
        switch sheet.stage {
        case .idle, .frozen:
            lines.append(("Saving the newest text, proposing it and verifying the approval…", soft))
        case .verified(let frozen, _, let report):
            lines.append(("The exact message the approval sends:", soft))
            lines.append(("To: " + frozen.content.to.joined(separator: ", "), surface))
            if !frozen.content.cc.isEmpty { lines.append(("Cc: " + frozen.content.cc.joined(separator: ", "), surface)) }
            if !frozen.content.bcc.isEmpty { lines.append(("Bcc: " + frozen.content.bcc.joined(separator: ", "), surface)) }
            lines.append(("Subject: " + frozen.content.subject, surface))
            lines.append((String(repeating: "─", count: width - 4), TextStyle(foreground: .hairline, background: .surface)))
            for line in TextFitting.wrap(frozen.content.body, width: width - 4) { lines.append((line, surface)) }
            lines.append((String(repeating: "─", count: width - 4), TextStyle(foreground: .hairline, background: .surface)))
            lines.append(("✓ " + report.description, TextStyle(foreground: .tealText, background: .surface)))
        case .refused(let refusal):
            for line in TextFitting.wrap(refusal.description, width: width - 4) {
                lines.append((line, TextStyle(attributes: .bold, foreground: .amberText, background: .surface)))
            }
        case .done:
            break
        }
        if let outcome = sheet.outcome {
            let style = outcome == .sent ? TextStyle(attributes: .bold, foreground: .tealText, background: .surface)
                : TextStyle(attributes: .bold, foreground: .amberText, background: .surface)
            for line in TextFitting.wrap(outcome.description, width: width - 4) { lines.append((line, style)) }
        }
        let body = lines.prefix(max(height - 3, 0))
        for (offset, line) in body.enumerated() {
            grid.put(line.0, row: rect.row + 2 + offset, column: rect.column + 2, style: line.1, limit: rect.right - 2)
        }
        grid.put(keyHints(sheet), row: rect.bottom - 1, column: rect.column + 2,
                 style: TextStyle(attributes: .bold, foreground: .tealText, background: .surface), limit: rect.right - 2)
    }
}
