import VeetTokens

/// A full-screen list page (the Outbox, the Devices): the page, a title row, the footer's keys and,
/// above it, a notice in amber (a question waiting for y or n, or what the last action came to).
public enum ListPage {
    public static let page = TextStyle(foreground: .ink, background: .paper)
    public static let soft = TextStyle(foreground: .inkSoft, background: .paper)
    public static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)

    public static func drawChrome(_ title: String, keys: [CommandPalette.Item], notice: String, in grid: inout ScreenGrid) {
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" " + title, row: 0, column: 0, style: header)
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        _ = grid.put(Self.footer(keys, width: grid.width), row: grid.height - 1, column: 0, style: footer)
        if !notice.isEmpty { _ = grid.put(" " + notice, row: grid.height - 2, column: 0, style: attention, limit: grid.width) }
    }

    /// " ↑↓ choose  x revoke  g refresh  Esc close"; where it would not fit `width`, without " ↑↓ choose".
    public static func footer(_ keys: [CommandPalette.Item], width: Int = .max) -> String {
        let actions = keys.map { "\($0.hint) \($0.title)" }.joined(separator: "  ") + "  Esc close"
        let full = " ↑↓ choose  " + actions
        return full.count <= width ? full : " " + actions
    }
}
