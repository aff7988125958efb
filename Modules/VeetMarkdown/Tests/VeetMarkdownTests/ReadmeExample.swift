import VeetMarkdown

/// An answer laid out for a terminal `width` columns wide, without colour:
/// one string per line.
func plainLines(of markdown: String, width: Int) -> [String] {
    let renderer = TerminalRenderer(width: width, style: TerminalStyle(attributes: false, hyperlinks: false))
    return renderer.render(markdown: markdown).lines
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleWrapsAndKeepsNoEscapeCodes() {
        let lines = plainLines(of: "# Rates\n\nThe *quick* brown fox jumps over the lazy dog.", width: 20)
        #expect(lines.count > 2)
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
    }
}
