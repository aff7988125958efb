import Foundation
import VeetChat
import VeetCurses
import VeetTokens

/// Draws the whole screen from the state: sidebar (docked when wide, an
/// overlay when narrow), transcript, docked approval or question, composer,
/// status bar, then any overlay. Pure apart from the widgets' scroll state.
enum ScreenPainter {
    /// Below this width the sidebar slides over the conversation instead of squeezing it.
    static let narrowWidth = 90
    static let styles = WidgetStyles.standard

    static func paint(_ state: inout ScreenState, width: Int, height: Int, now: Date) -> ScreenGrid {
        var grid = ScreenGrid(width: width, height: height, fill: TranscriptStyles.page)
        guard width >= 20, height >= 8 else {
            _ = grid.put("Terminal too small", row: 0, column: 0)
            return grid
        }
        let narrow = width < narrowWidth
        let sections = Sidebar.sections(sessions: state.sessions, waiting: state.waitingSessionIDs, now: now)
        let statusRow = height - 1
        let paneLeft = narrow ? 0 : Sidebar.width + 1
        let paneWidth = width - paneLeft

        if !narrow {
            state.sidebar.draw(sections, in: &grid, rect: GridRect(row: 0, column: 0, width: Sidebar.width, height: statusRow),
                               styles: sidebarStyles(focused: state.focus == .sidebar))
            for row in 0..<statusRow {
                _ = grid.put("│", row: row, column: Sidebar.width, style: TextStyle(foreground: .hairline, background: .paper))
            }
        }

        // Bottom up: composer, its separator (or the question it answers), the approval dock, the transcript.
        let composerHeight = min(max(state.composer.lineCount(width: max(paneWidth - 4, 1)), 1), 6)
        let composerTop = statusRow - composerHeight
        let separatorRow = composerTop - 1
        var transcriptBottom = separatorRow
        if let approval = state.approval {
            let dockHeight = 5
            transcriptBottom = max(separatorRow - dockHeight, 1)
            drawApproval(approval, in: &grid, rect: GridRect(row: transcriptBottom, column: paneLeft + 1,
                                                             width: paneWidth - 2, height: separatorRow - transcriptBottom),
                         focused: state.focus == .approval)
        }

        let transcriptRect = GridRect(row: 0, column: paneLeft, width: paneWidth, height: max(transcriptBottom, 0))
        let prepared = state.rowCache.rows(for: state.transcript, width: paneWidth)
        // Heights come from prepared rows, so re-measuring them all is cheap and never stale.
        if prepared.firstChanged != nil { state.transcriptScroll.invalidate(fromRow: 0) }
        if prepared.rows.isEmpty {
            grid.fill(transcriptRect, style: TranscriptStyles.page)
            let hint = state.sessionID == nil ? "Type a message and press Enter to start a conversation." : "Loading..."
            _ = grid.put(hint, row: transcriptRect.height / 2, column: paneLeft + 2, style: TranscriptStyles.faint,
                         limit: paneLeft + paneWidth)
        } else {
            state.transcriptScroll.draw(PreparedRows(rows: prepared.rows), in: &grid, rect: transcriptRect,
                                        background: TranscriptStyles.page)
        }

        drawSeparator(state, in: &grid, row: separatorRow, column: paneLeft, width: paneWidth)
        grid.fill(GridRect(row: composerTop, column: paneLeft, width: 2, height: composerHeight),
                  style: TextStyle(foreground: .teal, background: .field))
        _ = grid.put("› ", row: composerTop, column: paneLeft, style: TextStyle(attributes: .bold, foreground: .teal, background: .field))
        let placeholder = state.question != nil ? "Type your answer, Enter sends it" : "Message (Enter sends, Alt-Enter new line)"
        state.composer.draw(in: &grid, rect: GridRect(row: composerTop, column: paneLeft + 2, width: paneWidth - 2,
                                                      height: composerHeight),
                            placeholder: placeholder, focused: state.focus == .composer, styles: styles)

        if narrow && state.sidebarOverlayOpen {
            let overlayWidth = min(Sidebar.width, width - 4)
            state.sidebar.draw(sections, in: &grid, rect: GridRect(row: 0, column: 0, width: overlayWidth, height: statusRow),
                               styles: sidebarStyles(focused: state.focus == .sidebar))
            for row in 0..<statusRow {
                _ = grid.put("│", row: row, column: overlayWidth, style: TextStyle(foreground: .hairlineStrong, background: .paper))
            }
            if state.focus == .sidebar { grid.cursor = nil }
        }
        if state.focus != .composer { grid.cursor = nil }

        drawStatusBar(state, in: &grid, row: statusRow, width: width, narrow: narrow)
        if var help = state.help {
            _ = help.draw(in: &grid, area: grid.bounds, styles: styles)
            state.help = help
            grid.cursor = nil
        }
        if let dialog = state.quitConfirmation {
            _ = dialog.draw(in: &grid, area: grid.bounds, styles: styles)
            grid.cursor = nil
        }
        return grid
    }

    private static func sidebarStyles(focused: Bool) -> WidgetStyles {
        var styles = WidgetStyles.standard
        if !focused { styles.selectedRow = TextStyle(foreground: .ink, background: .hairline, substitute: .underline) }
        return styles
    }

    private static func drawSeparator(_ state: ScreenState, in grid: inout ScreenGrid, row: Int, column: Int, width: Int) {
        guard row >= 0 else { return }
        grid.fill(GridRect(row: row, column: column, width: width, height: 1), style: TextStyle(foreground: .hairline, background: .paper))
        if let docked = state.question {
            let text = " Question: " + (docked.question.text ?? "the agent asks for your answer") + "  (Esc: not now)"
            _ = grid.put(text, row: row, column: column, style: TranscriptStyles.attention, limit: column + width)
        } else {
            _ = grid.put(String(repeating: "─", count: width), row: row, column: column,
                         style: TextStyle(foreground: .hairline, background: .paper))
        }
    }

    private static func drawApproval(_ docked: DockedApproval, in grid: inout ScreenGrid, rect: GridRect, focused: Bool) {
        let fill = TextStyle(foreground: .ink, background: .amberWash)
        let inside = Box.draw(in: &grid, rect: rect, title: " Approval needed ", fill: fill,
                              border: TextStyle(foreground: .amberLine, background: .amberWash),
                              titleStyle: TextStyle(attributes: .bold, foreground: .amberText, background: .amberWash))
        guard inside.height > 0 else { return }
        let approval = docked.approval
        let risk = ToolRisk(approval.risk).map { "\($0)" } ?? approval.risk.rawValue.lowercased()
        var lines: [StyledLine] = [[
            StyledRun(approval.toolName ?? "tool", style: TextStyle(attributes: .bold, foreground: .ink, background: .amberWash)),
            StyledRun("  risk: " + risk, style: TextStyle(foreground: .amberText, background: .amberWash)),
        ]]
        for text in TextFitting.wrap(approval.actionSummary, width: inside.width).prefix(max(inside.height - 2, 1)) {
            lines.append([StyledRun(text, style: fill)])
        }
        let keyStyle = TextStyle(attributes: .bold, foreground: .tealText, background: .amberWash)
        lines.append([
            StyledRun("a", style: keyStyle), StyledRun(" approve once   ", style: fill),
            StyledRun("d", style: keyStyle), StyledRun(" deny   ", style: fill),
            StyledRun(focused ? "" : "(Tab to focus the approval)", style: TranscriptStyles.faint),
        ])
        for (index, line) in lines.prefix(inside.height).enumerated() {
            _ = grid.put(line, row: inside.row + index, column: inside.column, limit: inside.right)
        }
    }

    private static func drawStatusBar(_ state: ScreenState, in grid: inout ScreenGrid, row: Int, width: Int, narrow: Bool) {
        var left: StyledLine = [StyledRun(" " + state.connectionLabel + "  ", style: styles.statusBar),
                                StyledRun(state.title, style: TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep))]
        if !state.notice.isEmpty {
            left.append(StyledRun("  " + state.notice, style: TextStyle(foreground: .amberText, background: .paperDeep)))
        }
        let stop = state.isRunActive ? "Ctrl-C stop" : "Ctrl-C quit"
        let sidebarKey = narrow ? "  Ctrl-O chats" : ""
        let right: StyledLine = [StyledRun("F1/? help  Tab focus\(sidebarKey)  \(stop) ", style: styles.statusBar)]
        StatusBar(left: left, right: right).draw(in: &grid, row: row, width: width, styles: styles)
    }
}
