import Testing
import VeetMarkdown
import VeetTokens

/// `veet chat` draws Markdown in the A2 tokens, as the TUI does, not in literal cyan, yellow and blue.
@Suite struct MarkdownTokensTests {
    static func sgr(_ role: MarkdownRole, _ capability: ColorCapability, _ appearance: Appearance) -> String {
        MarkdownPalette.tokens(capability: capability, appearance: appearance)[role]
    }

    @Test func codeAndLinksAreTealTextAndCodeSitsOnTheFieldWell() {
        let tealText = TerminalColor(Palette.a2.resolved(.tealText, in: .dark), capability: .trueColor)
        let field = TerminalColor(Palette.a2.resolved(.field, in: .dark), capability: .trueColor)
        #expect(Self.sgr(.code, .trueColor, .dark) == "\(tealText.foregroundParameters!);\(field.backgroundParameters!)")
        #expect(Self.sgr(.link, .trueColor, .dark) == "4;\(tealText.foregroundParameters!)")
        #expect(Self.sgr(.heading, .trueColor, .dark) == "1")
        #expect(Self.sgr(.emphasis, .trueColor, .dark) == "3")
        #expect(Self.sgr(.strikethrough, .trueColor, .dark).hasPrefix("9;2;"))
    }

    @Test(arguments: [ColorCapability.trueColor, .ansi256, .ansi16], [Appearance.light, .dark])
    func noRoleIsTheOldLiteralColour(capability: ColorCapability, appearance: Appearance) {
        let tokens = MarkdownPalette.tokens(capability: capability, appearance: appearance)
        #expect(tokens[.code] != MarkdownPalette.standard[.code], "code was yellow (33)")
        #expect(tokens[.heading] != MarkdownPalette.standard[.heading], "headings were bold cyan (1;36)")
        #expect(tokens[.link] != MarkdownPalette.standard[.link], "links were underlined blue (4;34)")
    }

    @Test func eachRoleLooksAsTheTUIDrawsIt() {
        // The one mapping both front ends read: the palette is each role's style, encoded.
        for role in MarkdownRole.allCases where role != .strikethrough {
            #expect(Self.sgr(role, .ansi256, .light)
                    == MarkdownRoles(role).style().sgrParameters(capability: .ansi256, appearance: .light))
        }
    }

    /// The table in docs/tokens.md.
    @Test func sixteenColoursInTheDarkAreAsDocumented() {
        let palette = MarkdownPalette.tokens(capability: .ansi16, appearance: .dark)
        let roles: [MarkdownRole] = [.heading, .strong, .emphasis, .code, .link, .strikethrough, .quote, .dim]
        #expect(roles.map { palette[$0] } == ["1", "1", "3", "96", "4;96", "9;2", "2", "2"])
    }

    @Test func withoutColourOnlyAttributesRemain() {
        #expect(Self.sgr(.code, .noColor, .dark) == "")
        #expect(Self.sgr(.link, .noColor, .dark) == "4")
        #expect(Self.sgr(.quote, .noColor, .dark) == "2")
    }
}
