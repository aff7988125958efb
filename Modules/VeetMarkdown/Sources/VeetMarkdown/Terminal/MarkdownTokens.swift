import VeetTokens

extension MarkdownRoles {
    /// The look of text playing these roles, in the A2 tokens (docs/tokens.md):
    /// headings and strong text bold, emphasis italic, code and links in
    /// `tealText` (code on the `field` well, links underlined), struck-through,
    /// quoted and dim text faint in `inkFaint`. Roles apply in their declared
    /// order, so where two set a colour the later one wins (code inside
    /// strikethrough keeps the code colour, and stays faint). The TUI draws
    /// runs with it; `MarkdownPalette.tokens` turns it into the CLI's SGR.
    public func style(base: TextStyle = TextStyle()) -> TextStyle {
        var style = base
        for role in MarkdownRole.allCases where contains(role) {
            switch role {
            case .heading, .strong: style.attributes.insert(.bold)
            case .emphasis: style.attributes.insert(.italic)
            case .strikethrough, .quote, .dim:
                style.attributes.insert(.faint)
                style.foreground = .inkFaint
            case .code:
                style.foreground = .tealText
                style.background = .field
            case .link:
                style.attributes.insert(.underline)
                style.foreground = .tealText
            }
        }
        return style
    }
}

extension MarkdownPalette {
    /// The SGR of each role from the A2 tokens, for a terminal that shows
    /// `capability` in `appearance`: the same looks as the TUI's
    /// (`MarkdownRoles.style`). Struck-through text is also crossed out, an
    /// attribute the tokens have no name for.
    public static func tokens(capability: ColorCapability, appearance: Appearance, palette: Palette = .a2) -> MarkdownPalette {
        var parameters: [MarkdownRole: String] = [:]
        for role in MarkdownRole.allCases {
            let sgr = MarkdownRoles(role).style().sgrParameters(capability: capability, appearance: appearance, palette: palette)
            parameters[role] = role == .strikethrough ? (sgr.isEmpty ? "9" : "9;" + sgr) : sgr
        }
        return MarkdownPalette(parameters)
    }
}
