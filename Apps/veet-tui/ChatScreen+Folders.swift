import Foundation
import VeetCurses
import VeetFolders
import VeetFoldersScreens

/// The folder feature's face in the sidebar (VeetFoldersScreens): its rows'
/// keys, the menu and the form go to `state.folders`; what comes out is
/// followed here (status line, delete dialog, saved expansion, work).
extension ChatScreen {
    func loadExpansion() {
        if let saved = FolderSidebar.savedExpansion(in: backend.store.preferences) { state.folders.expansion = saved }
    }

    /// Keys on a sidebar item the folder model placed; true when used.
    func handleFolderItem(_ key: KeyPress, target: SidebarTarget) -> Bool {
        guard let row = target.folderRow else { return false }
        let model = state.sidebarModel()
        return follow(state.folders.press(key, on: row, model: model, sessions: state.sessions))
    }

    func handleMenu(_ key: KeyPress) { follow(state.folders.pressMenu(key)) }

    func handleFolderForm(_ event: InputEvent) { follow(state.folders.handleForm(event)) }

    /// The delete dialog was confirmed.
    func deleteFolder(_ folderID: String) { follow(FolderStep(effects: [.delete(folderID: folderID)])) }

    func apply(_ result: FolderResult) {
        if let notice = state.folders.apply(result) { state.notice = notice }
    }

    @discardableResult
    private func follow(_ step: FolderStep) -> Bool {
        if let notice = step.notice { state.notice = notice }
        if let ask = step.confirmDelete { state.dialog = ScreenDialog(purpose: .deleteFolder(folderID: ask.folderID), dialog: ask.dialog) }
        if step.savesExpansion { FolderSidebar.save(state.folders.expansion, in: backend.store.preferences) }
        for effect in step.effects { backend.runFolders(effect) }
        return step.handled
    }
}
