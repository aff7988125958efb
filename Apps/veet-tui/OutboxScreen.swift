import Foundation
import VeetCurses
import VeetStore
import VeetTokens

/// The outbox (Ctrl-Q): every message saved here that the server has not
/// confirmed, with its state, attempts and the last reason, as `veet outbox
/// list` shows them. `r` sends the selected one again with its key (at most
/// one run either way); `x` asks, then discards it.
struct OutboxScreen {
    var entries: [OutboxEntry]?
    var selected = 0
    /// Session id → title, for the conversation each entry belongs to.
    var titles: [String: String] = [:]
    /// `x` pressed once: waiting for `y` to discard the selected entry.
    var confirmingDiscard = false
    /// The entry being sent again now: its keys wait for the answer.
    var retrying: Int64?
    var message = ""

    var selectedEntry: OutboxEntry? {
        guard let entries, entries.indices.contains(selected) else { return nil }
        return entries[selected]
    }

    mutating func show(_ entries: [OutboxEntry]) {
        let previous = selectedEntry?.id
        self.entries = entries
        selected = entries.firstIndex { $0.id == previous } ?? min(selected, max(entries.count - 1, 0))
    }

    /// An entry's state in words (a `sending` entry may be held by veetd or another window).
    static func stateWords(_ entry: OutboxEntry) -> String {
        let attempts = entry.attempts == 1 ? "1 attempt" : "\(entry.attempts) attempts"
        return switch entry.state {
        case .queued: "waiting to be sent · \(attempts)"
        case .sending: "being sent (here or by another program) · \(attempts)"
        case .failed: "not sent · \(attempts)"
        case .refused: "refused by the server, will not be sent again"
        case .confirmed: "delivered"
        }
    }

    func draw(in grid: inout ScreenGrid) {
        let page = ListPage.page, soft = ListPage.soft
        let count = entries.map { $0.count == 1 ? " (1 message)" : " (\($0.count) messages)" } ?? ""
        let notice = confirmingDiscard
            ? "Discard #\(selectedEntry?.id ?? 0)? It will never be sent.  y discard it  n keep it"
            : message
        ListPage.drawChrome("Outbox" + count, keys: ScreenKeys.outbox, notice: notice, in: &grid)
        guard let entries else {
            _ = grid.put(" Reading the outbox...", row: 2, column: 0, style: soft, limit: grid.width)
            return
        }
        if entries.isEmpty {
            _ = grid.put(" The outbox is empty: everything you sent was delivered.", row: 2, column: 0, style: page,
                         limit: grid.width)
            return
        }
        // Three rows an entry: number, state and conversation; the text; the last reason.
        let perEntry = 3, visible = max((grid.height - 5) / perEntry, 1)
        let first = max(0, min(selected - visible / 2, entries.count - visible))
        for (offset, entry) in entries.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset, row = 2 + offset * perEntry
            let isSelected = index == selected
            let style = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : page
            grid.fill(GridRect(row: row, column: 0, width: grid.width, height: 1), style: style)
            let conversation = entry.sessionID.map { titles[$0] ?? "conversation \($0)" } ?? "a new conversation"
            let line = (isSelected ? " ▸ " : "   ") + "#\(entry.id)  \(Self.stateWords(entry))  ·  \(conversation)"
            _ = grid.put(TextFitting.truncate(line, width: grid.width - 1), row: row, column: 0, style: style,
                         limit: grid.width)
            let text = entry.text.replacingOccurrences(of: "\n", with: " ")
            _ = grid.put("     “" + TextFitting.truncate(text, width: max(grid.width - 9, 4)) + "”", row: row + 1,
                         column: 0, style: page, limit: grid.width)
            if let reason = entry.lastError, !reason.isEmpty {
                _ = grid.put("     " + TextFitting.truncate("Why: " + reason, width: max(grid.width - 6, 4)), row: row + 2,
                             column: 0, style: entry.state == .refused ? ListPage.attention : soft, limit: grid.width)
            }
        }
    }
}
