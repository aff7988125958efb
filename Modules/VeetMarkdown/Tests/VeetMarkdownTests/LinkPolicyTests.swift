import Testing
@testable import VeetMarkdown

private func richLine(_ markdown: String) -> String {
    TerminalRenderer(width: 200, style: richTestStyle).render(markdown: markdown).lines.map(visualize).joined(separator: "\n")
}

@Test(arguments: [
    ("[t](https://a.test/x)", "{https://a.test/x}<L>t</>{/}"),
    ("[t](HTTPS://a.test/)", "{HTTPS://a.test/}<L>t</>{/}"),
    ("[t](mailto:me@a.test)", "{mailto:me@a.test}<L>t</>{/}"),
    ("[t](http://a.test/)", "<L>t</> <D>(http://a.test/)</>"),
    ("[t](javascript:alert(1))", "<L>t</> <D>(javascript:alert(1))</>"),
    ("[t](file:///etc/passwd)", "<L>t</> <D>(file:///etc/passwd)</>"),
    ("[t](ftp://a.test/)", "<L>t</> <D>(ftp://a.test/)</>"),
    ("[t](data:text/html,x)", "<L>t</> <D>(data:text/html,x)</>"),
    ("[t](/relative/path)", "<L>t</> <D>(/relative/path)</>"),
    ("[https://a.test](https://a.test)", "{https://a.test}<L>https://a.test</>{/}"),
    ("[http://a.test](http://a.test)", "<L>http://a.test</>"),
])
func onlyHTTPSAndMailtoBecomeHyperlinks(markdown: String, expected: String) {
    #expect(richLine(markdown) == expected)
}

@Test func hyperlinkTargetsCarryOnlyPrintableASCII() {
    #expect(LinkPolicy.hyperlinkTarget("https://例え.jp/ä") == "https://%E4%BE%8B%E3%81%88.jp/%C3%A4")
    #expect(LinkPolicy.hyperlinkTarget("https://a.test/\u{1B}]8;;evil") == nil)
    #expect(LinkPolicy.hyperlinkTarget("https://a.test/with space") == nil)
    #expect(LinkPolicy.hyperlinkTarget("http://a.test") == nil)
}

@Test func hyperlinksCanBeOffWhileAttributesAreOn() {
    let style = TerminalStyle(attributes: true, hyperlinks: false, palette: testPalette)
    let line = TerminalRenderer(width: 80, style: style).render(markdown: "[docs](https://a.test)").lines.map(visualize)
    #expect(line == ["<L>docs</> <D>(https://a.test)</>"])
}

@Test func hyperlinksWithoutAttributesStillWork() {
    let style = TerminalStyle(attributes: false, hyperlinks: true)
    let line = TerminalRenderer(width: 80, style: style).render(markdown: "a [docs](https://a.test) b").lines.map(visualize)
    #expect(line == ["a {https://a.test}docs{/} b"])
}

@Test func markdownTextCannotInjectEscapeSequences() {
    let hostile = "x\u{1B}]8;;https://evil\u{1B}\\y\u{9B}31m `\u{1B}[2J`\n\n```\n\u{1B}[2J\n```"
    for style in [TerminalStyle.plain, .rich] {
        let lines = TerminalRenderer(width: 80, style: style).render(markdown: hostile).lines
        let leaked = lines.joined().unicodeScalars.contains { $0 == "\u{9B}" }
        #expect(!leaked)
        if style == .plain { #expect(!lines.joined().contains("\u{1B}")) }
        #expect(lines.joined().contains("\u{FFFD}[2J"))
    }
}
