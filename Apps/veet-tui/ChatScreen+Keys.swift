import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTransport

/// Keys: overlays first, then keys that mean the same everywhere, then the focused part.
extension ChatScreen {
    func handle(_ event: InputEvent) {
        if case .resize = event { terminal.invalidate(); return }
        if noteFocus(event) { return }
        if state.dialog != nil { if case .key(let key) = event { handleDialog(key) }; return }
        if state.connections.form != nil { handleConnectionForm(event); return }  // sign in again, over everything
        if state.palette != nil { handlePalette(event); return }
        if case .key(let key) = event, key == .char("p", .control), state.help == nil, state.folders.form == nil,
           state.linePrompt == nil, let items = layerPaletteItems {
            state.palette = CommandPalette(items: items)
            return
        }
        if state.conversation.viewer != nil { if case .key(let key) = event { handleViewer(key) }; return }
        if state.conversation.reader != nil { handleReader(event); return }
        if var help = state.help {
            if case .key(let key) = event { state.help = help.handle(key) ? help : nil }
            return
        }
        if state.folders.form != nil { handleFolderForm(event); return }
        if state.conversation.runDetails != nil { if case .key(let key) = event { perform(state.conversation.runDetailsKey(key)) }; return }
        if state.taskPermissionChooser != nil { if case .key(let key) = event { handleTaskPermissionChooser(key) }; return }
        if state.folders.menu != nil { if case .key(let key) = event { handleMenu(key) }; return }
        if state.linePrompt != nil { handleLinePrompt(event); return }
        if state.mode == .email { handleEmail(event); return }
        if state.connections.menu != nil { if case .key(let key) = event { handleConnectionsMenu(key) }; return }  // F9, over Settings too
        if state.featureScreen != nil { handleFeatureScreen(event); return }
        if handleSettingsKeys(event) { return }  // F8 Settings, F9 connections (ChatScreen+Settings.swift)
        if case .paste(let text) = event {
            if state.focus == .search {
                _ = state.search.handle(.paste(text.replacingOccurrences(of: "\n", with: " ")), policy: .chat)
                searchChanged()
            } else if state.conversation.page == nil {
                state.focus = .composer
                _ = state.conversation.composer.handle(.paste(text), policy: .chat)
            }
            return
        }
        if case .mouse(let mouse) = event {
            if mouse.kind == .scrollUp { state.conversation.transcriptScroll.scroll(by: -3) }
            if mouse.kind == .scrollDown { state.conversation.transcriptScroll.scroll(by: 3) }
            return
        }
        guard case .key(let key) = event else { return }
        if handleGlobal(key) { return }
        switch state.focus {
        case .search: handleSearch(key)
        case .sidebar: handleSidebar(key)
        case .transcript: handleTranscript(key)
        case .approval: handleApproval(key)
        case .composer: handleComposer(key)
        case .tray: perform(state.conversation.trayKey(key))
        case .queue: perform(state.conversation.queueKey(key))
        }
    }

    /// Keys that mean the same wherever the focus is.
    private func handleGlobal(_ key: KeyPress) -> Bool {
        guard let action = GlobalAction(key) else { return false }
        switch action {
        case .stopOrQuit:
            if let runID = state.conversation.runToStop {
                backend.cancel(runID: runID)
                state.notice = "Stopping the run..."
            } else {
                state.dialog = ScreenDialog(purpose: .quit, dialog: .confirm(
                    title: "Quit veet?", message: "Nothing is running. Leave the chat?", confirmTitle: "Quit"))
            }
        case .quit: state.shouldQuit = true
        case .newConversation: openConversation(nil)
        case .search:
            state.focus = .search
            if terminal.width < ScreenPainter.narrowWidth { state.sidebarOverlayOpen = true }
        case .stopTaskPermission: stopTaskPermission()
        case .attach: state.linePrompt = LinePrompt(purpose: .attach, label: "Attach file:")
        case .toggleChats:
            state.sidebarOverlayOpen.toggle()
            state.focus = state.sidebarOverlayOpen ? .sidebar : .composer
        case .help: state.help = Self.help
        case .palette: state.palette = CommandPalette(help: Self.help)
        case .website: openWebsiteScreen()
        case .schedules: openSchedules()
        case .outbox: openOutboxScreen()
        case .calls: openCalls()
        case .surfaces: openSurfaces()
        case .devices: openDevices()
        case .memory: openMemory()
        case .people: openPeople()
        case .email: toggleEmailMode()
        case .settings: openSettings()  // reached only from the palette's list; F8 is caught before (handleSettingsKeys)
        case .connections: openConnectionsMenu()
        case .cycleFocus(let backwards): cycleFocus(backwards: backwards)
        case .escape: handleEscape()
        case .pageUp: state.conversation.transcriptScroll.pageUp()
        case .pageDown: state.conversation.transcriptScroll.pageDown()
        case .helpUnlessTyping:
            guard state.focus != .composer && state.focus != .search || state.focus == .composer && state.conversation.composer.isEmpty
            else { return false }
            state.help = Self.help
        }
        return true
    }

    /// The palette, over the chat or a screen: typing filters, Enter closes it and sends the chosen key
    /// through `handle(_:)` as if it had been pressed.
    private func handlePalette(_ event: InputEvent) {
        guard var palette = state.palette, case .key(let key) = event else { return }
        switch palette.handle(key) {
        case .run(let press):
            state.palette = nil
            handle(.key(press))
        case .dismissed: state.palette = nil
        case .changed, .ignored: state.palette = palette
        }
    }

    private func handleEscape() {
        if state.conversation.approval?.taskPermission.isConfirming == true {
            state.conversation.approval?.taskPermission.withdraw()
        } else if state.focus == .search || !state.search.isEmpty && state.focus == .sidebar {
            state.sidebarOverlayOpen = false
            state.search = TextInput()
            state.searchOutcome = nil
            state.focus = .composer
        } else if state.sidebarOverlayOpen {
            state.sidebarOverlayOpen = false
            state.focus = .composer
        } else if let step = state.conversation.escape(focused: ConversationFocus(state.focus)) {
            perform(step)
        } else if !state.search.isEmpty {
            state.search = TextInput()
            state.searchOutcome = nil
        } else {
            state.notice = ""
        }
    }

    private func cycleFocus(backwards: Bool) {
        var order: [Focus] = [.search, .sidebar, .transcript, .composer]
        if state.conversation.approval != nil { order.insert(.approval, at: 3) }
        if !state.conversation.queue.isEmpty { order.insert(.queue, at: order.count - 1) }
        if !state.conversation.attachments.isEmpty { order.insert(.tray, at: order.count - 1) }
        let index = order.firstIndex(of: state.focus) ?? 0
        state.focus = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
        if state.focus == .transcript && state.conversation.transcriptView.selectedRow == nil { moveTranscriptCursor(by: Int.max / 2) }
        if state.focus == .tray { state.focus = Focus(state.conversation.enterTray(at: backwards ? .last : .first)) }
        if state.focus == .queue { state.focus = Focus(state.conversation.enterQueue()) }
        if ScreenPainter.narrowWidth > terminal.width {
            state.sidebarOverlayOpen = state.focus == .sidebar || state.focus == .search
        }
    }

    // MARK: Composer (approval keys: ChatScreen+Website.swift)

    private func handleComposer(_ key: KeyPress) {
        if let page = state.conversation.page {  // no composer on the page: only Enter, to try again
            if key == KeyPress(.enter), page.retries { openConversation(state.conversation.sessionID) }
            return
        }
        // Up in an empty composer walks into the attached files, the queue, then the transcript, from its last row.
        if key == KeyPress(.up), let moved = state.conversation.composerUp() {
            state.focus = Focus(moved)
            return
        }
        switch state.conversation.composer.handle(.key(key), policy: .chat) {
        case .submit: perform(state.conversation.submitComposer())
        case .edited, .moved, .ignored: break
        }
    }
}
