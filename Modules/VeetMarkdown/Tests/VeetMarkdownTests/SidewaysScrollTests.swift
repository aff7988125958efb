import Testing
@testable import VeetMarkdown

/// Code blocks and tables wider than the width move sideways as a window;
/// everything else stays as laid out.
@Suite struct SidewaysScrollTests {
    let renderer = TerminalRenderer(width: 30, style: .plain)

    func text(_ layout: StyledMarkdown) -> [String] {
        layout.lines.map { $0.runs.map(\.text).joined() }
    }

    @Test func aWideCodeBlockShowsAWindowItsBarAndWhereItIs() {
        let code = "let total = rides * fare + surcharge * days"  // 43 columns
        let layout = renderer.layout(markdown: "Intro text.\n\n```swift\n\(code)\nok\n```")
        let block = try! #require(layout.scrollableBlocks.first)
        #expect(block.kind == .code(index: 0))
        #expect(block.pinnedWidth == 2)
        #expect(block.contentWidth == 43)
        #expect(renderer.maxSidewaysShift(layout) == 43 - 28)

        let start = text(renderer.scrolledSideways(layout, by: 0))
        #expect(start == ["Intro text.", "", "╭─ swift", "│ let total = rides * fare + s", "│ ok", "╰─",
                          "columns 1–28 of 43 ▸"])
        let moved = text(renderer.scrolledSideways(layout, by: 10))
        #expect(moved[3] == "│ = rides * fare + surcharge *")
        #expect(moved.last == "◂ columns 11–38 of 43 ▸")
        let end = text(renderer.scrolledSideways(layout, by: 1_000))
        #expect(end[3] == "│ es * fare + surcharge * days")
        #expect(end.last == "◂ columns 16–43 of 43")
        #expect(renderer.scrolledSideways(layout, by: 10).codeBlocks.first?.lineRange == 2..<6)
    }

    @Test func aBlockThatFitsAndOrdinaryTextNeverMove() {
        let layout = renderer.layout(markdown: "A paragraph long enough to wrap over lines.\n\n```\nshort\n```")
        #expect(renderer.maxSidewaysShift(layout) == 0)
        #expect(renderer.scrolledSideways(layout, by: 12) == layout)
    }

    @Test func aWideTableMovesWithItsBordersAndKeepsItsListIndent() {
        let table = "| Line | Single ride | Day pass | Monthly pass |\n|---|---|---|---|\n| 28E | 1.85 | 6.80 | 40.00 |"
        let layout = TerminalRenderer(width: 20, style: .plain).layout(markdown: "- item\n\n  " + table.replacingOccurrences(of: "\n", with: "\n  "))
        let blocks = layout.scrollableBlocks
        #expect(blocks.count == 1)
        #expect(blocks.first?.kind == .table)
        #expect(blocks.first?.pinnedWidth == 2, "the list's indent stays put")
        let renderer = TerminalRenderer(width: 20, style: .plain)
        let moved = text(renderer.scrolledSideways(layout, by: 5))
        let rows = moved.filter { $0.contains("│") || $0.contains("─") }
        #expect(rows.allSatisfy { $0.hasPrefix("  ") }, "\(moved)")
        #expect(rows.allSatisfy { $0.count <= 20 }, "\(moved)")
        #expect(moved.last?.hasPrefix("  ◂ columns 6–23 of ") == true, "\(moved)")
    }

    @Test func aWideCharacterCutByTheEdgeBecomesSpaces() {
        let runs = [MarkdownRun("ab漢字cd")]  // a b 漢(2) 字(2) c d = 8 columns
        #expect(TerminalRenderer.columns(of: runs, from: 3, to: 6).map(\.text).joined() == " 字")
        #expect(TerminalRenderer.columns(of: runs, from: 0, to: 3).map(\.text).joined() == "ab ")
    }
}
