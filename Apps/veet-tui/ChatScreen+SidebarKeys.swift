import Foundation
import VeetChat
import VeetCurses
import VeetTransport

/// Keys on the search field and the chats list, and the delete dialog they open.
extension ChatScreen {
    func handleSearch(_ key: KeyPress) {
        if key == KeyPress(.enter) || key == KeyPress(.down) {
            state.focus = .sidebar
            let rows = state.sidebar.rows(of: ScreenLayout.cachedSidebarSections(&state, now: Date()))
            state.sidebar.selection = rows.first { row in
                if case .item(let section, _) = row { return section == Sidebar.resultsID }
                return false
            } ?? rows.first
            return
        }
        switch state.search.handle(.key(key), policy: .chat) {
        case .edited: searchChanged()
        case .submit, .moved, .ignored: break
        }
    }

    /// Search as you type: every edit starts a query; the store's search drops superseded ones.
    func searchChanged() {
        let query = state.search.text
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            state.searchOutcome = nil
            return
        }
        searchTask = backend.search(query)
    }

    func handleSidebar(_ key: KeyPress) {
        let sections = ScreenLayout.cachedSidebarSections(&state, now: Date())
        // A row that left the list (moved, filed, deleted) passes the selection to the first row;
        // the key only shows where the selection went.
        if let selection = state.sidebar.selection, !state.sidebar.rows(of: sections).contains(selection) {
            state.sidebar.selection = state.sidebar.rows(of: sections).first
            return
        }
        if case .item(_, let itemID)? = state.sidebar.selection {
            let target = SidebarTarget(itemID: itemID)
            if case .needsYou(let feature, let id)? = target, key == KeyPress(.enter) { openNeedsYou(feature: feature, id: id); return }
            if let target, handleFolderItem(key, target: target) { return }
            // A conversation row's session, wherever the folder model placed it (nil: New conversation).
            let sessionID: String? = if case .conversation(let id)? = target { id } else { nil }
            switch key {
            case KeyPress(.enter):
                guard target == nil || sessionID != nil else { return }
                openConversation(sessionID, at: Sidebar.hitSequence(ofItem: itemID))
                return
            case KeyPress(.delete), .char("x"):
                if let sessionID { confirmDelete(sessionID) }
                return
            default: break
            }
        }
        if key == KeyPress(.up), state.sidebar.selection == state.sidebar.rows(of: sections).first {
            state.focus = .search
            return
        }
        let collapsed = state.sidebar.collapsed
        _ = state.sidebar.handle(key, in: sections, pageSize: max(terminal.height - 3, 1))
        if state.sidebar.collapsed != collapsed {
            let value = state.sidebar.collapsed.sorted().joined(separator: ",")
            try? backend.store.preferences.set(value.isEmpty ? nil : value, for: Sidebar.collapsedPreference)
        }
    }

    func confirmDelete(_ sessionID: String) {
        let title = state.sessions.first { $0.id == sessionID }.map(Sidebar.title(of:)) ?? "this conversation"
        state.dialog = ScreenDialog(purpose: .delete(sessionID: sessionID), dialog: .confirm(
            title: "Delete “\(title)”?",
            message: "It is deleted on the server and on this device. This cannot be undone.",
            confirmTitle: "Delete Everywhere", isDestructive: true))
    }

    func handleDialog(_ key: KeyPress) {
        guard var screenDialog = state.dialog else { return }
        switch screenDialog.dialog.handle(key) {
        case .chose(1):
            state.dialog = nil
            switch screenDialog.purpose {
            case .quit: state.shouldQuit = true
            case .delete(let sessionID):
                state.notice = "Deleting..."
                _ = backend.delete(sessionID: sessionID)
            case .deleteFolder(let folderID):
                deleteFolder(folderID)
            }
        case .chose, .dismissed: state.dialog = nil
        case .moved, .ignored: state.dialog = screenDialog
        }
    }
}

/// A modal dialog and what choosing its confirm button does.
struct ScreenDialog {
    enum Purpose: Sendable, Hashable {
        case quit
        case delete(sessionID: String)
        case deleteFolder(folderID: String)
    }

    var purpose: Purpose
    var dialog: Dialog
}
