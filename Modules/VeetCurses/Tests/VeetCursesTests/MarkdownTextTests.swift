import Testing
import VeetMarkdown
import VeetTokens
@testable import VeetCurses

@Suite struct MarkdownTextTests {
    static let page = TextStyle(foreground: .ink, background: .paper)

    func runs(_ markdown: String, width: Int = 40) -> [[StyledRun]] {
        MarkdownText.lines(markdown, width: width, base: Self.page)
    }

    @Test func rolesBecomeTokenStylesOnThePage() {
        let line = runs("plain **bold** *it* `code`")[0]
        #expect(line.map(\.text) == ["plain ", "bold", " ", "it", " ", "code"])
        #expect(line[0].style == Self.page)
        #expect(line[1].style == TextStyle(attributes: .bold, foreground: .ink, background: .paper))
        #expect(line[3].style == TextStyle(attributes: .italic, foreground: .ink, background: .paper))
        #expect(line[5].style == TextStyle(foreground: .tealText, background: .field))
    }

    @Test func aLinkIsUnderlinedTextFollowedByItsFaintURL() {
        let line = runs("see [docs](https://example.com/d)", width: 60)[0]
        #expect(line.map(\.text) == ["see ", "docs", " ", "(https://example.com/d)"])
        #expect(line[1].style == TextStyle(attributes: .underline, foreground: .tealText, background: .paper))
        #expect(line[3].style == TextStyle(attributes: .faint, foreground: .inkFaint, background: .paper))
    }

    @Test func framesAndMarkersAreFaintAndNoTextCarriesAnEscape() {
        let lines = runs("# Title\n\n- item\n\n> quoted\n\n```swift\nlet x = 1\n```\n\n| a |\n|---|\n| b |")
        let faint = TextStyle(attributes: .faint, foreground: .inkFaint, background: .paper)
        #expect(lines[0].map(\.text) == ["# Title"])
        #expect(lines[0][0].style.attributes == .bold)
        #expect(lines[2].first == StyledRun("• ", style: faint))
        #expect(lines[4].first == StyledRun("│ ", style: faint))
        #expect(lines.joined().allSatisfy { !$0.text.unicodeScalars.contains("\u{1B}") })
    }

    @Test func neighboursWithTheSameRolesAreOneRun() {
        // The wrapper hands "a", " " and "b" over as pieces of one run; a soft break adds another.
        let line = runs("a\nb")[0]
        #expect(line == [StyledRun("a b", style: Self.page)])
    }

    @Test func overlappingRolesApplyInTheirDeclaredOrder() {
        let codeInStrikethrough = MarkdownText.style([MarkdownRoles(.strikethrough), MarkdownRoles(.code)], base: Self.page)
        #expect(codeInStrikethrough == TextStyle(attributes: .faint, foreground: .tealText, background: .field))
        let dimLink = MarkdownText.style([MarkdownRoles(.link), MarkdownRoles(.dim)], base: Self.page)
        #expect(dimLink == TextStyle(attributes: [.underline, .faint], foreground: .inkFaint, background: .paper))
    }

    @Test func theWidthNeverDropsBelowTen() {
        #expect(runs("alpha beta gamma", width: 3).map { $0.map(\.text).joined() } == ["alpha beta", "gamma"])
    }
}
