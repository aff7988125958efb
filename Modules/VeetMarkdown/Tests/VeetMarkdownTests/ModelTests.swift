import Testing
@testable import VeetMarkdown

@Test func parsesBlocksAndInlinesIntoTheModel() {
    let document = MarkdownDocument.parse("""
    ## Hi *there*

    - [x] done
    - [ ] open

    3. three
    4. four

    | a | b |
    |:--|--:|
    | `x` | ~~y~~ |
    """)
    #expect(document.blocks.count == 4)
    #expect(document.blocks[0] == .heading(level: 2, [.text("Hi "), .emphasis([.text("there")])]))
    guard case .list(let tasks) = document.blocks[1], case .list(let ordered) = document.blocks[2],
          case .table(let table) = document.blocks[3] else {
        Issue.record("unexpected blocks: \(document.blocks)")
        return
    }
    #expect(tasks.isOrdered == false && tasks.isTight)
    #expect(tasks.items.map(\.taskChecked) == [true, false])
    #expect(tasks.items[0].blocks == [.paragraph([.text("done")])])
    #expect(ordered.isOrdered && ordered.start == 3 && ordered.items.count == 2)
    #expect(table.alignments == [.left, .right])
    #expect(table.header == [[.text("a")], [.text("b")]])
    #expect(table.rows == [[[.code("x")], [.strikethrough([.text("y")])]]])
}

@Test func linksImagesBreaksAndHTMLAreKept() {
    let document = MarkdownDocument.parse("[a](https://x.test \"T\") ![alt](i.png)  \nnext <b>raw</b>\nsoft")
    #expect(document.blocks == [.paragraph([
        .link(url: "https://x.test", title: "T", [.text("a")]), .text(" "),
        .image(url: "i.png", title: "", alt: [.text("alt")]), .lineBreak,
        .text("next "), .html("<b>"), .text("raw"), .html("</b>"), .softBreak, .text("soft"),
    ])])
}

@Test func codeBlocksAreAddressableWithExactContents() {
    let source = "```swift title\nlet a = 1\n\tlet b = \"<&>\"\n```\n\n> ```\n> nested\n> ```\n\n- item\n\n      indented\n"
    let blocks = MarkdownDocument.parse(source).codeBlocks
    #expect(blocks.map(\.index) == [0, 1, 2])
    #expect(blocks[0].language == "swift")
    #expect(blocks[0].contents == "let a = 1\n\tlet b = \"<&>\"\n")
    #expect(blocks[1].language == nil && blocks[1].contents == "nested\n")
    #expect(blocks[2].contents == "indented\n")
}

@Test func renderedCodeBlockRangesMatchTheDocumentNumbering() {
    let rendered = TerminalRenderer(width: 40, style: .plain).render(markdown: "Intro\n\n```sh\nls\npwd\n```\n\n- ```\n  x\n  ```")
    #expect(rendered.codeBlocks == [RenderedCodeBlock(index: 0, lineRange: 2..<6), RenderedCodeBlock(index: 1, lineRange: 7..<10)])
    #expect(rendered.lines[2..<6] == ["╭─ sh", "│ ls", "│ pwd", "╰─"])
    #expect(rendered.lines[7] == "• ╭─")
}

@Test func parsingIsSafeFromManyTasksAtOnce() async {
    let source = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] ok ~~no~~ www.example.com\n"
    let expected = MarkdownDocument.parse(source)
    let results = await withTaskGroup(of: MarkdownDocument.self) { group in
        for _ in 0..<16 { group.addTask { MarkdownDocument.parse(source) } }
        return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 16)
    #expect(results.allSatisfy { $0 == expected })
}

@Test func asciiGlyphsKeepTheLayoutReadable() {
    let style = TerminalStyle(attributes: false, hyperlinks: false, glyphs: .ascii)
    let lines = TerminalRenderer(width: 40, style: style)
        .render(markdown: "> quote\n\n- a\n  - b\n\n```\nx\n```\n\n| h |\n|---|\n| v |").lines
    #expect(lines == ["| quote", "", "- a", "  * b", "", "+-", "| x", "+-", "", "+---+", "| h |", "+---+", "| v |", "+---+"])
}

@Test func paletteRolesMapToSGRInOnePlace() {
    var palette = MarkdownPalette.standard
    palette[.strong] = "1;35"
    let style = TerminalStyle(attributes: true, hyperlinks: false, palette: palette)
    #expect(TerminalRenderer(width: 40, style: style).render(markdown: "**x**").lines == ["\u{1B}[1;35mx\u{1B}[0m"])
}
