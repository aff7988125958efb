import VeetChatScreens
import VeetCurses

/// The viewer's keys (VeetChatScreens' ArtifactViewer decides; `e` asks where to export).
extension ChatScreen {
    func handleViewer(_ key: KeyPress) {
        guard var viewer = state.conversation.viewer else { return }
        switch viewer.handle(key, height: terminal.height) {
        case .stay: state.conversation.viewer = viewer
        case .close: state.conversation.viewer = nil
        case .export(let artifactID, let name):
            state.conversation.viewer = nil
            promptExport(artifactID, name: name)
        }
    }
}
