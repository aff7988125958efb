import VeetTokens

/// A bordered card: the frame that dialogs, menus and the help overlay share.
public enum Box {
    /// Fills `rect` with `fill`, draws a single-line border in `border` and
    /// `title` in its top edge; returns the inside.
    @discardableResult
    public static func draw(in grid: inout ScreenGrid, rect: GridRect, title: String? = nil,
                            fill: TextStyle, border: TextStyle, titleStyle: TextStyle) -> GridRect {
        grid.fill(rect, style: fill)
        guard rect.width >= 2, rect.height >= 2 else { return GridRect(row: rect.row, column: rect.column, width: 0, height: 0) }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        grid.put("┌" + horizontal + "┐", row: rect.row, column: rect.column, style: border)
        grid.put("└" + horizontal + "┘", row: rect.bottom - 1, column: rect.column, style: border)
        for row in (rect.row + 1)..<(rect.bottom - 1) {
            grid.put("│", row: row, column: rect.column, style: border)
            grid.put("│", row: row, column: rect.right - 1, style: border)
        }
        if let title, rect.width > 4 {
            let text = " " + TextFitting.truncate(title, width: rect.width - 6) + " "
            grid.put(text, row: rect.row, column: rect.column + 2, style: titleStyle)
        }
        return rect.inset(by: 1)
    }
}
