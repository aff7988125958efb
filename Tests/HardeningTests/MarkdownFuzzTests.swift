import Foundation
import Testing
import VeetMarkdown

/// Random Markdown-ish text (hostile control characters included) through the
/// parser and the terminal renderer: no trap, and the only escape sequences
/// in the output are the SGR and OSC 8 sequences the renderer opens and closes.
@Suite struct MarkdownFuzzTests {
    static let pieces = [
        "# ", "## ", "> ", "- ", "1. ", "* ", "_", "**", "~~", "`", "```\n", "```swift\n", "| a | b |\n", "|---|:-:|\n",
        "- [x] ", "[link](https://example.com/a?b=c)", "[bad](javascript:alert(1))", "<https://x.y>", "![img](a.png)",
        "\n", "\n\n", "    ", "\t", "word ", "verylongwordwithoutanybreakopportunity", "漢字", "👩‍👩‍👧", "e\u{301}",
        "\u{202E}rtl", "\u{1B}[31mred", "\u{1B}]8;;https://evil\u{1B}\\", "\u{7}", "\u{0}", "\u{8}", "\r", "\u{9B}31m",
        "\u{7F}", "&amp;", "<b>html</b>", "\\", "---\n", "===\n",
    ]

    static func randomText(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test func parsingAndRenderingRandomTextEmitsOnlyBalancedOwnSequences() {
        for seed in UInt64(1)...400 {
            var random = SeededGenerator(seed: 30_000 + seed)
            let text = Self.randomText(&random)
            let document = MarkdownDocument.parse(text)
            let width = Int.random(in: 1...100, using: &random)
            for style in [TerminalStyle.rich, .plain] {
                let rendered = TerminalRenderer(width: width, style: style).render(document)
                for line in rendered.lines {
                    let problem = TerminalLineAudit.problem(in: line, allowEscapes: style != .plain)
                    #expect(problem == nil, "seed \(30_000 + seed) width \(width): \(problem ?? "") in \(line.debugDescription)")
                }
            }
            _ = PlainTextRenderer().render(document)
            _ = HTMLRenderer().render(document)
        }
    }
}

/// Checks one rendered line: no control character outside the renderer's own
/// `ESC [ … m` and `ESC ] 8 ; ; target ESC \` sequences, every hyperlink
/// closed, and attributes reset by the end of the line.
enum TerminalLineAudit {
    static func problem(in line: String, allowEscapes: Bool) -> String? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        var openLinks = 0
        var attributesOn = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                guard allowEscapes else { return "an escape in plain output" }
                guard index + 1 < scalars.count else { return "a dangling escape" }
                if scalars[index + 1] == "[" {
                    var end = index + 2
                    while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
                    guard end < scalars.count, scalars[end] == "m" else { return "a CSI that is not SGR" }
                    attributesOn = String(String.UnicodeScalarView(scalars[(index + 2)..<end])) != "0"
                    index = end + 1
                    continue
                }
                if scalars[index + 1] == "]" {
                    let rest = String(String.UnicodeScalarView(scalars[(index + 2)...]))
                    guard rest.hasPrefix("8;;"), let terminator = rest.range(of: "\u{1B}\\") else { return "an OSC that is not a hyperlink" }
                    let target = rest[rest.index(rest.startIndex, offsetBy: 3)..<terminator.lowerBound]
                    if target.unicodeScalars.contains(where: isControl) { return "a control character in a link target" }
                    openLinks += target.isEmpty ? -1 : 1
                    if openLinks < 0 || openLinks > 1 { return "unbalanced hyperlinks" }
                    index += 2 + target.unicodeScalars.count + 3 + 2
                    continue
                }
                return "an escape that is neither SGR nor OSC 8"
            }
            if isControl(scalar) { return "control character U+\(String(scalar.value, radix: 16))" }
            index += 1
        }
        if openLinks != 0 { return "a hyperlink left open" }
        if attributesOn { return "attributes left on" }
        return nil
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// The audit itself must be able to fail, or the fuzz test proves nothing.
@Suite struct TerminalLineAuditTests {
    @Test func itAcceptsBalancedSequencesAndRejectsTheRest() {
        #expect(TerminalLineAudit.problem(in: "\u{1B}[1mbold\u{1B}[0m", allowEscapes: true) == nil)
        #expect(TerminalLineAudit.problem(in: "\u{1B}]8;;https://a\u{1B}\\a\u{1B}]8;;\u{1B}\\", allowEscapes: true) == nil)
        #expect(TerminalLineAudit.problem(in: "\u{1B}[1mbold", allowEscapes: true) != nil)
        #expect(TerminalLineAudit.problem(in: "\u{1B}]8;;https://a\u{1B}\\a", allowEscapes: true) != nil)
        #expect(TerminalLineAudit.problem(in: "\u{1B}[2J", allowEscapes: true) != nil)
        #expect(TerminalLineAudit.problem(in: "bell\u{7}", allowEscapes: true) != nil)
        #expect(TerminalLineAudit.problem(in: "\u{9B}31m", allowEscapes: true) != nil)
        #expect(TerminalLineAudit.problem(in: "\u{1B}[0m", allowEscapes: false) != nil)
    }
}
