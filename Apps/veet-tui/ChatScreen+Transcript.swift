import Foundation
import VeetChatScreens
import VeetCurses

/// The transcript cursor (Tab to the transcript): its keys are OpenConversation's
/// (VeetChatScreens, OpenConversation+Transcript.swift); here the work they ask for.
extension ChatScreen {
    func handleTranscript(_ key: KeyPress) { perform(state.conversation.transcriptKey(key)) }

    /// Moves over the rows the cursor can act on (TranscriptView's rule).
    func moveTranscriptCursor(by delta: Int) { state.conversation.transcriptView.moveCursor(by: delta) }

    func promptExport(_ artifactID: String, name: String?) {
        var prompt = LinePrompt(purpose: .export(artifactID: artifactID), label: "Export to:")
        prompt.input = TextInput(text: FileManager.default.currentDirectoryPath + "/" + (name ?? artifactID))
        state.linePrompt = prompt
    }

    func handleReader(_ event: InputEvent) {
        guard var reader = state.conversation.reader else { return }
        if reader.handle(event, width: terminal.width, height: terminal.height) == .close {
            state.conversation.reader = nil
            terminal.setMouseReporting(true)
        } else {
            state.conversation.reader = reader
        }
    }
}
