import Foundation
import VeetChat
import VeetCurses
import VeetStore
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
        if let viewer = state.viewer {
            ViewerPainter.draw(viewer, in: &grid)
            return grid
        }
        if let website = state.websiteScreen {
            website.draw(in: &grid)
            grid.cursor = nil
            if var prompt = state.linePrompt {
                drawLinePrompt(&prompt, in: &grid, row: height - 1, width: width)
                state.linePrompt = prompt
            }
            return grid
        }
        if let schedules = state.schedulesScreen {
            schedules.draw(in: &grid, now: now)
            grid.cursor = nil
            return grid
        }
        let narrow = width < narrowWidth
        let statusRow = height - 1
        let paneLeft = narrow ? 0 : Sidebar.width + 1
        let paneWidth = width - paneLeft

        if !narrow { drawSidebar(&state, in: &grid, width: Sidebar.width, height: statusRow, now: now) }

        // Bottom up: composer, its separator (or the question it answers), attachments, the approval dock, the transcript.
        let composerHeight = min(max(state.composer.lineCount(width: max(paneWidth - 4, 1)), 1), 6)
        let composerTop = statusRow - composerHeight
        let separatorRow = composerTop - 1
        var transcriptBottom = separatorRow
        if !state.attachments.isEmpty {
            let trayHeight = min(state.attachments.count, 3)
            transcriptBottom = max(transcriptBottom - trayHeight, 1)
            for (index, attachment) in state.attachments.suffix(trayHeight).enumerated() {
                let text = "  📎 \(attachment.filename)  \(ByteCountFormatter.string(fromByteCount: Int64(attachment.size), countStyle: .file))  \(attachment.state.label)"
                _ = grid.put(text, row: transcriptBottom + index, column: paneLeft, style: TranscriptStyles.tool,
                             limit: paneLeft + paneWidth)
            }
        }
        if let permission = TaskPermissionLine.text(grants: state.taskGrants, sessionID: state.sessionID, now: now) {
            transcriptBottom = max(transcriptBottom - 1, 1)
            _ = grid.put(permission.line, row: transcriptBottom, column: paneLeft,
                         style: TextStyle(attributes: .bold, foreground: .tealText, background: .paper), limit: paneLeft + paneWidth)
        }
        if let approval = state.approval {
            let dockBottom = transcriptBottom
            transcriptBottom = max(transcriptBottom - ApprovalDock.height(approval), 1)
            ApprovalDock.draw(approval, in: &grid, rect: GridRect(row: transcriptBottom, column: paneLeft + 1,
                                                                  width: paneWidth - 2, height: dockBottom - transcriptBottom),
                              focused: state.focus == .approval)
        }

        drawTranscript(&state, in: &grid, rect: GridRect(row: 0, column: paneLeft, width: paneWidth,
                                                         height: max(transcriptBottom, 0)))
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
            drawSidebar(&state, in: &grid, width: overlayWidth, height: statusRow, now: now)
        }
        if state.focus != .composer && state.focus != .search { grid.cursor = nil }
        if narrow && !state.sidebarOverlayOpen && state.focus == .search { grid.cursor = nil }

        if var prompt = state.linePrompt {
            drawLinePrompt(&prompt, in: &grid, row: statusRow, width: width)
            state.linePrompt = prompt
        } else {
            drawStatusBar(state, in: &grid, row: statusRow, width: width, narrow: narrow)
        }
        if var help = state.help {
            _ = help.draw(in: &grid, area: grid.bounds, styles: styles)
            state.help = help
            grid.cursor = nil
        }
        if let dialog = state.dialog {
            _ = dialog.dialog.draw(in: &grid, area: grid.bounds, styles: styles)
            grid.cursor = nil
        }
        if let menu = state.menu {
            let size = menu.menu.size
            menu.menu.draw(in: &grid, at: GridPoint(row: (height - size.height) / 2, column: (width - size.width) / 2),
                           area: grid.bounds, styles: styles)
            grid.cursor = nil
        }
        state.folderForm?.draw(in: &grid, styles: styles)
        return grid
    }

    static func sidebarSections(_ state: inout ScreenState, now: Date) -> [ListSection] {
        let placed = FolderSidebar.sections(state.sidebarEntries(), waiting: state.waitingSessionIDs, now: now)
        return Sidebar.sections(SidebarInput(sessions: state.sessions, waiting: state.waitingSessionIDs,
                                             search: searchShown(state), placed: placed), now: now)
    }

    private static func searchShown(_ state: ScreenState) -> SearchOutcome? {
        let searching = !state.search.text.trimmingCharacters(in: .whitespaces).isEmpty
        return searching ? state.searchOutcome ?? .results([]) : nil
    }

    /// The sections, rebuilt only when what they show changed.
    static func cachedSidebarSections(_ state: inout ScreenState, now: Date) -> [ListSection] {
        let key = SidebarCacheKey(sessionsVersion: state.sessionsVersion, foldersVersion: state.foldersVersion,
                                  waiting: state.waitingSessionIDs,
                                  search: searchShown(state), second: Int(now.timeIntervalSince1970))
        if let cache = state.sidebarCache, cache.key == key { return cache.sections }
        let sections = sidebarSections(&state, now: now)
        state.sidebarCache = (key, sections)
        return sections
    }

    /// The search field on the first row, the sections below, a hairline on the right.
    private static func drawSidebar(_ state: inout ScreenState, in grid: inout ScreenGrid, width: Int, height: Int, now: Date) {
        let field = GridRect(row: 0, column: 0, width: width, height: 1)
        grid.fill(field, style: styles.sidebar)
        _ = grid.put(" ⌕ ", row: 0, column: 0, style: TextStyle(foreground: .inkFaint, background: .field))
        state.search.draw(in: &grid, rect: GridRect(row: 0, column: 3, width: width - 3, height: 1),
                          placeholder: "Search (Ctrl-F)", focused: state.focus == .search, styles: styles)
        let sections = cachedSidebarSections(&state, now: now)
        state.sidebar.draw(sections, in: &grid,
                           rect: GridRect(row: 1, column: 0, width: width, height: height - 1),
                           styles: sidebarStyles(focused: state.focus == .sidebar))
        let hairline = TextStyle(foreground: .hairline, background: .paper)
        for row in 0..<height { _ = grid.put("│", row: row, column: width, style: hairline) }
    }

    private static func drawTranscript(_ state: inout ScreenState, in grid: inout ScreenGrid, rect: GridRect) {
        let prepared = state.rowCache.rows(for: state.transcript, width: rect.width, expanded: state.expandedBundleIDs)
        // Heights come from prepared rows, so re-measuring them all is cheap and never stale.
        if let changed = prepared.firstChanged { state.transcriptScroll.invalidate(fromRow: changed) }
        guard !prepared.rows.isEmpty else {
            grid.fill(rect, style: TranscriptStyles.page)
            let hint = state.sessionID == nil ? "Type a message and press Enter to start a conversation." : "Loading..."
            _ = grid.put(hint, row: rect.height / 2, column: rect.column + 2, style: TranscriptStyles.faint, limit: rect.right)
            return
        }
        var rows = prepared.rows
        let selected = state.focus == .transcript ? state.selectedRow.flatMap { key in
            prepared.targets.firstIndex { TranscriptCursor.key(of: $0) == key } } : nil
        if let selected, let first = rows[selected].first {
            rows[selected][0] = [StyledRun("▸ ", style: TranscriptStyles.cursor)] + TranscriptCursor.dropLeadingColumns(first, 2)
        }
        let provider = PreparedRows(rows: rows)
        if let sequence = state.revealSequence,
           let index = prepared.targets.firstIndex(where: { TranscriptCursor.sequence(of: $0) == sequence }) {
            state.transcriptScroll.measure(provider, width: rect.width)
            state.transcriptScroll.reveal(row: index)
            state.revealSequence = nil
        } else if let selected, state.revealSelection {
            state.transcriptScroll.measure(provider, width: rect.width)
            state.transcriptScroll.reveal(row: selected)
        }
        state.revealSelection = false
        state.rowTargets = prepared.targets
        state.transcriptScroll.draw(provider, in: &grid, rect: rect, background: TranscriptStyles.page)
    }

    private static func sidebarStyles(focused: Bool) -> WidgetStyles {
        var styles = WidgetStyles.standard
        if !focused { styles.selectedRow = TextStyle(foreground: .ink, background: .hairline, substitute: .underline) }
        return styles
    }

    private static func drawSeparator(_ state: ScreenState, in grid: inout ScreenGrid, row: Int, column: Int, width: Int) {
        guard row >= 0 else { return }
        grid.fill(GridRect(row: row, column: column, width: width, height: 1), style: TextStyle(foreground: .hairline, background: .paper))
        let text: String?
        if let docked = state.question {
            text = " Question: " + (docked.question.text ?? "the agent asks for your answer") + "  (Esc: not now)"
        } else if let queued = state.queuedMessage {
            text = " Queued, sends when the run ends: " + queued.replacingOccurrences(of: "\n", with: " ") + "  (Esc: cancel)"
        } else {
            text = nil
        }
        if let text {
            _ = grid.put(text, row: row, column: column, style: TranscriptStyles.attention, limit: column + width)
        } else {
            _ = grid.put(String(repeating: "─", count: width), row: row, column: column,
                         style: TextStyle(foreground: .hairline, background: .paper))
        }
    }

    private static func drawLinePrompt(_ prompt: inout LinePrompt, in grid: inout ScreenGrid, row: Int, width: Int) {
        let label = " " + prompt.label + " "
        let column = grid.put(label, row: row, column: 0, style: TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep))
        prompt.input.draw(in: &grid, rect: GridRect(row: row, column: column, width: max(width - column, 1), height: 1),
                          placeholder: "Enter: OK   Esc: cancel", focused: true, styles: styles)
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

/// The transcript cursor: which row is selected, by a key that survives new rows.
enum TranscriptCursor {
    static func key(of target: RowTarget) -> String {
        switch target {
        case .entry(let id): id
        case .artifact(let file): "artifact:" + file.artifactID
        case .status: "status"
        }
    }

    /// The durable sequence an entry id carries ("user:12", "assistant:14").
    static func sequence(of target: RowTarget) -> Int64? {
        guard case .entry(let id) = target, let colon = id.lastIndex(of: ":") else { return nil }
        return Int64(id[id.index(after: colon)...])
    }

    /// The line without its first `count` columns (the indent the cursor mark replaces).
    static func dropLeadingColumns(_ line: StyledLine, _ count: Int) -> StyledLine {
        guard var first = line.first, first.text.hasPrefix(String(repeating: " ", count: count)) else { return line }
        first.text = String(first.text.dropFirst(count))
        return [first] + line.dropFirst()
    }
}

/// An artifact's text, full screen, scrolled by the viewer's offset.
enum ViewerPainter {
    static func draw(_ viewer: ArtifactViewer, in grid: inout ScreenGrid) {
        let page = TextStyle(foreground: .ink, background: .paper)
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" " + viewer.title, row: 0, column: 0, style: header)
        for (index, line) in viewer.lines.dropFirst(viewer.offset).prefix(grid.height - 2).enumerated() {
            _ = grid.put(line, row: index + 1, column: 1, style: page, limit: grid.width - 1)
        }
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        _ = grid.put(" ↑↓ PgUp PgDn scroll   e export   Esc close", row: grid.height - 1, column: 0, style: footer)
    }
}
