import VeetCurses

/// The outbox and devices screens' keys, one table each: the footer is written from it
/// and Ctrl-P lists it, so the palette shows exactly what the footer promises.
enum ScreenKeys {
    static let outbox: [CommandPalette.Item] = [
        .init("send again", hint: "r", press: .char("r")),
        .init("discard", hint: "x", press: .char("x")),
        .init("refresh", hint: "g", press: .char("g")),
    ]

    static let devices: [CommandPalette.Item] = [
        .init("revoke", hint: "x", press: .char("x")),
        .init("refresh", hint: "g", press: .char("g")),
    ]

    /// " ↑↓ choose  p pause  ...  Esc close"; where it would not fit `width`, without " ↑↓ choose".
    static func footer(_ keys: [CommandPalette.Item], width: Int = .max) -> String {
        let actions = keys.map { "\($0.hint) \($0.title)" }.joined(separator: "  ") + "  Esc close"
        let full = " ↑↓ choose  " + actions
        return full.count <= width ? full : " " + actions
    }
}
