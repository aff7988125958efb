import Foundation
import VeetCurses
import VeetFolders

/// Folder, suggestion and scheduled-group rows of the sidebar, the move menu
/// and the folder form. What each does is the folder feature's; this maps keys to it.
extension ChatScreen {
    func loadExpansion() {
        guard let saved = try? backend.store.preferences.value(for: FolderSidebar.expansionPreference),
              let expansion = try? JSONDecoder().decode(SidebarExpansion.self, from: Data(saved.utf8)) else { return }
        state.expansion = expansion
    }

    private func saveExpansion() {
        guard let data = try? JSONEncoder().encode(state.expansion) else { return }
        try? backend.store.preferences.set(String(decoding: data, as: UTF8.self), for: FolderSidebar.expansionPreference)
    }

    /// Keys on a sidebar item the folder model placed; true when used.
    func handleFolderItem(_ key: KeyPress, target: SidebarTarget) -> Bool {
        let model = state.sidebarModel()
        switch (target, key) {
        case (.folder(let id), KeyPress(.enter)), (.folder(let id), .char(" ")):
            state.expansion.toggleFolder(id)
            saveExpansion()
        case (.folder, .char("s")):
            state.expansion.setSoloMode(!state.expansion.soloMode)
            saveExpansion()
            state.notice = state.expansion.soloMode ? "Solo mode: one folder open at a time" : "Solo mode off"
        case (.folder(let id), .char("r")):
            let name = model.folders.first { $0.id == id }?.folder.name ?? ""
            state.folderForm = FolderForm(purpose: .rename(folderID: id), input: TextInput(text: name))
        case (.folder(let id), .char("x")), (.folder(let id), KeyPress(.delete)):
            let name = model.folders.first { $0.id == id }?.folder.name ?? "this folder"
            state.dialog = ScreenDialog(purpose: .deleteFolder(folderID: id), dialog: .confirm(
                title: "Delete folder “\(name)”?", message: "Its conversations go back to History.",
                confirmTitle: "Delete Folder", isDestructive: true))
        case (.scheduledGroup(let id), KeyPress(.enter)), (.scheduledGroup(let id), .char(" ")):
            state.expansion.toggleScheduleGroup(id)
            saveExpansion()
        case (.newFolder, KeyPress(.enter)), (.folder, .char("n")):
            state.folderForm = FolderForm(purpose: .create, input: TextInput())
        case (.suggestion(let id), KeyPress(.enter)):
            guard let suggestion = model.suggestions.first(where: { $0.id == id }) else { return true }
            state.menu = .suggestion(suggestion)
        case (.suggestion(let id), .char("a")):
            accept(proposalID: id, name: nil)
        case (.suggestion(let id), .char("d")):
            decline(proposalID: id)
        case (.suggestion(let id), .char("r")):
            guard model.suggestions.first(where: { $0.id == id })?.canRename == true else { return true }
            state.folderForm = FolderForm(purpose: .acceptSuggestion(proposalID: id), input: TextInput())
        case (.conversation(let sessionID), .char("m")):
            guard let row = state.sessions.first(where: { $0.id == sessionID }) else { return true }
            let targets = model.moveTargets(for: row)
            if targets.isEmpty {
                state.notice = row.scheduleID != nil ? "Scheduled sessions stay out of folders"
                    : model.showsFolderControls ? "No folder to move to yet (+ New folder)" : ""
            } else {
                state.menu = .move(sessionID: sessionID, targets: targets)
            }
        default:
            return false
        }
        return true
    }

    private func accept(proposalID: String, name: String?) {
        state.notice = "Accepting..."
        _ = backend.folderAction(done: "Suggestion accepted") { _ = try await $0.accept(proposalID: proposalID, name: name) }
    }

    private func decline(proposalID: String) {
        _ = backend.folderAction(done: "Suggestion declined") { _ = try await $0.decline(proposalID: proposalID) }
    }

    func deleteFolder(_ folderID: String) {
        _ = backend.folderAction(done: "Folder deleted; its conversations are back in History") {
            try await $0.delete(folderID: folderID)
        }
    }

    func handleMenu(_ key: KeyPress) {
        guard var screenMenu = state.menu else { return }
        let outcome = screenMenu.menu.handle(key)
        guard case .chose(let index) = outcome else {
            state.menu = outcome == .dismissed ? nil : screenMenu
            return
        }
        state.menu = nil
        switch screenMenu.purpose {
        case .move(let sessionID, let targets):
            guard targets.indices.contains(index) else { return }
            let folderID: String?
            let done: String
            switch targets[index] {
            case .folder(let id, let name): folderID = id; done = "Moved to " + name
            case .history: folderID = nil; done = "Moved back to History"
            }
            _ = backend.folderAction(done: done) { _ = try await $0.move(sessionID: sessionID, to: folderID) }
        case .suggestion(let proposalID, let canRename, _):
            switch (index, canRename) {
            case (0, _): accept(proposalID: proposalID, name: nil)
            case (1, true): state.folderForm = FolderForm(purpose: .acceptSuggestion(proposalID: proposalID), input: TextInput())
            default: decline(proposalID: proposalID)
            }
        }
    }

    func handleFolderForm(_ event: InputEvent) {
        guard var form = state.folderForm, !form.isSaving else { return }
        if case .key(let key) = event, key == KeyPress(.escape) {
            state.folderForm = nil
            return
        }
        let flattened: InputEvent
        if case .paste(let text) = event { flattened = .paste(text.replacingOccurrences(of: "\n", with: " ")) } else { flattened = event }
        guard form.input.handle(flattened, policy: .chat) == .submit else {
            state.folderForm = form
            return
        }
        let name = form.input.text
        form.error = nil
        form.isSaving = true
        state.folderForm = form
        switch form.purpose {
        case .create: _ = backend.saveFolder(name: name, renaming: nil)
        case .rename(let folderID): _ = backend.saveFolder(name: name, renaming: folderID)
        case .acceptSuggestion(let proposalID):
            state.folderForm = nil
            accept(proposalID: proposalID, name: name)
        }
    }

    func applyFolderForm(error: String?, notice: String?) {
        if let error {
            state.folderForm?.error = error
            state.folderForm?.isSaving = false
        } else {
            state.folderForm = nil
            state.notice = notice ?? ""
        }
    }
}
