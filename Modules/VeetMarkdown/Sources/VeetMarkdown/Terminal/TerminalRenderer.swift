import VeetTerminal

/// Renders Markdown for a terminal of a given width. Text wraps by display
/// width; code blocks and tables too wide for their minimum overflow.
public struct TerminalRenderer: Sendable {
    public var width: Int
    public var style: TerminalStyle

    public init(width: Int, style: TerminalStyle) {
        self.width = max(1, width)
        self.style = style
    }

    /// Lays out, then encodes each line with the style's SGR and OSC 8 sequences.
    public func render(_ document: MarkdownDocument) -> RenderedMarkdown {
        let layout = layout(document)
        return RenderedMarkdown(lines: encode(layout.lines), codeBlocks: layout.codeBlocks)
    }

    /// Parses then renders: the same lines as `render(MarkdownDocument.parse(markdown))`,
    /// laid out straight from cmark's tree.
    public func render(markdown: String) -> RenderedMarkdown {
        let layout = layout(markdown: markdown)
        return RenderedMarkdown(lines: encode(layout.lines), codeBlocks: layout.codeBlocks)
    }

    /// The lines as runs with roles, before any escape sequence. The style's
    /// `attributes`, `hyperlinks` and `glyphs` shape the layout; its palette
    /// is only used by `render`.
    public func layout(_ document: MarkdownDocument) -> StyledMarkdown {
        let lines = styledLines(document.blocks, width: width, tight: false)
        return StyledMarkdown(lines: lines, codeBlocks: Self.codeBlocks(in: lines))
    }

    /// Parses then lays out: the same as `layout(MarkdownDocument.parse(markdown))`
    /// without building the document (`CmarkLayout`).
    public func layout(markdown: String) -> StyledMarkdown {
        let lines = withCmarkTree(markdown) { root, _ in CmarkLayout(renderer: self).lines(root) }
        return StyledMarkdown(lines: lines, codeBlocks: Self.codeBlocks(in: lines))
    }

    /// The lines of each top-level block separately, without separators
    /// (used by streaming, which commits block by block).
    func renderBlockLines(_ block: MarkdownBlock) -> [String] {
        encode(styledLines(block, width: width, listDepth: 0))
    }

    private func encode(_ styled: [MarkdownLine]) -> [String] {
        var encoder = LineEncoder(style: style)
        var lines: [String] = []
        lines.reserveCapacity(styled.count)
        for line in styled { lines.append(encoder.encode(line)) }
        return lines
    }

    static func codeBlocks(in lines: [MarkdownLine]) -> [RenderedCodeBlock] {
        var codeBlocks: [RenderedCodeBlock] = []
        for (number, line) in lines.enumerated() {
            if line.startsCodeBlock {
                codeBlocks.append(RenderedCodeBlock(index: codeBlocks.count, lineRange: number..<number + 1))
            } else if line.inCodeBlock, !codeBlocks.isEmpty {
                codeBlocks[codeBlocks.count - 1].lineRange = codeBlocks[codeBlocks.count - 1].lineRange.lowerBound..<number + 1
            }
        }
        return codeBlocks
    }

    // MARK: Blocks

    var flattener: InlineFlattener { InlineFlattener(style: style) }

    /// Blocks one after another; a blank line between them unless `tight`
    /// (paragraphs in a tight list item).
    func styledLines(_ blocks: [MarkdownBlock], width: Int, tight: Bool, listDepth: Int = 0) -> [MarkdownLine] {
        var lines: [MarkdownLine] = []
        appendStyledLines(blocks, width: width, tight: tight, listDepth: listDepth, to: &lines)
        return lines
    }

    func styledLines(_ block: MarkdownBlock, width: Int, listDepth: Int) -> [MarkdownLine] {
        var lines: [MarkdownLine] = []
        appendStyledLines(block, width: width, listDepth: listDepth, to: &lines)
        return lines
    }

    /// Appends into one growing array so nested blocks do not build and copy
    /// intermediate arrays of lines.
    private func appendStyledLines(_ blocks: [MarkdownBlock], width: Int, tight: Bool, listDepth: Int,
                                   to lines: inout [MarkdownLine]) {
        for (position, block) in blocks.enumerated() {
            if position > 0, !tight { lines.append(MarkdownLine()) }
            appendStyledLines(block, width: width, listDepth: listDepth, to: &lines)
        }
    }

    private func appendStyledLines(_ block: MarkdownBlock, width: Int, listDepth: Int, to lines: inout [MarkdownLine]) {
        switch block {
        case .paragraph(let inlines):
            appendParagraph(flattener.runs(inlines), width: width, to: &lines)
        case .heading(let level, let inlines):
            appendHeading(level: level, flattener.runs(inlines, roles: MarkdownRoles(.heading)), width: width, to: &lines)
        case .blockQuote(let children):
            appendQuote(width: width, to: &lines) { width, lines in
                appendStyledLines(children, width: width, tight: false, listDepth: listDepth, to: &lines)
            }
        case .list(let list):
            appendList(isOrdered: list.isOrdered, start: list.start, isTight: list.isTight,
                       tasks: list.items.map(\.taskChecked), width: width, depth: listDepth, to: &lines) { item, width, lines in
                appendStyledLines(list.items[item].blocks, width: width, tight: list.isTight, listDepth: listDepth + 1,
                                  to: &lines)
            }
        case .codeBlock(let code):
            lines += codeBlock(code)
        case .thematicBreak:
            appendThematicBreak(width: width, to: &lines)
        case .table(let table):
            let header = table.header.map { flattener.runs($0, roles: MarkdownRoles(.strong)) }
            let rows = table.rows.map { row in row.map { flattener.runs($0) } }
            appendTable(alignments: table.alignments, header: header, rows: rows, width: width, to: &lines)
        case .htmlBlock(let html):
            appendHTMLBlock(html, to: &lines)
        }
    }

    // MARK: Block builders, shared by the model walk above and the cmark walk (CmarkLayout)

    func appendParagraph(_ runs: [MarkdownRun], width: Int, to lines: inout [MarkdownLine]) {
        for runs in LineWrapper.wrap(runs, width: width) { lines.append(MarkdownLine(runs)) }
    }

    /// `runs` already carry the heading role.
    func appendHeading(level: Int, _ runs: [MarkdownRun], width: Int, to lines: inout [MarkdownLine]) {
        let roles = MarkdownRoles(.heading)
        let marker = String(repeating: "#", count: max(1, min(level, 6))) + " "
        let markerWidth = marker.utf8.count
        let wrapped = LineWrapper.wrap(runs, width: width - markerWidth)
        let indent = [MarkdownRun(String(repeating: " ", count: markerWidth), roles: .none)]
        for (number, runs) in wrapped.enumerated() {
            lines.append(number == 0 ? MarkdownLine([MarkdownRun(marker, roles: roles)] + runs) : MarkdownLine(indent + runs))
        }
    }

    /// `body` appends the quoted blocks laid out in the width left inside the bar.
    func appendQuote(width: Int, to lines: inout [MarkdownLine], body: (Int, inout [MarkdownLine]) -> Void) {
        let bar = [MarkdownRun(style.glyphs.quoteBar + " ", roles: MarkdownRoles(.quote))]
        let first = lines.count
        body(width - bar[0].width, &lines)
        for index in first..<lines.count { lines[index].prefix(with: bar) }
    }

    func appendThematicBreak(width: Int, to lines: inout [MarkdownLine]) {
        let count = max(1, min(width, 80))
        lines.append(MarkdownLine([MarkdownRun(String(repeating: style.glyphs.rule, count: count), roles: MarkdownRoles(.dim))]))
    }

    /// Header cells already flattened with the strong role.
    func appendTable(alignments: [MarkdownTableAlignment], header: [[MarkdownRun]], rows: [[[MarkdownRun]]], width: Int,
                     to lines: inout [MarkdownLine]) {
        let first = lines.count
        lines += TableLayout(alignments: alignments, header: header, rows: rows, style: style, width: width).lines()
        for index in first..<lines.count { lines[index].inTable = true }
        if first < lines.count { lines[first].startsTable = true }
    }

    func appendHTMLBlock(_ html: String, to lines: inout [MarkdownLine]) {
        for text in literalLines(html) { lines.append(MarkdownLine([MarkdownRun(text, roles: MarkdownRoles(.dim))])) }
    }

    /// One list; `tasks` holds each item's check box (nil: none), and `item`
    /// appends the blocks of item `index` laid out in the width left after its marker.
    func appendList(isOrdered: Bool, start: Int, isTight: Bool, tasks: [Bool?], width: Int, depth: Int,
                    to lines: inout [MarkdownLine], item: (_ index: Int, _ width: Int, inout [MarkdownLine]) -> Void) {
        let glyphs = style.glyphs
        let lastNumber = start + max(0, tasks.count - 1)
        let numberWidth = String(lastNumber).count + 1
        for (position, taskChecked) in tasks.enumerated() {
            if position > 0, !isTight { lines.append(MarkdownLine()) }
            var marker: String
            if isOrdered {
                let number = String(start + position) + "."
                marker = String(repeating: " ", count: numberWidth - number.count) + number + " "
            } else {
                marker = glyphs.bullets[depth % glyphs.bullets.count] + " "
            }
            if let checked = taskChecked {
                let box = (checked ? glyphs.taskDone : glyphs.taskOpen) + " "
                marker = isOrdered ? marker + box : box
            }
            let markerRun = MarkdownRun(marker, roles: MarkdownRoles(.dim))
            let indent = [MarkdownRun(String(repeating: " ", count: markerRun.width))]
            let first = lines.count
            item(position, width - markerRun.width, &lines)
            if lines.count == first {
                lines.append(MarkdownLine().prefixed(by: [markerRun]))
                continue
            }
            let markerPrefix = [markerRun]
            for index in first..<lines.count {
                lines[index].prefix(with: index == first ? markerPrefix : indent)
            }
        }
    }

    func codeBlock(_ code: MarkdownCodeBlock) -> [MarkdownLine] {
        let glyphs = style.glyphs
        let dim = MarkdownRoles(.dim)
        var top = [MarkdownRun(glyphs.codeTop, roles: dim)]
        if let language = code.language {
            top += [MarkdownRun(" "), MarkdownRun(TerminalText.visible(language), roles: dim)]
        }
        var lines = [MarkdownLine(top, startsCodeBlock: true, inCodeBlock: true)]
        lines[0].pinsWholeLine = true
        let side = MarkdownRun(glyphs.codeSide, roles: dim)
        for line in literalLines(code.literal) {
            var laid = line.isEmpty ? MarkdownLine([side], inCodeBlock: true)
                : MarkdownLine([side, MarkdownRun(" "), MarkdownRun(line, roles: MarkdownRoles(.code))], inCodeBlock: true)
            laid.framePinned = side.width + 1
            lines.append(laid)
        }
        var bottom = MarkdownLine([MarkdownRun(glyphs.codeBottom, roles: dim)], inCodeBlock: true)
        bottom.pinsWholeLine = true
        lines.append(bottom)
        return lines
    }

    /// The lines of a literal, tabs expanded to 4-column stops and control
    /// characters made visible; the final newline does not start a line.
    private func literalLines(_ literal: String) -> [String] {
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var text = String(line)
            if text.utf8.last == 0x0D { text.removeLast() }
            // Visible first: a control character becomes U+FFFD, one column, before tab stops are counted.
            return expandingTabs(TerminalText.visible(text))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private func expandingTabs(_ line: String) -> String {
        guard line.utf8.contains(0x09) else { return line }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 4 - column % 4
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }
}
