import Foundation
import VeetCurses
import VeetFolders
import VeetStore

/// The folder rows' keys, the menu's and the form's, and the answers of the
/// work: pure updates of the sidebar's folder state. Enter opens a folder or
/// a Scheduled group, `s` switches solo mode, `r` / `x` rename / delete a
/// folder, `n` or "+ New folder" creates one, `a` / `d` / `r` accept, decline
/// or rename-and-accept a suggestion, `m` moves a conversation.
extension FolderSidebarState {
    /// A key on a row the folder model placed; `model` is the one the rows were drawn from.
    public mutating func press(_ key: KeyPress, on row: FolderRow, model: SidebarModel,
                               sessions: [CachedSession]) -> FolderStep {
        switch (row, key) {
        case (.folder(let id), KeyPress(.enter)), (.folder(let id), .char(" ")):
            expansion.toggleFolder(id)
            return FolderStep(savesExpansion: true)
        case (.folder, .char("s")):
            expansion.setSoloMode(!expansion.soloMode)
            return FolderStep(notice: expansion.soloMode ? "Solo mode: one folder open at a time" : "Solo mode off",
                              savesExpansion: true)
        case (.folder(let id), .char("r")):
            let name = model.folders.first { $0.id == id }?.folder.name ?? ""
            form = FolderForm(purpose: .rename(folderID: id), input: TextInput(text: name))
        case (.folder(let id), .char("x")), (.folder(let id), KeyPress(.delete)):
            let name = model.folders.first { $0.id == id }?.folder.name ?? "this folder"
            return FolderStep(confirmDelete: (id, .confirm(
                title: "Delete folder “\(name)”?", message: "Its conversations go back to History.",
                confirmTitle: "Delete Folder", isDestructive: true)))
        case (.scheduledGroup(let id), KeyPress(.enter)), (.scheduledGroup(let id), .char(" ")):
            expansion.toggleScheduleGroup(id)
            return FolderStep(savesExpansion: true)
        case (.newFolder, KeyPress(.enter)), (.folder, .char("n")):
            form = FolderForm(purpose: .create)
        case (.suggestion(let id), KeyPress(.enter)):
            if let suggestion = model.suggestions.first(where: { $0.id == id }) { menu = .suggestion(suggestion) }
        case (.suggestion(let id), .char("a")):
            return Self.accept(id, name: nil)
        case (.suggestion(let id), .char("d")):
            return FolderStep(effects: [.decline(proposalID: id)])
        case (.suggestion(let id), .char("r")):
            if model.suggestions.first(where: { $0.id == id })?.canRename == true {
                form = FolderForm(purpose: .acceptSuggestion(proposalID: id))
            }
        case (.conversation(let sessionID), .char("m")):
            guard let row = sessions.first(where: { $0.id == sessionID }) else { return FolderStep() }
            let targets = model.moveTargets(for: row)
            guard targets.isEmpty else {
                menu = .move(sessionID: sessionID, targets: targets)
                return FolderStep()
            }
            return FolderStep(notice: row.scheduleID != nil ? "Scheduled sessions stay out of folders"
                : model.showsFolderControls ? "No folder to move to yet (+ New folder)" : "")
        default:
            return .ignored
        }
        return FolderStep()
    }

    /// A key while the menu is open (Esc closes it).
    public mutating func pressMenu(_ key: KeyPress) -> FolderStep {
        guard var open = menu else { return .ignored }
        let outcome = open.menu.handle(key)
        guard case .chose(let index) = outcome else {
            menu = outcome == .dismissed ? nil : open
            return FolderStep()
        }
        menu = nil
        switch open.purpose {
        case .move(let sessionID, let targets):
            guard targets.indices.contains(index) else { return FolderStep() }
            return FolderStep(effects: [.move(sessionID: sessionID, to: targets[index])])
        case .suggestion(let proposalID, let canRename, _):
            switch (index, canRename) {
            case (0, _): return Self.accept(proposalID, name: nil)
            case (1, true):
                form = FolderForm(purpose: .acceptSuggestion(proposalID: proposalID))
                return FolderStep()
            default: return FolderStep(effects: [.decline(proposalID: proposalID)])
            }
        }
    }

    /// A key or a paste while the form is open: Esc closes it, Enter saves (a paste is one line).
    public mutating func handleForm(_ event: InputEvent) -> FolderStep {
        guard var open = form, !open.isSaving else { return FolderStep() }
        if case .key(let key) = event, key == KeyPress(.escape) {
            form = nil
            return FolderStep()
        }
        let flattened: InputEvent
        if case .paste(let text) = event { flattened = .paste(text.replacingOccurrences(of: "\n", with: " ")) } else { flattened = event }
        guard open.input.handle(flattened, policy: .chat) == .submit else {
            form = open
            return FolderStep()
        }
        let name = open.input.text
        open.error = nil
        open.isSaving = true
        form = open
        switch open.purpose {
        case .create: return FolderStep(effects: [.create(name: name)])
        case .rename(let folderID): return FolderStep(effects: [.rename(folderID: folderID, name: name)])
        case .acceptSuggestion(let proposalID):
            form = nil
            return Self.accept(proposalID, name: name)
        }
    }

    /// An answer of `FolderWork`; returns the status line's new text (nil: leave it).
    public mutating func apply(_ result: FolderResult) -> String? {
        switch result {
        case .notice(let text):
            return text
        case .saved(let notice):
            form = nil
            return notice
        case .refused(let message):
            form?.error = message
            form?.isSaving = false
            return nil
        }
    }

    private static func accept(_ proposalID: String, name: String?) -> FolderStep {
        FolderStep(effects: [.accept(proposalID: proposalID, name: name)], notice: "Accepting...")
    }
}
