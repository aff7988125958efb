import VeetCurses
import VeetTokens

/// What Settings and its Persona page share: a titled page of cards centred up to 110 columns, and a
/// footer that shows the keys, or a message in amber in their place.
enum CardPage {
    /// Fills the page and its title row; the cards' column and width.
    static func drawFrame(_ title: String, in grid: inout ScreenGrid, page: TextStyle) -> (left: Int, width: Int) {
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" ✦ " + title, row: 0, column: 0, style: header)
        let width = min(grid.width - 4, 110)
        return ((grid.width - width) / 2, width)
    }

    static func drawFooter(keys: String, message: String, in grid: inout ScreenGrid) {
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        _ = grid.put(" " + (message.isEmpty ? keys : message), row: grid.height - 1, column: 0,
                     style: message.isEmpty ? footer : TextStyle(foreground: .amberText, background: .paperDeep),
                     limit: grid.width)
    }
}
