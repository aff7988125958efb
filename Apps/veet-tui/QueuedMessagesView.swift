import VeetChat
import VeetCurses
import VeetTerminal
import VeetTokens

/// The messages waiting for the running run, above the attachments: the oldest goes
/// when the run ends. Focused (Tab, or ↑ from the composer), ↑↓ choose one,
/// `e` or Enter takes it back into the composer to edit, `x` or Delete cancels it.
enum QueuedMessagesView {
    static let visibleMessages = 3

    static func height(_ state: ScreenState) -> Int {
        state.queue.isEmpty ? 0 : 1 + min(state.queue.count, visibleMessages)
    }

    /// A window of three around the chosen one, else the oldest three (the next to go).
    static func visible(_ state: ScreenState) -> [MessageQueue.Entry] {
        let entries = state.queue.entries
        guard entries.count > visibleMessages else { return entries }
        let chosen = state.focus == .queue ? state.queueCursor.flatMap(state.queue.position(of:)).map { $0 - 1 } ?? 0 : 0
        let start = min(max(chosen - visibleMessages + 1, 0), entries.count - visibleMessages)
        return Array(entries[start..<start + visibleMessages])
    }

    static func header(_ state: ScreenState) -> (title: String, keys: String) {
        let count = state.queue.count
        let title = " Waiting for the run · \(count) \(count == 1 ? "message" : "messages"), sent one per run in order"
        let keys = state.focus == .queue ? "↑↓ choose · e edit · x cancel · Esc back " : "↑: e edit · x cancel "
        return (title, keys)
    }

    static func line(_ entry: MessageQueue.Entry, position: Int, chosen: Bool) -> String {
        let words = entry.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return (chosen ? " ▸ " : "   ") + "\(position). " + (position == 1 ? "next · " : "") + words
    }

    static func draw(_ state: ScreenState, in grid: inout ScreenGrid, rect: GridRect) {
        guard rect.height > 0, !state.queue.isEmpty else { return }
        let (title, keys) = header(state)
        let limit = rect.column + rect.width
        let focused = state.focus == .queue
        let titleStyle = focused ? TranscriptStyles.cursor : TextStyle(attributes: .bold, foreground: .ink, background: .paper)
        _ = grid.put(title, row: rect.row, column: rect.column, style: titleStyle, limit: limit)
        let keysWidth = DisplayWidth.of(keys)
        if DisplayWidth.of(title) + keysWidth + 2 <= rect.width {
            _ = grid.put(keys, row: rect.row, column: limit - keysWidth,
                         style: focused ? TranscriptStyles.cursor : TranscriptStyles.faint, limit: limit)
        }
        var row = rect.row + 1
        for entry in visible(state) where row < rect.row + rect.height {
            let chosen = focused && entry.id == state.queueCursor
            let position = state.queue.position(of: entry.id) ?? 0
            _ = grid.put(line(entry, position: position, chosen: chosen), row: row, column: rect.column,
                         style: chosen ? TranscriptStyles.cursor : TranscriptStyles.attention, limit: limit)
            row += 1
        }
    }
}

extension ChatScreen {
    /// Focus on the queue, its newest message chosen unless one already is.
    func enterQueue() {
        guard let newest = state.queue.entries.last else { state.focus = .composer; return }
        state.focus = .queue
        if state.queueCursor.flatMap(state.queue.position(of:)) == nil { state.queueCursor = newest.id }
    }

    /// ↑↓ choose (past the top: the attachments or the transcript; past the bottom: the composer),
    /// `e`/Enter edit, `x`/Delete cancel (Esc, a global key, goes back to the composer).
    func handleQueue(_ key: KeyPress) {
        let entries = state.queue.entries
        guard !entries.isEmpty else { state.focus = .composer; return }
        let index = state.queueCursor.flatMap(state.queue.position(of:)).map { $0 - 1 } ?? entries.count - 1
        switch key {
        case KeyPress(.up):
            if index > 0 {
                state.queueCursor = entries[index - 1].id
            } else {
                state.focus = .transcript
                state.selectedRow = nil
                moveTranscriptCursor(by: -1)
            }
        case KeyPress(.down):
            if index + 1 < entries.count {
                state.queueCursor = entries[index + 1].id
            } else if !state.attachments.isEmpty {
                enterTray(at: .first)
            } else {
                state.focus = .composer
            }
        case .char("e"), KeyPress(.enter):
            guard let entry = state.queue.takeBack(id: entries[index].id) else { return }
            let kept = [state.composer.text, entry.text].filter { !$0.isEmpty }.joined(separator: "\n")
            state.composer = TextInput(text: kept)
            state.focus = .composer
            state.notice = "Taken back to edit; Enter queues it again."
        case .char("x"), KeyPress(.delete):
            state.queue.takeBack(id: entries[index].id)
            state.notice = "Cancelled; that message will not be sent."
            if state.queue.isEmpty { state.focus = .composer } else {
                state.queueCursor = state.queue.entries[min(index, state.queue.count - 1)].id
            }
        default:
            if case .character = key.key, key.modifiers.isEmpty || key.modifiers == .shift {
                state.focus = .composer
                _ = state.composer.handle(.key(key), policy: .chat)
            }
        }
    }
}
