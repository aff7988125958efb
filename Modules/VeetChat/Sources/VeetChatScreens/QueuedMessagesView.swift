import VeetChat
import VeetCurses
import VeetTerminal
import VeetTokens

/// The messages waiting for the running run, above the attachments: the oldest goes
/// when the run ends. Focused (Tab, or ↑ from the composer), ↑↓ choose one,
/// `e` or Enter takes it back into the composer to edit, `x` or Delete cancels it.
public struct QueuedMessagesView: Sendable {
    public static let visibleMessages = 3

    public var queue: MessageQueue
    /// The queue has the focus (its keys apply; `cursor` is marked).
    public var focused: Bool
    /// The chosen message's id.
    public var cursor: Int?

    public init(queue: MessageQueue, focused: Bool, cursor: Int?) {
        self.queue = queue
        self.focused = focused
        self.cursor = cursor
    }

    public var height: Int {
        queue.isEmpty ? 0 : 1 + min(queue.count, Self.visibleMessages)
    }

    /// A window of three around the chosen one, else the oldest three (the next to go).
    public var visible: [MessageQueue.Entry] {
        let entries = queue.entries
        guard entries.count > Self.visibleMessages else { return entries }
        let chosen = focused ? cursor.flatMap(queue.position(of:)).map { $0 - 1 } ?? 0 : 0
        let start = min(max(chosen - Self.visibleMessages + 1, 0), entries.count - Self.visibleMessages)
        return Array(entries[start..<start + Self.visibleMessages])
    }

    public var header: (title: String, keys: String) {
        let count = queue.count
        let title = " Waiting for the run · \(count) \(count == 1 ? "message" : "messages"), sent one per run in order"
        let keys = focused ? "↑↓ choose · e edit · x cancel · Esc back " : "↑: e edit · x cancel "
        return (title, keys)
    }

    public static func line(_ entry: MessageQueue.Entry, position: Int, chosen: Bool) -> String {
        let words = entry.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return (chosen ? " ▸ " : "   ") + "\(position). " + (position == 1 ? "next · " : "") + words
    }

    public func draw(in grid: inout ScreenGrid, rect: GridRect) {
        guard rect.height > 0, !queue.isEmpty else { return }
        PaneHeader.draw(header, focused: focused, in: &grid, rect: rect)
        let limit = rect.column + rect.width
        var row = rect.row + 1
        for entry in visible where row < rect.row + rect.height {
            let chosen = focused && entry.id == cursor
            let position = queue.position(of: entry.id) ?? 0
            _ = grid.put(Self.line(entry, position: position, chosen: chosen), row: row, column: rect.column,
                         style: chosen ? TranscriptStyles.cursor : TranscriptStyles.attention, limit: limit)
            row += 1
        }
    }
}
