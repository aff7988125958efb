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
        case KeyPress(.up): if !scrollLedger(by: -1, movingOnAtTheEnd: true) { moveTranscriptCursor(by: -1) }
        case KeyPress(.down): if !scrollLedger(by: 1, movingOnAtTheEnd: true) { moveTranscriptCursor(by: 1) }
        case .char("["): _ = scrollLedger(by: -ledgerPage, movingOnAtTheEnd: false)
        case .char("]"): _ = scrollLedger(by: ledgerPage, movingOnAtTheEnd: false)
        case KeyPress(.left), .char("<"): moveSideways(by: -Self.sidewaysStep)
        case KeyPress(.right), .char(">"): moveSideways(by: Self.sidewaysStep)
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

    var selectedTarget: RowTarget? {
        state.rowTargets.first { TranscriptCursor.key(of: $0) == state.selectedRow }
    }

    /// Moves over the rows the cursor can act on (the "Working..." line is skipped).
    func moveTranscriptCursor(by delta: Int) {
        let keys = state.rowTargets.filter { $0 != .status }.map(TranscriptCursor.key(of:))
        guard !keys.isEmpty else { return }
        let current = state.selectedRow.flatMap { keys.firstIndex(of: $0) } ?? (delta < 0 ? keys.count : -1)
        let next = min(max(current + (delta == Int.max / 2 || delta == -Int.max / 2 ? delta / 2 : delta), 0), keys.count - 1)
        state.selectedRow = keys[next]
        state.revealSelection = true
    }

    private func activateSelectedRow() {
        switch selectedTarget {
        case .entry(let id)?:
            let isExpandable = state.transcript.entries.contains { entry in
                guard entry.id == id else { return false }
                if case .bundle = entry { return true }
                if case .item(let item) = entry, item.tool != nil || item.approval != nil { return true }
                return false
            }
            guard isExpandable else { return }
            if state.expandedBundleIDs.remove(id) == nil {
                state.expandedBundleIDs.insert(id)
            } else {
                state.transcriptOffsets.ledger[id] = nil
            }
            state.revealSelection = true
        case .artifact(let file)?:
            state.notice = "Opening \(file.filename ?? "the file")..."
            _ = backend.openArtifact(file, sessionID: state.sessionID)
        case .status?, nil:
            break
        }
    }

    /// Columns a wide code block or table moves for one Left/Right.
    static let sidewaysStep = 8

    private var selectedEntryID: String? {
        if case .entry(let id)? = selectedTarget { return id }
        return nil
    }

    /// A page of a tall ledger: its window less one line of overlap.
    private var ledgerPage: Int {
        guard let id = selectedEntryID, let extent = state.rowCache.extent(of: id) else { return 1 }
        return max(min(extent.ledgerHeight, extent.ledgerTotal) - 2, 1)
    }

    /// Scrolls the opened ledger under the cursor when it is taller than the
    /// transcript; false when there is none or (with `movingOnAtTheEnd`) it is
    /// already at that end, so Up/Down move the cursor on instead.
    private func scrollLedger(by delta: Int, movingOnAtTheEnd: Bool) -> Bool {
        guard let id = selectedEntryID, state.expandedBundleIDs.contains(id),
              let extent = state.rowCache.extent(of: id), extent.maxLedgerOffset > 0
        else { return false }
        let current = min(state.transcriptOffsets.ledger[id] ?? 0, extent.maxLedgerOffset)
        let next = min(max(current + delta, 0), extent.maxLedgerOffset)
        if next == current && movingOnAtTheEnd { return false }
        state.transcriptOffsets.ledger[id] = next
        state.revealSelection = true
        return true
    }

    /// Left/Right: the selected answer's code blocks and tables wider than the transcript move sideways.
    private func moveSideways(by delta: Int) {
        guard let id = selectedEntryID else { state.notice = "Select an answer with a wide block (Up/Down)"; return }
        let reach = state.rowCache.extent(of: id)?.maxSideways ?? 0
        guard reach > 0 else { state.notice = "Nothing in this message is wider than the transcript"; return }
        let current = min(state.transcriptOffsets.sideways[id] ?? 0, reach)
        // No reveal: the answer may be taller than the screen, and the block moved is the one in view.
        state.transcriptOffsets.sideways[id] = min(max(current + delta, 0), reach)
    }

    func promptExport(_ artifactID: String, name: String?) {
        var prompt = LinePrompt(purpose: .export(artifactID: artifactID), label: "Export to:")
        prompt.input = TextInput(text: FileManager.default.currentDirectoryPath + "/" + (name ?? artifactID))
        state.linePrompt = prompt
    }

    /// The selected message's text (an owner's message, or an answer's Markdown source).
    private var selectedMessageText: String? {
        guard case .entry(let id)? = selectedTarget, let item = state.transcript.item(id: id) else { return nil }
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
        return state.transcript.item(id: id)?.assistant != nil
    }

    /// `b` copies the message's code blocks one after another (first, second, ...).
    private func copyCodeBlock() {
        guard let text = selectedMessageText else { state.notice = "Select a message to copy from (Up/Down)"; return }
        // VeetMarkdown's one reader, the same that numbers the frames ("b copies it (2 of 3)").
        let blocks = MarkdownDocument.parse(text).codeBlocks.map(\.contents)
        guard !blocks.isEmpty else { state.notice = "This message has no code block"; return }
        let index = state.codeBlockCursor.row == state.selectedRow ? (state.codeBlockCursor.index + 1) % blocks.count : 0
        state.codeBlockCursor = (state.selectedRow, index)
        copy(blocks[index], what: "code block \(index + 1) of \(blocks.count)")
    }

    /// `v`: the selected message alone, full width, as plain text (an answer
    /// without its Markdown symbols), with mouse reporting off so the
    /// terminal's own selection works.
    private func openReader() {
        guard let text = selectedMessageText else { state.notice = "Select a message to read (Up/Down)"; return }
        let plain = isSelectedAnAnswer ? PlainTextRenderer().render(MarkdownDocument.parse(text)) : text
        state.reader = MessageReader(title: isSelectedAnAnswer ? "Answer" : "Your message", text: plain)
        terminal.setMouseReporting(false)
    }

    func handleReader(_ event: InputEvent) {
        guard var reader = state.reader else { return }
        if reader.handle(event, width: terminal.width, height: terminal.height) == .close {
            state.reader = nil
            terminal.setMouseReporting(true)
        } else {
            state.reader = reader
        }
    }
}
