import Foundation
import VeetChat
import VeetCurses
import VeetMarkdown

/// The transcript's keys (Tab to the transcript): move the cursor, open a bundle or a file, copy a message
/// or a code block, read a message alone, see a run's details, send again or discard a message that did
/// not go out.
extension OpenConversation {
    public mutating func transcriptKey(_ key: KeyPress) -> ConversationStep {
        switch key {
        case KeyPress(.up): if !transcriptView.scrollLedger(by: -1, movingOnAtTheEnd: true) { transcriptView.moveCursor(by: -1) }
        case KeyPress(.down): if !transcriptView.scrollLedger(by: 1, movingOnAtTheEnd: true) { transcriptView.moveCursor(by: 1) }
        case .char("["): _ = transcriptView.scrollLedger(by: -transcriptView.ledgerPage, movingOnAtTheEnd: false)
        case .char("]"): _ = transcriptView.scrollLedger(by: transcriptView.ledgerPage, movingOnAtTheEnd: false)
        // The selected answer's wide code blocks and tables move sideways, or the status bar says why not.
        case KeyPress(.left), .char("<"): return ConversationStep(notice: transcriptView.moveSideways(by: -TranscriptView.sidewaysStep))
        case KeyPress(.right), .char(">"): return ConversationStep(notice: transcriptView.moveSideways(by: TranscriptView.sidewaysStep))
        case KeyPress(.home): transcriptView.moveCursor(by: -Int.max / 2)
        case KeyPress(.end): transcriptView.moveCursor(by: Int.max / 2)
        case KeyPress(.enter): return retrySelectedMessage() ?? activateSelectedRow()
        case .char(" "): return activateSelectedRow()
        case .char("x"): return discardSelectedMessage() ?? ConversationStep()
        case .char("e"):
            if case .artifact(let file)? = selectedTarget {
                return ConversationStep(request: .export(artifactID: file.artifactID, name: file.filename))
            }
        case .char("c"): return copySelectedMessage(asMarkdown: false)
        case .char("m"): return copySelectedMessage(asMarkdown: true)
        case .char("b"): return copyCodeBlock()
        case .char("v"): return openReader()
        case .char("i"): return openRunDetails()
        default: break
        }
        return ConversationStep()
    }

    public var selectedTarget: RowTarget? { transcriptView.selectedTarget }

    /// Space or Enter: a bundle opens or closes; a file is read and shown.
    mutating func activateSelectedRow() -> ConversationStep {
        switch selectedTarget {
        case .entry(let id)?:
            _ = transcriptView.toggle(id, in: transcript)
        case .artifact(let file)?:
            return ConversationStep(notice: "Opening \(file.filename ?? "the file")...", request: .openArtifact(file, sessionID: sessionID))
        case .status?, nil:
            break
        }
        return ConversationStep()
    }

    /// The selected message's text (an owner's message, or an answer's Markdown source).
    var selectedMessageText: String? {
        guard case .entry(let id)? = selectedTarget, let item = transcript.item(id: id) else { return nil }
        return item.user?.text ?? item.assistant?.text
    }

    var isSelectedAnAnswer: Bool {
        guard case .entry(let id)? = selectedTarget else { return false }
        return transcript.item(id: id)?.assistant != nil
    }

    /// `c` copies what a reader sees: an answer as plain text without Markdown
    /// symbols (VeetMarkdown's PlainTextRenderer: bullets and numbers kept,
    /// tables as tab-separated rows, code exact); `m` copies its Markdown source.
    func copySelectedMessage(asMarkdown: Bool) -> ConversationStep {
        guard let text = selectedMessageText else { return ConversationStep(notice: "Select a message to copy (Up/Down)") }
        guard !asMarkdown, isSelectedAnAnswer else {
            return ConversationStep(request: .copy(text, what: asMarkdown ? "the message's Markdown" : "the message"))
        }
        return ConversationStep(request: .copy(PlainTextRenderer().render(MarkdownDocument.parse(text)), what: "the message as plain text"))
    }

    /// `b` copies the message's code blocks one after another (first, second, ...).
    mutating func copyCodeBlock() -> ConversationStep {
        guard let text = selectedMessageText else { return ConversationStep(notice: "Select a message to copy from (Up/Down)") }
        // VeetMarkdown's one reader, the same that numbers the frames ("b copies it (2 of 3)").
        let blocks = MarkdownDocument.parse(text).codeBlocks.map(\.contents)
        guard !blocks.isEmpty else { return ConversationStep(notice: "This message has no code block") }
        let cursor = transcriptView.codeBlockCursor
        let index = cursor.row == transcriptView.selectedRow ? (cursor.index + 1) % blocks.count : 0
        transcriptView.codeBlockCursor = (transcriptView.selectedRow, index)
        return ConversationStep(request: .copy(blocks[index], what: "code block \(index + 1) of \(blocks.count)"))
    }

    /// `v`: the selected message alone, full width, as plain text (an answer without its Markdown symbols).
    mutating func openReader() -> ConversationStep {
        guard let text = selectedMessageText else { return ConversationStep(notice: "Select a message to read (Up/Down)") }
        let plain = isSelectedAnAnswer ? PlainTextRenderer().render(MarkdownDocument.parse(text)) : text
        reader = MessageReader(title: isSelectedAnAnswer ? "Answer" : "Your message", text: plain)
        return ConversationStep(request: .readerOpened)
    }

    /// `i` on an answer (or a tool row): its run's details, read now.
    mutating func openRunDetails() -> ConversationStep {
        guard case .entry(let id)? = selectedTarget, let runID = transcript.item(id: id)?.runID else {
            return ConversationStep(notice: "Select an answer (Up/Down) to see its run")
        }
        runDetails = RunDetailsSheet(runID: runID)
        return ConversationStep(request: .loadRunDetails(runID: runID))
    }

    /// The run's details: Esc, `q` or `i` close them, `g` reads the run again.
    public mutating func runDetailsKey(_ key: KeyPress) -> ConversationStep {
        switch key {
        case KeyPress(.escape), .char("q"), .char("i"): runDetails = nil
        case .char("g"):
            guard let runID = runDetails?.runID else { break }
            runDetails?.message = "Reading the run..."
            return ConversationStep(request: .loadRunDetails(runID: runID))
        default: break
        }
        return ConversationStep()
    }

    /// The send state of the transcript row the cursor is on, when it has an outbox entry to act on.
    public var selectedSendState: (itemID: String, state: SendState)? {
        guard case .entry(let id)? = selectedTarget, let sent = sendStates[id], sent.entryID != nil else { return nil }
        return (id, sent)
    }

    /// Enter on a message that did not go out: its entry goes again, same key (nil: the row has none).
    func retrySelectedMessage() -> ConversationStep? {
        guard let (_, sent) = selectedSendState, let entryID = sent.entryID else { return nil }
        guard sent.canRetry else { return ConversationStep(notice: "The server refused it; x discards it") }
        guard !isRunActive else { return ConversationStep(notice: "A run is still going; try again when it ends") }
        return ConversationStep(notice: "Sending again...", request: .redeliver(entryID: entryID))
    }

    /// `x` on a message that did not go out: the outbox drops it (nil: the row has none).
    func discardSelectedMessage() -> ConversationStep? {
        guard let (itemID, sent) = selectedSendState, let entryID = sent.entryID else { return nil }
        guard work?.isDelivery != true else { return ConversationStep(notice: "Wait for the send in progress to end") }
        return ConversationStep(request: .discard(entryID: entryID, itemID: itemID))
    }

    /// The outbox let the message go: so does the transcript.
    public mutating func discarded(itemID: String) {
        if let clientKey = transcript.item(id: itemID)?.user?.clientKey { transcript.submissionFailed(clientKey: clientKey) }
        transcriptView.selectedRow = nil
    }

    /// Words that did not go (HandBack's rules): their bubble leaves the transcript and they go back to the
    /// composer, before anything typed since.
    public mutating func handBack(_ words: String, clientKey: String?) {
        if let key = HandBack.bubbleKey(of: words, clientKey: clientKey, in: transcript) {
            _ = transcript.submissionFailed(clientKey: key)
        }
        if let text = HandBack.composerText(handing: words, typed: composer.text) { composer = TextInput(text: text) }
    }
}
