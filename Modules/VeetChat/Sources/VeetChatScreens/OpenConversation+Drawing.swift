import Foundation
import VeetChat
import VeetCurses
import VeetTokens

/// The conversation pane's parts as the shell places them (its ScreenFrame): the transcript settled for
/// its rectangle once before each paint, then drawn, the line above the composer, the composer.
/// Settling changes only what the frame shows (rows from the row cache, the scroll); drawing changes nothing.
extension OpenConversation {
    /// The transcript's rows for `rect` from the row cache (rebuilt only from the first changed row), the
    /// scroll re-measured from there, and a search hit or the cursor's row revealed.
    public mutating func settleTranscript(rect: GridRect, focused: Bool) {
        // Let go of last frame's rows first: shared with the cache, they would make it copy all of them to edit one.
        transcriptView.transcriptRows = []
        let prepared = transcriptView.rowCache.rows(for: transcript, width: rect.width, expanded: transcriptView.expandedBundleIDs,
                                                    sendLines: sendLines, offsets: transcriptView.transcriptOffsets, height: rect.height)
        transcriptView.transcriptRows = prepared.rows
        // Heights come from prepared rows, so re-measuring them all is cheap and never stale.
        if let changed = prepared.firstChanged { transcriptScroll.invalidate(fromRow: changed) }
        guard !prepared.rows.isEmpty else { return }
        let provider = PreparedRows(rows: prepared.rows)
        let selected = focused ? transcriptView.selectedRow.flatMap { key in
            prepared.targets.firstIndex { TranscriptCursor.key(of: $0) == key } } : nil
        if let sequence = revealSequence,
           let index = prepared.targets.firstIndex(where: { TranscriptCursor.sequence(of: $0) == sequence }) {
            transcriptScroll.measure(provider, width: rect.width)
            transcriptScroll.reveal(row: index)
            revealSequence = nil
        } else if let selected, transcriptView.revealSelection {
            transcriptScroll.measure(provider, width: rect.width)
            transcriptScroll.reveal(row: selected)
        }
        transcriptView.revealSelection = false
        transcriptView.rowTargets = prepared.targets
        var nowhere = ScreenGrid(width: 0, height: 0)
        transcriptScroll.draw(provider, in: &nowhere, rect: rect)
    }

    /// The rows as settled, the cursor's row marked while the transcript has the keys, at the settled scroll.
    public func drawTranscript(in grid: inout ScreenGrid, rect: GridRect, focused: Bool) {
        guard !transcriptView.transcriptRows.isEmpty else {
            grid.fill(rect, style: TranscriptStyles.page)
            let hint = sessionID == nil ? "Type a message and press Enter to start a conversation." : "Loading..."
            _ = grid.put(hint, row: rect.height / 2, column: rect.column + 2, style: TranscriptStyles.faint, limit: rect.right)
            return
        }
        let rows = TranscriptCursor.marked(transcriptView.transcriptRows, targets: transcriptView.rowTargets,
                                           selected: focused ? transcriptView.selectedRow : nil)
        var scroll = transcriptScroll
        scroll.draw(PreparedRows(rows: rows), in: &grid, rect: rect, background: TranscriptStyles.page)
    }

    /// The line above the composer: the docked question, else what is queued, else a rule (teal while the
    /// transcript has the keys).
    public func drawSeparator(in grid: inout ScreenGrid, row: Int, column: Int, width: Int, transcriptFocused: Bool) {
        guard row >= 0 else { return }
        grid.fill(GridRect(row: row, column: column, width: width, height: 1), style: TextStyle(foreground: .hairline, background: .paper))
        let text: String?
        if let docked = question {
            text = " Question: " + (docked.question.text ?? "the agent asks for your answer") + "  (Esc: not now)"
        } else if let next = queue.entries.first {
            text = queue.count == 1
                ? " Queued, sends when the run ends: " + next.text.replacingOccurrences(of: "\n", with: " ") + "  (Esc: cancel)"
                : " \(queue.count) queued; the next sends when the run ends  (Esc: take the last back)"
        } else {
            text = nil
        }
        if let text {
            _ = grid.put(text, row: row, column: column, style: TranscriptStyles.attention, limit: column + width)
        } else {
            let line: ColorToken = transcriptFocused ? .teal : .hairline  // the focused pane's divider
            _ = grid.put(String(repeating: "─", count: width), row: row, column: column,
                         style: TextStyle(foreground: line, background: .paper))
        }
    }

    /// The composer in `rect`, its prompt mark in the two columns before it (teal while it has the keys).
    public func drawComposer(in grid: inout ScreenGrid, rect: GridRect, focused: Bool, styles: WidgetStyles) {
        let prompt: ColorToken = focused ? .teal : .inkFaint  // the focused pane's mark in teal
        let left = rect.column - 2
        grid.fill(GridRect(row: rect.row, column: left, width: 2, height: rect.height), style: TextStyle(foreground: prompt, background: .field))
        _ = grid.put("› ", row: rect.row, column: left, style: TextStyle(attributes: .bold, foreground: prompt, background: .field))
        let placeholder = question != nil ? "Type your answer, Enter sends it" : "Message (Enter sends, Alt-Enter new line)"
        var input = composer
        input.draw(in: &grid, rect: rect, placeholder: placeholder, focused: focused, styles: styles)
    }

    /// The run ended with an answer on screen and nothing docked: the oldest queued message, taken off to
    /// go now (one per run). Nil while the run goes, something is docked, or nothing waits.
    public mutating func takeQueuedMessageIfRunEnded() -> String? {
        guard !queue.isEmpty, !isRunActive, question == nil, approval == nil else { return nil }
        return queue.takeNext()?.text
    }
}
