import Foundation
import VeetChat
import VeetCurses
import VeetStore
import VeetTokens

/// The outbox (Ctrl-Q): every message saved here that the server has not
/// confirmed, with its state, attempts and the last reason, as `veet outbox
/// list` shows them. `r` sends the selected one again with its key (at most
/// one run either way); `x` asks, then discards it. A feature screen: keys and
/// the store's answers come in through `update`; the reads, discards and
/// retries are `OutboxScreenEffect`s that `OutboxScreenWork` does; what the chat
/// must follow (a message discarded, a retry's outcome) goes out as a route.
public struct OutboxScreen: FeatureScreen {
    public var entries: [OutboxEntry]?
    public var selected = 0
    /// Session id → title, for the conversation each entry belongs to.
    public var titles: [String: String] = [:]
    /// `x` pressed once: waiting for `y` to discard the selected entry.
    public var confirmingDiscard = false
    /// The entry being sent again now: its keys wait for the answer.
    public var retrying: Int64?
    /// A message is being sent from the chat now (the shell says so before each key): a retry waits for it.
    public var chatIsDelivering = false
    public var message = ""

    /// `listing`: read by the shell at mount (the store is local: the first picture has it).
    public init(_ listing: OutboxListing? = nil) {
        if let listing { show(listing) }
    }

    /// The screen's keys, one table: the footer is written from it
    /// and Ctrl-P lists it, so the palette shows exactly what the footer promises.
    public static let keys: [CommandPalette.Item] = [
        .init("send again", hint: "r", press: .char("r")),
        .init("discard", hint: "x", press: .char("x")),
        .init("refresh", hint: "g", press: .char("g")),
    ]

    public var selectedEntry: OutboxEntry? {
        guard let entries, entries.indices.contains(selected) else { return nil }
        return entries[selected]
    }

    public mutating func show(_ listing: OutboxListing) {
        titles = listing.titles
        show(listing.entries)
    }

    public mutating func show(_ entries: [OutboxEntry]) {
        let previous = selectedEntry?.id
        self.entries = entries
        selected = entries.firstIndex { $0.id == previous } ?? min(selected, max(entries.count - 1, 0))
    }

    public var openingEffects: [OutboxScreenEffect] { entries == nil ? [.reload] : [] }

    public func keyHints(width: Int, now: Date) -> String {
        Self.keys.map { "\($0.hint) \($0.title)" }.joined(separator: "  ")
    }

    public func paint(in grid: inout ScreenGrid, now: Date) { draw(in: &grid) }

    public mutating func update(_ event: ScreenEvent<OutboxScreenResult>) -> ScreenStep<OutboxScreenEffect, OutboxScreenRoute> {
        switch event {
        case .key(let key): return handle(key)
        case .paste: return .none
        case .result(.chatDelivering(let delivering)):
            chatIsDelivering = delivering
            return .none
        case .result(.entries(let listing)):
            show(listing)
            return .none
        case .result(.discarded(let entryID, let clientKey, let done, let listing)):
            message = done ? "Discarded #\(entryID); it will not be sent." : "#\(entryID) could not be discarded (delivered meanwhile?)."
            show(listing)
            return ScreenStep(route: .discarded(clientKey: done ? clientKey : nil))
        case .result(.retried(let entryID, let words, let delivered, let listing)):
            if retrying == entryID { retrying = nil }
            message = words
            show(listing)
            return ScreenStep(route: .retried(words: words, delivered: delivered))
        }
    }

    /// One key.
    private mutating func handle(_ key: KeyPress) -> ScreenStep<OutboxScreenEffect, OutboxScreenRoute> {
        if confirmingDiscard {
            confirmingDiscard = false
            if key == .char("y"), let entry = selectedEntry {
                return .run(.discard(entryID: entry.id, clientKey: entry.key.rawValue))
            }
            message = "Kept."
            return .none
        }
        let count = entries?.count ?? 0
        switch key {
        case KeyPress(.escape):
            return .close
        case _ where ListNavigation.moves(key):
            selected = ListNavigation.index(after: key, from: selected, count: count)
        case .char("g"):
            message = ""
            return .run(.reload)
        case .char("r"), KeyPress(.enter):
            guard let entry = selectedEntry else { return .none }
            if retrying != nil {
                message = "Wait for the send in progress to end."
            } else if entry.state == .refused {
                message = "#\(entry.id) was refused by the server and will not be sent again; x discards it."
            } else if chatIsDelivering {
                message = "A message is being sent from the chat; r again when it is through."
            } else {
                retrying = entry.id
                message = "Sending #\(entry.id) again (same key)..."
                return .run(.retry(entryID: entry.id))
            }
        case .char("x"), KeyPress(.delete):
            guard let entry = selectedEntry else { return .none }
            if retrying == entry.id {
                message = "#\(entry.id) is being sent; wait for the answer."
            } else {
                confirmingDiscard = true
            }
        default:
            break
        }
        return .none
    }

    /// An entry's state in words (a `sending` entry may be held by veetd or another window).
    public static func stateWords(_ entry: OutboxEntry) -> String {
        let attempts = entry.attempts == 1 ? "1 attempt" : "\(entry.attempts) attempts"
        return switch entry.state {
        case .queued: "waiting to be sent · \(attempts)"
        case .sending: "being sent (here or by another program) · \(attempts)"
        case .failed: "not sent · \(attempts)"
        case .refused: "refused by the server, will not be sent again"
        case .confirmed: "delivered"
        }
    }

    /// The server has the message after this delivery.
    public static func isDelivered(_ result: DeliveryResult, settled: OutboxEntry?) -> Bool {
        switch result {
        case .confirmed: true
        case .notPending: settled?.state == .confirmed
        default: false
        }
    }

    /// A delivery's outcome in the screen's words (its keys, not the CLI's commands).
    public static func words(_ result: DeliveryResult, id: Int64, settled: OutboxEntry?) -> String {
        switch result {
        case .confirmed(let entry, let run, let byEcho):
            let into = entry.sessionID.map { " to conversation \($0)" } ?? ""
            return "#\(id) delivered" + (byEcho ? " (the server already had it)" : "") + into
                + (run.map { "; run \($0)" } ?? "") + "."
        case .busy(_, let run):
            return "#\(id) not sent yet: a run is still working in that conversation (\(run)); r when it ends."
        case .failed(_, let reason):
            return "#\(id) not delivered: \(reason). It keeps its key; r tries again (it is sent once either way)."
        case .refused(_, let reason, _):
            return "#\(id) was refused by the server (\(reason)); it will not be sent again. x discards it."
        case .waiting(_, let behind):
            return "#\(id) waits behind #\(behind) of the same conversation: r on #\(behind) first."
        case .claimedElsewhere:
            return "#\(id) is being sent right now by another program (veetd or another window); nothing was sent from here."
        case .notPending:
            return settled?.state == .confirmed ? "#\(id) was already delivered; nothing was sent again."
                : "#\(id) was discarded meanwhile; it was not sent."
        }
    }

    public func draw(in grid: inout ScreenGrid) {
        let page = ListPage.page, soft = ListPage.soft
        let count = entries.map { $0.count == 1 ? " (1 message)" : " (\($0.count) messages)" } ?? ""
        let notice = confirmingDiscard
            ? "Discard #\(selectedEntry?.id ?? 0)? It will never be sent.  y discard it  n keep it"
            : message
        ListPage.drawChrome("Outbox" + count, keys: Self.keys, notice: notice, in: &grid)
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
