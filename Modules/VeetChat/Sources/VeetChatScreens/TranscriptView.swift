import VeetChat
import VeetCurses

/// The transcript as the screen last laid it out and where the owner is in it:
/// the row cache, the rows and what each stands for, the cursor (by
/// `TranscriptCursor.key`, so it survives new rows), the opened bundles and
/// ledgers, tall ledgers scrolled and wide blocks moved sideways. A value the
/// shell keeps and settles each frame; its moves are the transcript keys' rules.
public struct TranscriptView: Sendable {
    public var rowCache = TranscriptRowCache()
    /// The transcript's rows as last laid out for the screen, and what each stands for.
    public var transcriptRows: [[StyledLine]] = []
    public var rowTargets: [RowTarget] = []
    /// The row the transcript cursor is on (Tab to the transcript, Up/Down), by `TranscriptCursor.key`.
    public var selectedRow: String?
    /// Scroll the selected row into view when the screen is next settled.
    public var revealSelection = false
    /// The row and index of the code block `b` copied last (it moves on to the next).
    public var codeBlockCursor: (row: String?, index: Int) = (nil, -1)
    public var expandedBundleIDs: Set<String> = []
    /// Tall ledgers scrolled, wide blocks moved sideways (Up/Down, [ ], Left/Right on the row).
    public var transcriptOffsets = TranscriptOffsets()

    public init() {}

    /// Columns a wide code block or table moves for one Left/Right.
    public static let sidewaysStep = 8

    public var selectedTarget: RowTarget? {
        rowTargets.first { TranscriptCursor.key(of: $0) == selectedRow }
    }

    public var selectedEntryID: String? {
        if case .entry(let id)? = selectedTarget { return id }
        return nil
    }

    /// Moves over the rows the cursor can act on (the "Working..." line is skipped);
    /// `±Int.max / 2` goes to the first or the last.
    public mutating func moveCursor(by delta: Int) {
        let keys = rowTargets.filter { $0 != .status }.map(TranscriptCursor.key(of:))
        guard !keys.isEmpty else { return }
        let current = selectedRow.flatMap { keys.firstIndex(of: $0) } ?? (delta < 0 ? keys.count : -1)
        let next = min(max(current + (delta == Int.max / 2 || delta == -Int.max / 2 ? delta / 2 : delta), 0), keys.count - 1)
        selectedRow = keys[next]
        revealSelection = true
    }

    /// Enter or Space on entry `id`: a bundle, a tool call or an approval opens (or closes, its
    /// ledger back at its top); false when the entry has nothing to open.
    @discardableResult
    public mutating func toggle(_ id: String, in transcript: Transcript) -> Bool {
        let isExpandable = transcript.entries.contains { entry in
            guard entry.id == id else { return false }
            if case .bundle = entry { return true }
            if case .item(let item) = entry, item.tool != nil || item.approval != nil { return true }
            return false
        }
        guard isExpandable else { return false }
        if expandedBundleIDs.remove(id) == nil {
            expandedBundleIDs.insert(id)
        } else {
            transcriptOffsets.ledger[id] = nil
        }
        revealSelection = true
        return true
    }

    /// A page of a tall ledger: its window less one line of overlap.
    public var ledgerPage: Int {
        guard let id = selectedEntryID, let extent = rowCache.extent(of: id) else { return 1 }
        return max(min(extent.ledgerHeight, extent.ledgerTotal) - 2, 1)
    }

    /// Scrolls the opened ledger under the cursor when it is taller than the
    /// transcript; false when there is none or (with `movingOnAtTheEnd`) it is
    /// already at that end, so Up/Down move the cursor on instead.
    public mutating func scrollLedger(by delta: Int, movingOnAtTheEnd: Bool) -> Bool {
        guard let id = selectedEntryID, expandedBundleIDs.contains(id),
              let extent = rowCache.extent(of: id), extent.maxLedgerOffset > 0
        else { return false }
        let current = min(transcriptOffsets.ledger[id] ?? 0, extent.maxLedgerOffset)
        let next = min(max(current + delta, 0), extent.maxLedgerOffset)
        if next == current && movingOnAtTheEnd { return false }
        transcriptOffsets.ledger[id] = next
        revealSelection = true
        return true
    }

    /// Left/Right: the selected answer's code blocks and tables wider than the transcript move
    /// sideways. Nil when they moved; else why not, for the status bar.
    public mutating func moveSideways(by delta: Int) -> String? {
        guard let id = selectedEntryID else { return "Select an answer with a wide block (Up/Down)" }
        let reach = rowCache.extent(of: id)?.maxSideways ?? 0
        guard reach > 0 else { return "Nothing in this message is wider than the transcript" }
        let current = min(transcriptOffsets.sideways[id] ?? 0, reach)
        // No reveal: the answer may be taller than the screen, and the block moved is the one in view.
        transcriptOffsets.sideways[id] = min(max(current + delta, 0), reach)
        return nil
    }
}
