import VeetCurses

/// The F3 and outbox screens' keys, one table each: the footer is written from it
/// and Ctrl-P lists it, so the palette shows exactly what the footer promises.
enum ScreenKeys {
    static let website: [CommandPalette.Item] = [
        .init("use for new chats", hint: "u", press: .char("u")),
        .init("sign in again", hint: "s", press: .char("s")),
        .init("add", hint: "a", press: .char("a")),
        .init("copy the link", hint: "c", press: .char("c")),
        .init("refresh", hint: "g", press: .char("g")),
        .init("revoke", hint: "r", press: .char("r")),
        .init("delete (after revoke)", hint: "x", press: .char("x")),
    ]

    static let outbox: [CommandPalette.Item] = [
        .init("send again", hint: "r", press: .char("r")),
        .init("discard", hint: "x", press: .char("x")),
        .init("refresh", hint: "g", press: .char("g")),
    ]

    /// " ↑↓ choose  p pause  ...  Esc close"; where it would not fit `width`, without " ↑↓ choose".
    static func footer(_ keys: [CommandPalette.Item], width: Int = .max) -> String { ListPage.footer(keys, width: width) }
}
