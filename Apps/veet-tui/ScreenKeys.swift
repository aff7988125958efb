import VeetCurses

/// The outbox screen's keys, one table: the footer is written from it
/// and Ctrl-P lists it, so the palette shows exactly what the footer promises.
enum ScreenKeys {
    static let outbox: [CommandPalette.Item] = [
        .init("send again", hint: "r", press: .char("r")),
        .init("discard", hint: "x", press: .char("x")),
        .init("refresh", hint: "g", press: .char("g")),
    ]

    /// " ↑↓ choose  p pause  ...  Esc close"; where it would not fit `width`, without " ↑↓ choose".
    static func footer(_ keys: [CommandPalette.Item], width: Int = .max) -> String { ListPage.footer(keys, width: width) }
}
