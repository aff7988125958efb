import Foundation
import VeetCurses
import VeetStore
import VeetTokens

/// The banner over the conversation while the TUI runs on a store in memory
/// because the file could not be opened: why, and that nothing is kept.
/// The index, transcripts and outbox still work; they are read again from
/// the server and go when the TUI quits.
enum StoreBanner {
    static func text(reason: String) -> String {
        "Can't open the local store (\(reason)): nothing is kept after you quit"
    }

    /// The few words of `error` the banner names (a `StoreError`'s `shortReason`).
    static func reason(for error: any Error) -> String {
        (error as? StoreError)?.shortReason ?? "\(error)"
    }

    /// Wrapped to the pane, at most two lines (the second cut with "…").
    static func lines(_ text: String, width: Int) -> [String] {
        let wrapped = TextFitting.wrap(text, width: max(width, 8))
        guard wrapped.count > 2 else { return wrapped }
        return [wrapped[0], TextFitting.truncate(wrapped[1] + " " + wrapped[2...].joined(separator: " "), width: max(width, 8))]
    }

    static let style = TextStyle(attributes: .bold, foreground: .amberText, background: .paperDeep)

    static func draw(_ lines: [String], in grid: inout ScreenGrid, row: Int, column: Int, width: Int, rows: Int) {
        guard !lines.isEmpty, rows > 0 else { return }
        grid.fill(GridRect(row: row, column: column, width: width, height: rows), style: style)
        for (index, line) in lines.prefix(rows).enumerated() {
            _ = grid.put(line, row: row + index, column: column + 1, style: style, limit: column + width - 1)
        }
    }
}
