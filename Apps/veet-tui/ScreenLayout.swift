import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetFoldersScreens
import VeetTerminal
import VeetStore
import VeetWebsiteAccessScreens

/// Where each part of the conversation screen goes at a size: computed from
/// the state alone, so laying out (`ScreenLayout.settle`) and painting
/// (`ScreenPainter.paint`) agree on every rectangle.
struct ScreenFrame {
    /// Below this width the sidebar slides over the conversation instead of squeezing it.
    static let narrowWidth = 90

    let width: Int
    let height: Int
    let narrow: Bool
    let statusRow: Int
    let paneLeft: Int
    let paneWidth: Int
    let composer: GridRect
    let separatorRow: Int
    /// The attachment tray's rows (its keys, then up to three files), from `trayTop` down.
    let trayTop: Int
    let trayCount: Int
    /// The queued messages' rows (their keys, then up to three), from `queueTop` down, above the tray.
    let queueTop: Int
    let queueCount: Int
    /// The task permission line, when the open conversation has one.
    let permission: (row: Int, text: String)?
    let dock: GridRect?
    let transcript: GridRect
    /// The sidebar's width when it slides over a narrow screen.
    let overlayWidth: Int
    /// The store banner's lines, on the pane's first rows above the transcript.
    let bannerLines: [String]

    init(_ state: ScreenState, width: Int, height: Int, now: Date) {
        self.width = width
        self.height = height
        narrow = width < Self.narrowWidth
        statusRow = height - 1
        paneLeft = narrow ? 0 : Sidebar.width + 1
        paneWidth = width - paneLeft
        overlayWidth = min(Sidebar.width, width - 4)

        // Bottom up: composer, its separator (or the question it answers), attachments, the approval dock, the transcript.
        let composerHeight = min(max(state.conversation.composer.lineCount(width: max(paneWidth - 4, 1)), 1), 6)
        composer = GridRect(row: statusRow - composerHeight, column: paneLeft + 2, width: paneWidth - 2, height: composerHeight)
        separatorRow = composer.row - 1
        var transcriptBottom = separatorRow
        trayCount = state.trayView.height(width: paneWidth)
        if trayCount > 0 { transcriptBottom = max(transcriptBottom - trayCount, 1) }
        trayTop = transcriptBottom
        queueCount = state.queuedView.height
        if queueCount > 0 { transcriptBottom = max(transcriptBottom - queueCount, 1) }
        queueTop = transcriptBottom
        if let line = TaskPermissionsRow.text(grants: state.taskGrants, sessionID: state.conversation.sessionID, now: now) {
            transcriptBottom = max(transcriptBottom - 1, 1)
            permission = (transcriptBottom, line.line)
        } else {
            permission = nil
        }
        if let approval = state.conversation.approval {
            let dockBottom = transcriptBottom
            // The dock may take all but a few transcript rows; beyond that its arguments scroll.
            let height = ApprovalDock.height(approval, width: paneWidth - 2, limit: transcriptBottom - 3)
            transcriptBottom = max(transcriptBottom - height, 1)
            dock = GridRect(row: transcriptBottom, column: paneLeft + 1, width: paneWidth - 2,
                            height: dockBottom - transcriptBottom)
        } else {
            dock = nil
        }
        let bannerWidth = paneWidth - 2
        bannerLines = state.storeBanner.map { StoreBanner.lines($0, width: bannerWidth) } ?? []
        let top = min(bannerLines.count, max(transcriptBottom - 1, 0))
        transcript = GridRect(row: top, column: paneLeft, width: paneWidth, height: max(transcriptBottom - top, 0))
    }

    /// The sidebar's search field and list at `width` columns.
    static func searchField(width: Int) -> GridRect { GridRect(row: 0, column: 3, width: width - 3, height: 1) }

    func sidebarList(width: Int) -> GridRect { GridRect(row: 1, column: 0, width: width, height: statusRow - 1) }

    /// A one-line prompt's input, after its label on `row`.
    static func linePromptInput(_ prompt: LinePrompt, row: Int, width: Int) -> GridRect {
        let column = min(DisplayWidth.of(linePromptLabel(prompt)), width)
        return GridRect(row: row, column: column, width: max(width - column, 1), height: 1)
    }

    static func linePromptLabel(_ prompt: LinePrompt) -> String { " " + prompt.label + " " }
}

/// The state update before each paint: everything the painter would
/// otherwise change while drawing happens here, once, for the size about to
/// be painted. The sidebar's sections are rebuilt when what they show changed;
/// the transcript's rows come from the row cache, its scroll view re-measures
/// from the first changed row and reveals a search hit or the cursor's row;
/// and each widget's scroll (sidebar list, text fields, help) is brought to
/// what this frame shows. After it, `ScreenPainter.paint` changes nothing.
enum ScreenLayout {
    static func settle(_ state: inout ScreenState, width: Int, height: Int, now: Date) {
        guard width >= 20, height >= 8, state.conversation.viewer == nil, state.mode == .chat else { return }
        guard state.featureScreen == nil else { return }
        state.settleTitle()
        let frame = ScreenFrame(state, width: width, height: height, now: now)
        if !frame.narrow { settleSidebar(&state, frame: frame, width: Sidebar.width, now: now) }
        state.conversation.settleTranscript(rect: frame.transcript, focused: state.focus == .transcript)
        if let dock = frame.dock, let docked = state.conversation.approval {
            state.conversation.approval?.argumentScroll = ApprovalDock.clampedScroll(docked, rect: dock)
        }
        var nowhere = Self.nowhere
        state.conversation.composer.draw(in: &nowhere, rect: frame.composer)
        if frame.narrow && state.sidebarOverlayOpen { settleSidebar(&state, frame: frame, width: frame.overlayWidth, now: now) }
        if state.linePrompt != nil { settleLinePrompt(&state, row: frame.statusRow, width: width) }
        state.help?.draw(in: &nowhere, area: GridRect(row: 0, column: 0, width: width, height: height))
    }

    /// The kit's widgets settle their scroll as they draw; drawn into a grid
    /// of no cells, that is all they do.
    private static var nowhere: ScreenGrid { ScreenGrid(width: 0, height: 0) }

    private static func settleSidebar(_ state: inout ScreenState, frame: ScreenFrame, width: Int, now: Date) {
        var nowhere = Self.nowhere
        state.search.draw(in: &nowhere, rect: ScreenFrame.searchField(width: width))
        let sections = cachedSidebarSections(&state, now: now)
        let rect = frame.sidebarList(width: width)
        state.sidebar.draw(sections, in: &nowhere, rect: rect)
        // The list's cells, drawn again only when what they show changed (`SidebarPictureKey`).
        let key = SidebarPictureKey(state, rect: rect)
        guard state.sidebarPicture?.key != key else { return }
        var picture = ScreenGrid(width: rect.right, height: rect.bottom)
        var list = state.sidebar
        list.draw(sections, in: &picture, rect: rect, styles: ScreenPainter.sidebarStyles(focused: state.focus == .sidebar))
        state.sidebarPicture = (key, picture)
    }

    private static func settleLinePrompt(_ state: inout ScreenState, row: Int, width: Int) {
        guard var prompt = state.linePrompt else { return }
        var nowhere = Self.nowhere
        prompt.input.draw(in: &nowhere, rect: ScreenFrame.linePromptInput(prompt, row: row, width: width))
        state.linePrompt = prompt
    }

    // MARK: The sidebar's sections

    static func sidebarSections(_ state: inout ScreenState, now: Date) -> [ListSection] {
        let waiting = NeedsYou.sessions(in: state.sessions, pendingApprovals: state.pendingApprovals,
                                        questions: state.questionWaits)
        let search = searchShown(state)
        // While searching the hits replace the folders' layout: it is not built.
        let placed = search == nil ? FolderSidebar.sections(state.sidebarEntries(), waiting: waiting,
                                                            proposalsNotice: state.folders.snapshot.proposalsNotice,
                                                            age: { Sidebar.age(of: $0, now: now) }) : []
        return Sidebar.sections(SidebarInput(sessions: state.sessions, waiting: waiting,
                                             needsYou: state.needsYou.ordered(NeedsYouGatherer.order),
                                             search: search, placed: placed), now: now)
    }

    static func searchShown(_ state: ScreenState) -> SearchOutcome? {
        let searching = !state.search.text.trimmingCharacters(in: .whitespaces).isEmpty
        return searching ? state.searchOutcome ?? .results([]) : nil
    }

    static func sidebarCacheKey(_ state: ScreenState, now: Date) -> SidebarCacheKey {
        SidebarCacheKey(sessionsVersion: state.sessionsVersion, foldersVersion: state.folders.version,
                        approvalsVersion: state.approvalsVersion, needsYouVersion: state.needsYouVersion,
                        questionWaits: state.questionWaits,
                        search: searchShown(state), second: Int(now.timeIntervalSince1970))
    }

    /// The sections, rebuilt only when what they show changed.
    static func cachedSidebarSections(_ state: inout ScreenState, now: Date) -> [ListSection] {
        let key = sidebarCacheKey(state, now: now)
        if let cache = state.sidebarCache, cache.key == key { return cache.sections }
        let sections = sidebarSections(&state, now: now)
        state.sidebarCache = (key, sections)
        return sections
    }
}
