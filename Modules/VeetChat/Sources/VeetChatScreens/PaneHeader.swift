import VeetCurses
import VeetTerminal
import VeetTokens

/// The title line of a pane docked above the composer (the queue, the attachment tray):
/// the title on the left, its keys on the right when both fit; both teal while the pane has the focus.
enum PaneHeader {
    static func draw(_ header: (title: String, keys: String), focused: Bool, in grid: inout ScreenGrid, rect: GridRect) {
        let limit = rect.column + rect.width
        let titleStyle = focused ? TranscriptStyles.cursor : TextStyle(attributes: .bold, foreground: .ink, background: .paper)
        _ = grid.put(header.title, row: rect.row, column: rect.column, style: titleStyle, limit: limit)
        let keysWidth = DisplayWidth.of(header.keys)
        if DisplayWidth.of(header.title) + keysWidth + 2 <= rect.width {
            _ = grid.put(header.keys, row: rect.row, column: limit - keysWidth,
                         style: focused ? TranscriptStyles.cursor : TranscriptStyles.faint, limit: limit)
        }
    }
}
