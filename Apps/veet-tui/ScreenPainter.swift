import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetFoldersScreens
import VeetStore
import VeetSubscriptionsScreens
import VeetTokens
import VeetWebsiteAccessScreens

/// Draws the whole screen from the state: sidebar (docked when wide, an
/// overlay when narrow), transcript, docked approval or question, composer,
/// status bar, then any overlay. A pure function of a state settled for the
/// size (`ScreenLayout.settle`): it changes no scroll offset and no cache, so
/// the same state always gives the same grid (a golden screen needs no terminal).
enum ScreenPainter {
    static let narrowWidth = ScreenFrame.narrowWidth
    static let styles = WidgetStyles.standard

    /// The loop's one call per frame: settle the state for this size, then paint it.
    static func frame(_ state: inout ScreenState, width: Int, height: Int, now: Date) -> ScreenGrid {
        ScreenLayout.settle(&state, width: width, height: height, now: now)
        return paint(state, width: width, height: height, now: now)
    }

    static func paint(_ state: ScreenState, width: Int, height: Int, now: Date) -> ScreenGrid {
        var grid = ScreenGrid(width: width, height: height, fill: TranscriptStyles.page)
        guard width >= 20, height >= 8 else {
            _ = grid.put("Terminal too small", row: 0, column: 0)
            return grid
        }
        if let form = state.connections.form {  // sign in again, add a connection: over everything
            form.drawPage(in: &grid, styles: styles)
            return grid
        }
        if let viewer = state.conversation.viewer {
            ViewerPainter.draw(viewer, in: &grid)
            state.palette?.draw(in: &grid, area: grid.bounds, styles: styles)
            return grid
        }
        if let reader = state.conversation.reader {
            reader.draw(in: &grid)
            state.palette?.draw(in: &grid, area: grid.bounds, styles: styles)
            return grid
        }
        if state.mode == .email, let email = state.email {
            (email.subscriptions ?? email.screen).paint(in: &grid, now: now)
            if email.subscriptions == nil { email.unsubscribe?.draw(in: &grid) }
            drawOverlays(state, in: &grid)
            return grid
        }
        if let screen = state.featureScreen {
            grid.cursor = nil  // a screen's focused field (a form over it) sets its own caret
            screen.paint(in: &grid, now: now)
            state.connections.menu?.draw(in: &grid)  // F9 over Settings
            state.palette?.draw(in: &grid, area: grid.bounds, styles: styles)
            return grid
        }
        let frame = ScreenFrame(state, width: width, height: height, now: now)
        let paneLeft = frame.paneLeft, paneWidth = frame.paneWidth

        if !frame.narrow { drawSidebar(state, in: &grid, frame: frame, width: Sidebar.width) }

        state.trayView.draw(in: &grid, rect: GridRect(row: frame.trayTop, column: paneLeft, width: paneWidth,
                                                              height: frame.trayCount))
        state.queuedView.draw(in: &grid, rect: GridRect(row: frame.queueTop, column: paneLeft, width: paneWidth,
                                                              height: frame.queueCount))
        if let permission = frame.permission {
            _ = grid.put(permission.text, row: permission.row, column: paneLeft,
                         style: TextStyle(attributes: .bold, foreground: .tealText, background: .paper), limit: paneLeft + paneWidth)
        }
        if let approval = state.conversation.approval, let dock = frame.dock {
            ApprovalDock.draw(approval, in: &grid, rect: dock, focused: state.focus == .approval)
            if state.focus == .approval {  // the focused pane's border in teal
                for edge in [GridRect(row: dock.row, column: dock.column, width: dock.width, height: 1),
                             GridRect(row: dock.bottom - 1, column: dock.column, width: dock.width, height: 1),
                             GridRect(row: dock.row, column: dock.column, width: 1, height: dock.height),
                             GridRect(row: dock.row, column: dock.right - 1, width: 1, height: dock.height)] {
                    grid.restyle(edge) { $0.foreground = .teal }
                }
            }
        }

        state.conversation.drawTranscript(in: &grid, rect: frame.transcript, focused: state.focus == .transcript)
        StoreBanner.draw(frame.bannerLines, in: &grid, row: 0, column: paneLeft, width: paneWidth, rows: frame.transcript.row)
        state.conversation.drawSeparator(in: &grid, row: frame.separatorRow, column: paneLeft, width: paneWidth,
                                         transcriptFocused: state.focus == .transcript)
        state.conversation.drawComposer(in: &grid, rect: frame.composer, focused: state.focus == .composer, styles: styles)
        // No transcript to show and nothing to type: the page says why, over both.
        state.conversation.page?.draw(in: &grid, rect: GridRect(row: 0, column: paneLeft, width: paneWidth, height: frame.statusRow), now: now,
                         age: Sidebar.relativeAge(from:to:))

        if frame.narrow && state.sidebarOverlayOpen {
            drawSidebar(state, in: &grid, frame: frame, width: frame.overlayWidth)
        }
        if state.focus != .composer && state.focus != .search { grid.cursor = nil }
        if frame.narrow && !state.sidebarOverlayOpen && state.focus == .search { grid.cursor = nil }

        if let prompt = state.linePrompt {
            drawLinePrompt(prompt, in: &grid, row: frame.statusRow, width: width)
        } else {
            drawStatusBar(state, in: &grid, row: frame.statusRow, width: width, narrow: frame.narrow)
        }
        drawOverlays(state, in: &grid)
        state.folders.draw(in: &grid, styles: styles)  // the folder menu or name form (VeetFoldersScreens)
        state.connections.menu?.draw(in: &grid)
        return grid
    }

    /// The cell that shows which pane has the focus (teal when it has): the chats' divider, the line
    /// above the composer (the transcript's), the composer's prompt, the approval dock's corner.
    static func focusMarker(_ focus: Focus, frame: ScreenFrame) -> GridPoint? {
        switch focus {
        case .search, .sidebar: frame.narrow ? nil : GridPoint(row: 1, column: Sidebar.width)
        case .transcript: GridPoint(row: frame.separatorRow, column: frame.paneLeft)
        case .composer: GridPoint(row: frame.composer.row, column: frame.paneLeft)
        case .approval: frame.dock.map { GridPoint(row: $0.row, column: $0.column) }
        case .tray: frame.trayCount > 0 ? GridPoint(row: frame.trayTop, column: frame.paneLeft) : nil
        case .queue: frame.queueCount > 0 ? GridPoint(row: frame.queueTop, column: frame.paneLeft) : nil
        }
    }

    /// The help, the command palette and a dialog, over either mode.
    private static func drawOverlays(_ state: ScreenState, in grid: inout ScreenGrid) {
        if let details = state.conversation.runDetails {
            details.draw(in: &grid)
            grid.cursor = nil
        }
        if let chooser = state.taskPermissionChooser {
            chooser.draw(in: &grid)
            grid.cursor = nil
        }
        if var help = state.help {
            _ = help.draw(in: &grid, area: grid.bounds, styles: styles)
            grid.cursor = nil
        }
        state.palette?.draw(in: &grid, area: grid.bounds, styles: styles)  // leaves the cursor in its query
        if let dialog = state.dialog {
            _ = dialog.dialog.draw(in: &grid, area: grid.bounds, styles: styles)
            grid.cursor = nil
        }
    }

    /// The search field on the first row, the sections below (as settled), a hairline on the right.
    private static func drawSidebar(_ state: ScreenState, in grid: inout ScreenGrid, frame: ScreenFrame, width: Int) {
        grid.fill(GridRect(row: 0, column: 0, width: width, height: 1), style: styles.sidebar)
        _ = grid.put(" ⌕ ", row: 0, column: 0, style: TextStyle(foreground: .inkFaint, background: .field))
        var search = state.search
        search.draw(in: &grid, rect: ScreenFrame.searchField(width: width),
                    placeholder: "Search (Ctrl-F)", focused: state.focus == .search, styles: styles)
        let rect = frame.sidebarList(width: width)
        // The list as settled for this frame, when nothing it shows changed since (a frame while an answer streams).
        if let picture = state.sidebarPicture, picture.key == SidebarPictureKey(state, rect: rect) {
            grid.copy(rect, from: picture.grid)
        } else {
            var list = state.sidebar
            list.draw(state.sidebarCache?.sections ?? [], in: &grid, rect: rect,
                      styles: sidebarStyles(focused: state.focus == .sidebar))
        }
        let focused = state.focus == .sidebar || state.focus == .search
        let hairline = TextStyle(foreground: focused ? .teal : .hairline, background: .paper)  // the focused pane's divider
        for row in 0..<frame.statusRow { _ = grid.put("│", row: row, column: width, style: hairline) }
    }

    static func sidebarStyles(focused: Bool) -> WidgetStyles {
        var styles = WidgetStyles.standard
        if !focused { styles.selectedRow = TextStyle(foreground: .ink, background: .hairline, substitute: .underline) }
        return styles
    }

    private static func drawLinePrompt(_ prompt: LinePrompt, in grid: inout ScreenGrid, row: Int, width: Int) {
        _ = grid.put(ScreenFrame.linePromptLabel(prompt), row: row, column: 0,
                     style: TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep))
        var input = prompt.input
        input.draw(in: &grid, rect: ScreenFrame.linePromptInput(prompt, row: row, width: width),
                   placeholder: "Enter: OK   Esc: cancel", focused: true, styles: styles)
    }

    private static func drawStatusBar(_ state: ScreenState, in grid: inout ScreenGrid, row: Int, width: Int, narrow: Bool) {
        var left: StyledLine = [StyledRun(" " + state.connectionLabel + "  ", style: styles.statusBar),
                                StyledRun(state.title, style: TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep))]
        // A notice (a send's, say) wins over the standing "offline" status, which returns after it;
        // while searching, what search cannot see yet stands there when nothing else does.
        let standing = state.refreshProblem ?? (ScreenLayout.searchShown(state) == nil ? nil : state.searchCoverage.line)
        if let notice = state.notice.isEmpty ? standing : state.notice {
            left.append(StyledRun("  " + notice, style: TextStyle(foreground: .amberText, background: .paperDeep)))
        }
        let stop = state.conversation.isRunActive ? "Ctrl-C stop" : "Ctrl-C quit"
        let sidebarKey = narrow ? "  Ctrl-O chats" : ""
        let right: StyledLine = [StyledRun("F1/? help  Tab focus\(sidebarKey)  \(stop) ", style: styles.statusBar)]
        StatusBar(left: left, right: right, keepsLastLeftRun: !state.notice.isEmpty || standing != nil)
            .draw(in: &grid, row: row, width: width, styles: styles)
    }
}
