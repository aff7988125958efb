import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetMarkdown

/// The transcript cursor (Tab to the transcript): expand a bundle, open or
/// export a file, copy a message or a code block.
extension ChatScreen {
    func handleTranscript(_ key: KeyPress) {
        switch key {
        case KeyPress(.up): if !state.conversation.transcriptView.scrollLedger(by: -1, movingOnAtTheEnd: true) { moveTranscriptCursor(by: -1) }
        case KeyPress(.down): if !state.conversation.transcriptView.scrollLedger(by: 1, movingOnAtTheEnd: true) { moveTranscriptCursor(by: 1) }
        case .char("["): _ = state.conversation.transcriptView.scrollLedger(by: -state.conversation.transcriptView.ledgerPage, movingOnAtTheEnd: false)
        case .char("]"): _ = state.conversation.transcriptView.scrollLedger(by: state.conversation.transcriptView.ledgerPage, movingOnAtTheEnd: false)
        case KeyPress(.left), .char("<"): moveSideways(by: -TranscriptView.sidewaysStep)
        case KeyPress(.right), .char(">"): moveSideways(by: TranscriptView.sidewaysStep)
        case KeyPress(.home): moveTranscriptCursor(by: -Int.max / 2)
        case KeyPress(.end): moveTranscriptCursor(by: Int.max / 2)
        case KeyPress(.enter): if !retrySelectedMessage() { activateSelectedRow() }
        case .char(" "): activateSelectedRow()
        case .char("x"): _ = discardSelectedMessage()
        case .char("e"):
            if case .artifact(let file)? = selectedTarget { promptExport(file.artifactID, name: file.filename) }
        case .char("c"): copySelectedMessage(asMarkdown: false)
        case .char("m"): copySelectedMessage(asMarkdown: true)
        case .char("b"): copyCodeBlock()
        case .char("v"): openReader()
        case .char("i"): openRunDetails()
        default: break
        }
    }

    var selectedTarget: RowTarget? { state.conversation.transcriptView.selectedTarget }

    /// Moves over the rows the cursor can act on (TranscriptView's rule).
    func moveTranscriptCursor(by delta: Int) { state.conversation.transcriptView.moveCursor(by: delta) }

    private func activateSelectedRow() {
        switch selectedTarget {
        case .entry(let id)?:
            state.conversation.transcriptView.toggle(id, in: state.conversation.transcript)
        case .artifact(let file)?:
            state.notice = "Opening \(file.filename ?? "the file")..."
            _ = backend.openArtifact(file, sessionID: state.conversation.sessionID)
        case .status?, nil:
            break
        }
    }

    /// Left/Right: the selected answer's wide code blocks and tables move sideways, or the status bar says why not.
    private func moveSideways(by delta: Int) {
        if let problem = state.conversation.transcriptView.moveSideways(by: delta) { state.notice = problem }
    }

    func promptExport(_ artifactID: String, name: String?) {
        var prompt = LinePrompt(purpose: .export(artifactID: artifactID), label: "Export to:")
        prompt.input = TextInput(text: FileManager.default.currentDirectoryPath + "/" + (name ?? artifactID))
        state.linePrompt = prompt
    }

    /// The selected message's text (an owner's message, or an answer's Markdown source).
    private var selectedMessageText: String? {
        guard case .entry(let id)? = selectedTarget, let item = state.conversation.transcript.item(id: id) else { return nil }
        return item.user?.text ?? item.assistant?.text
    }

    /// `c` copies what a reader sees: an answer as plain text without Markdown
    /// symbols (VeetMarkdown's PlainTextRenderer: bullets and numbers kept,
    /// tables as tab-separated rows, code exact); `m` copies its Markdown source.
    private func copySelectedMessage(asMarkdown: Bool) {
        guard let text = selectedMessageText else { state.notice = "Select a message to copy (Up/Down)"; return }
        guard !asMarkdown, isSelectedAnAnswer else {
            copy(text, what: asMarkdown ? "the message's Markdown" : "the message")
            return
        }
        copy(PlainTextRenderer().render(MarkdownDocument.parse(text)), what: "the message as plain text")
    }

    private var isSelectedAnAnswer: Bool {
        guard case .entry(let id)? = selectedTarget else { return false }
        return state.conversation.transcript.item(id: id)?.assistant != nil
    }

    /// `b` copies the message's code blocks one after another (first, second, ...).
    private func copyCodeBlock() {
        guard let text = selectedMessageText else { state.notice = "Select a message to copy from (Up/Down)"; return }
        // VeetMarkdown's one reader, the same that numbers the frames ("b copies it (2 of 3)").
        let blocks = MarkdownDocument.parse(text).codeBlocks.map(\.contents)
        guard !blocks.isEmpty else { state.notice = "This message has no code block"; return }
        let index = state.conversation.transcriptView.codeBlockCursor.row == state.conversation.transcriptView.selectedRow ? (state.conversation.transcriptView.codeBlockCursor.index + 1) % blocks.count : 0
        state.conversation.transcriptView.codeBlockCursor = (state.conversation.transcriptView.selectedRow, index)
        copy(blocks[index], what: "code block \(index + 1) of \(blocks.count)")
    }

    /// `v`: the selected message alone, full width, as plain text (an answer
    /// without its Markdown symbols), with mouse reporting off so the
    /// terminal's own selection works.
    private func openReader() {
        guard let text = selectedMessageText else { state.notice = "Select a message to read (Up/Down)"; return }
        let plain = isSelectedAnAnswer ? PlainTextRenderer().render(MarkdownDocument.parse(text)) : text
        state.conversation.reader = MessageReader(title: isSelectedAnAnswer ? "Answer" : "Your message", text: plain)
        terminal.setMouseReporting(false)
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
