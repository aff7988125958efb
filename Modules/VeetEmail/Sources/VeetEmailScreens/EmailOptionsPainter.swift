import Foundation
import VeetCurses
import VeetEmail
import VeetTokens

/// The reply's draft options under its footer, one line each with its own failure beside
/// it, the discard question in place of Discard, and the history as a sheet.
enum EmailDraftOptions {
    static let labels: [(option: DraftOption, key: String, label: String)] = [
        (.save, "w", "Save now"), (.history, "H", "History"), (.discard, "X", "Discard"), (.endorse, "W", "Writing style example"),
    ]

    static func lines(_ email: EmailScreen, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        for item in labels {
            if item.option == .discard, email.draftSheet == .confirmDiscard {
                lines.append([StyledRun("Discard this draft? ", style: EmailInbox.attention), StyledRun("y discard  Esc keep", style: EmailPage.key)])
                continue
            }
            let control = item.key + " " + item.label
            guard let failure = email.draftErrors[item.option] else {
                lines.append([StyledRun(control, style: EmailPage.key)])
                continue
            }
            // The failure beside its control, wrapped under it when the page is narrow.
            let indent = control.count + 2
            let parts = TextFitting.wrap("⚠ " + failure, width: max(width - indent, 20))
            for (index, part) in parts.enumerated() {
                let head = index == 0 ? StyledRun(control + "  ", style: EmailPage.key)
                    : StyledRun(String(repeating: " ", count: indent), style: EmailInbox.page)
                lines.append([head, StyledRun(part, style: EmailInbox.failure)])
            }
        }
        return lines
    }

    /// The sheet's keys; Ctrl-P lists the same.
    static func keyHints(_ sheet: DraftSheet) -> String {
        switch sheet {
        case .confirmDiscard: "y discard  n keep  Esc keep"
        case .history(nil, _): "Esc close"
        case .history: "↑↓ choose  Enter restore into the editor  Esc close"
        }
    }

    static func drawHistory(_ revisions: [EmailDraft]?, choice: Int, current: EmailDraft?, in grid: inout ScreenGrid) {
        let width = min(grid.width - 4, 100), height = grid.height - 4
        let rect = GridRect(row: 2, column: (grid.width - width) / 2, width: width, height: height)
        let surface = TextStyle(foreground: .ink, background: .surface)
        let soft = TextStyle(foreground: .inkSoft, background: .surface)
        let chosen = TextStyle(foreground: .ink, background: .selected)
        grid.fill(rect, style: surface)
        ReadingPage.drawSheetHeader("Draft history", in: &grid, rect: rect,
                                    style: TextStyle(attributes: .bold, foreground: .ink, background: .surface))
        var row = rect.row + 3
        guard let revisions else {
            grid.put("Reading the revisions…", row: row, column: rect.column + 2, style: soft, limit: rect.right - 2)
            return
        }
        if revisions.isEmpty {
            grid.put("No revisions are kept (their text aged out).", row: row, column: rect.column + 2, style: soft, limit: rect.right - 2)
        }
        // Two lines a revision; the chosen one stays on the sheet.
        let fits = max((height - 6) / 2, 1)
        let first = min(max(choice - fits + 1, 0), max(revisions.count - fits, 0))
        for (index, revision) in revisions.enumerated().dropFirst(first).prefix(fits) {
            let style = index == choice ? chosen : surface
            let isCurrent = current.map { DraftHistory.isCurrent(revision, of: $0) } ?? false
            grid.fill(GridRect(row: row, column: rect.column + 1, width: width - 2, height: 2), style: style)
            grid.put((index == choice ? "› " : "  ") + DraftHistory.label(revision) + (isCurrent ? " (current)" : ""),
                     row: row, column: rect.column + 2, style: style, limit: rect.right - 2)
            let preview = revision.body.split(whereSeparator: \.isNewline).joined(separator: " ")
            grid.put("    " + TextFitting.truncate(preview, width: width - 8), row: row + 1, column: rect.column + 2,
                     style: index == choice ? chosen : soft, limit: rect.right - 2)
            row += 2
        }
        grid.put(keyHints(.history(revisions, choice: choice)), row: rect.bottom - 1, column: rect.column + 2,
                 style: TextStyle(attributes: .bold, foreground: .tealText, background: .surface), limit: rect.right - 2)
    }
}

/// The learning pane as a sheet: on or paused, coverage as threads retrieved, the counts,
/// the disclosure, and the keys (pause or resume, the three resets, excluding the open thread).
enum EmailLearningSheet {
    static func keyHints(_ pane: LearningPane) -> String {
        if let question = pane.question {
            if case .reset = question { return "y reset  n keep  Esc keep" }
            return "y exclude  n keep  Esc keep"
        }
        guard pane.offered, let state = pane.state else { return "Esc close" }
        return (state.paused ? "p resume learning  " : "p pause learning  ")
            + LearningPane.resets.map { "\($0.key) \($0.label)" }.joined(separator: "  ") + "  x exclude this thread  Esc close"
    }

    static func lines(_ pane: LearningPane) -> [(String, TextStyle)] {
        let surface = TextStyle(foreground: .ink, background: .surface)
        let soft = TextStyle(foreground: .inkSoft, background: .surface)
        let amber = TextStyle(attributes: .bold, foreground: .amberText, background: .surface)
        var lines: [(String, TextStyle)] = [("Learning from your mail", TextStyle(attributes: .bold, foreground: .ink, background: .surface))]
        guard pane.offered else {
            return lines + [(EmailError.partUnavailable(.learning).description, soft)]
        }
        guard let state = pane.state else { return lines + [("Reading…", soft)] }
        let summary = LearningDisclosure.summary(state)
        lines.append((summary[0], state.paused ? amber : TextStyle(attributes: .bold, foreground: .tealText, background: .surface)))
        lines += summary.dropFirst().map { ($0, surface) }
        lines.append(("", surface))
        lines += LearningDisclosure.lines.map { ($0, soft) }
        lines.append(("", surface))
        switch pane.question {
        case .reset(let scope)?:
            lines.append(("Reset? " + LearningDisclosure.describe(scope) + " This cannot be undone.", amber))
        case .exclude(_, _, let subject)?:
            lines.append(("Exclude \"\(subject)\"? What was learned from it is erased, and it will not be learned from again.", amber))
        case nil:
            if pane.busy { lines.append(("Working…", soft)) }
            if let outcome = pane.outcome { lines.append((outcome, pane.failed ? amber : soft)) }
        }
        return lines
    }

    static func draw(_ pane: LearningPane, in grid: inout ScreenGrid) {
        let width = min(grid.width - 4, 100), height = grid.height - 4
        let rect = GridRect(row: 2, column: (grid.width - width) / 2, width: width, height: height)
        grid.fill(rect, style: TextStyle(foreground: .ink, background: .surface))
        var wrapped: [(String, TextStyle)] = []
        for (text, style) in lines(pane) {
            let parts = TextFitting.wrap(text, width: width - 4)
            wrapped += (parts.isEmpty ? [""] : parts).map { ($0, style) }
        }
        for (offset, line) in wrapped.prefix(height - 3).enumerated() {
            grid.put(line.0, row: rect.row + 1 + offset, column: rect.column + 2, style: line.1, limit: rect.right - 2)
        }
        grid.put(TextFitting.truncate(keyHints(pane), width: width - 4), row: rect.bottom - 1, column: rect.column + 2,
                 style: TextStyle(attributes: .bold, foreground: .tealText, background: .surface), limit: rect.right - 2)
    }
}
