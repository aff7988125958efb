import Foundation
import VeetChat
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
        let width = terminal.width, height = terminal.height
        defer { if state.reader != nil { state.reader = reader } }
        if var input = reader.searchInput {
            if case .key(let key) = event, key == KeyPress(.escape) { reader.searchInput = nil; return }
            switch input.handle(event, policy: .chat) {
            case .submit:
                reader.query = input.text.trimmingCharacters(in: .whitespaces)
                reader.searchInput = nil
                reader.findNext(width: width, height: height)
            default:
                reader.searchInput = input
            }
            return
        }
        guard case .key(let key) = event else { return }
        let page = MessageReader.pageHeight(height)
        switch key {
        case KeyPress(.escape), .char("q"):
            state.reader = nil
            terminal.setMouseReporting(true)
        case KeyPress(.up): reader.scroll(by: -1, width: width, height: height)
        case KeyPress(.down): reader.scroll(by: 1, width: width, height: height)
        case KeyPress(.pageUp): reader.scroll(by: -page, width: width, height: height)
        case KeyPress(.pageDown), .char(" "): reader.scroll(by: page, width: width, height: height)
        case KeyPress(.home): reader.scroll(by: -Int.max / 2, width: width, height: height)
        case KeyPress(.end): reader.scroll(by: Int.max / 2, width: width, height: height)
        case .char("/"): reader.searchInput = TextInput()
        case .char("n"): reader.findNext(width: width, height: height)
        case .char("N"): reader.findNext(width: width, height: height, backwards: true)
        default: break
        }
    }

    func handleViewer(_ key: KeyPress) {
        guard var viewer = state.viewer else { return }
        let page = max(terminal.height - 3, 1)
        switch key {
        case KeyPress(.escape), .char("q"): state.viewer = nil; return
        case KeyPress(.up): viewer.offset -= 1
        case KeyPress(.down): viewer.offset += 1
        case KeyPress(.pageUp): viewer.offset -= page
        case KeyPress(.pageDown), .char(" "): viewer.offset += page
        case KeyPress(.home): viewer.offset = 0
        case KeyPress(.end): viewer.offset = viewer.lines.count
        case .char("e"):
            state.viewer = nil
            promptExport(viewer.artifactID, name: viewer.title.components(separatedBy: " · ").first)
            return
        default: return
        }
        viewer.offset = max(0, min(viewer.offset, viewer.lines.count - page))
        state.viewer = viewer
    }

    static let help = HelpOverlay(title: "Keys", groups: [
        .init("Conversation", [
            .init("Enter", "send (while a run goes: queued, sent when it ends)"),
            .init("Alt-Enter, Ctrl-J", "new line in the message"),
            .init("Ctrl-T, Alt-A", "attach a file by path", press: .char("t", .control)),
            .init("PgUp, PgDn, wheel", "scroll the transcript"),
            .init("Ctrl-C", "stop the running run (quit when idle)", press: .char("c", .control)),
            .init("Ctrl-N", "new conversation", press: .char("n", .control)),
            .init("F3", "website access: profiles, add a website, revoke, delete", press: KeyPress(.function(3))),
            .init("F4", "schedules: read, pause, resume, cancel; create and edit", press: KeyPress(.function(4))),
            .init("F5", "memory: review, correct, delete; the synthesis journal", press: KeyPress(.function(5))),
            .init("F6", "people: profiles, prepare for a conversation, pin, repair identity, merge, rename, forget", press: KeyPress(.function(6))),
            .init("F7", "Email mode, and back to Chat (both stay as you left them)", press: KeyPress(.function(7))),
            .init("F8", "settings: connection, models, website access, appearance, data & privacy", press: KeyPress(.function(8))),
            .init("F9", "connections: switch, add, forget (the active one marked ✓)", press: KeyPress(.function(9))),
            .init("Ctrl-Q", "outbox: messages not yet confirmed, their state and reason; r send again, x discard",
                  press: .char("q", .control)),
            .init("Alt-D", "devices registered for notifications; x revoke one (asks first)", press: .char("d", .alt)),
            // Worded without an "s": the palette's pictured search for "s" lists the same entries.
            .init("Alt-C", "phone call log: read a call, hang up, delete the content", press: .char("c", .alt)),
            .init("Alt-M", "Telegram and other chat app pairing: a one-time code, revoke, delete", press: .char("m", .alt)),
        ]),
        .init("Email (F7)", [
            .init("Up, Down, Enter, Tab", "choose a conversation, read it, list ↔ page"),
            .init("e / u / h / ! / n", "archive in Gmail / move to Inbox / handled / spam / not spam"),
            .init("/ , a, m, N", "search, account filter, mailbox status, show new mail"),
            .init("t, U", "teach Veetbot; undo the last teaching"),
            .init("r, E, s", "reply here / in $EDITOR / Review & Send (a approves once)"),
            .init("< >", "move the divider between the inbox and the page"),
        ]),
        .init("Schedules (F4)", [
            .init("n / e", "new schedule / edit the selected one (title, instruction, cadence in words, time zone)"),
            .init("Tab, Enter, Ctrl-S", "in the form: next field, next (on the last: save), save"),
            .init("p / u / x, f, g", "pause / resume / cancel (asks first); filter by state; refresh"),
        ]),
        .init("Transcript (Tab to it)", [
            .init("Up, Down", "move between messages, tools and files; inside an opened ledger taller than the screen, scroll it"),
            .init("Enter, Space", "open a tool call or bundle (its ledger: arguments and results whole) or an approval; open a file"),
            .init("[ ]", "a page up / down inside an opened ledger taller than the screen"),
            .init("Left, Right, < >", "scroll the answer's wide code blocks and tables sideways"),
            .init("e", "export the file"),
            .init("c / m / b", "copy the message as plain text / as Markdown / its next code block"),
            .init("v", "read the message alone, full width (the terminal's own selection works; / searches)"),
            .init("i", "the answer's run: status, steps, model and tool calls, tokens, cost (Esc closes)"),
        ]),
        .init("Attachments (Tab or Up to them, above the composer)", [
            .init("Up, Down", "choose a file (past the ends: the transcript, the composer)"),
            .init("r", "send a failed file again (the same upload key)"),
            .init("x, Delete", "remove the file from the message"),
            .init("Enter", "back to the message; Enter there sends, files alone too"),
        ]),
        .init("Approval (docked above the composer)", [
            .init("a", "approve once"),
            .init("t, then y", "website action: allow for this task (when offered)"),
            .init("d", "deny"),
            .init("v; Up, Down", "every argument whole, or a few again; scroll them"),
            .init("Ctrl-G", "stop the task permission shown above the composer (several: choose which)", press: .char("g", .control)),
        ]),
        .init("Folders (in the chats)", [
            .init("Enter", "open or close a folder or a Scheduled group; + New folder"),
            .init("m", "move the conversation to a folder (or back to History)"),
            .init("r / x", "folder: rename / delete (its chats go back to History)"),
            .init("s", "folder: solo mode on or off (one folder open at a time)"),
            .init("a / d / r", "suggested folder: accept / decline / rename and accept"),
        ]),
        .init("Chats", [
            .init("Ctrl-F", "search as you type; Enter or Down to the hits", press: .char("f", .control)),
            .init("Tab, Shift-Tab", "move focus: search, chats, transcript, composer", press: KeyPress(.tab)),
            .init("Up, Down, Enter", "choose a conversation; Enter on a header folds it"),
            .init("Enter on Needs you", "open what a feature needs of you on its own screen: a mail, a memory, a person"),
            .init("Delete, x", "delete the conversation (asks first)"),
            .init("Ctrl-O, F2", "show or hide the chats (narrow terminals)", press: .char("o", .control)),
            .init("?, F1", "this help", press: KeyPress(.function(1))),
            .init("Ctrl-P", "command palette: every action here, type to filter, Enter runs it"),
            .init("Esc", "close; clear the search; take back a queued message"),
            .init("Ctrl-D", "quit", press: .char("d", .control)),
        ]),
    ])
}
