import VeetTerminal

/// The terminal rendering of a document: lines without newlines, each one
/// self-contained (every SGR attribute and hyperlink it opens, it closes).
public struct RenderedMarkdown: Sendable, Equatable {
    public var lines: [String]
    /// Where each code block landed, frame lines included, in reading order.
    public var codeBlocks: [RenderedCodeBlock]

    public init(lines: [String], codeBlocks: [RenderedCodeBlock]) {
        self.lines = lines
        self.codeBlocks = codeBlocks
    }
}

public struct RenderedCodeBlock: Sendable, Equatable {
    /// Same numbering as `MarkdownDocument.codeBlocks`.
    public var index: Int
    public var lineRange: Range<Int>

    public init(index: Int, lineRange: Range<Int>) {
        self.index = index
        self.lineRange = lineRange
    }
}

/// Renders Markdown for a terminal of a given width. Text wraps by display
/// width; code blocks and tables too wide for their minimum overflow.
public struct TerminalRenderer: Sendable {
    public var width: Int
    public var style: TerminalStyle

    public init(width: Int, style: TerminalStyle) {
        self.width = max(1, width)
        self.style = style
    }

    public func render(_ document: MarkdownDocument) -> RenderedMarkdown {
        encode(styledLines(document.blocks, width: width, tight: false))
    }

    /// Parses then renders.
    public func render(markdown: String) -> RenderedMarkdown {
        render(MarkdownDocument.parse(markdown))
    }

    /// The lines of each top-level block separately, without separators
    /// (used by streaming, which commits block by block).
    func renderBlockLines(_ block: MarkdownBlock) -> [String] {
        encode(styledLines(block, width: width, listDepth: 0)).lines
    }

    private func encode(_ styled: [StyledLine]) -> RenderedMarkdown {
        var encoder = LineEncoder(style: style)
        var lines: [String] = []
        lines.reserveCapacity(styled.count)
        var codeBlocks: [RenderedCodeBlock] = []
        for (number, line) in styled.enumerated() {
            lines.append(encoder.encode(line))
            if line.startsCodeBlock {
                codeBlocks.append(RenderedCodeBlock(index: codeBlocks.count, lineRange: number..<number + 1))
            } else if line.inCodeBlock, !codeBlocks.isEmpty {
                codeBlocks[codeBlocks.count - 1].lineRange = codeBlocks[codeBlocks.count - 1].lineRange.lowerBound..<number + 1
            }
        }
        return RenderedMarkdown(lines: lines, codeBlocks: codeBlocks)
    }

    // MARK: Blocks

    private var flattener: InlineFlattener { InlineFlattener(style: style) }

    /// Blocks one after another; a blank line between them unless `tight`
    /// (paragraphs in a tight list item).
    func styledLines(_ blocks: [MarkdownBlock], width: Int, tight: Bool, listDepth: Int = 0) -> [StyledLine] {
        var lines: [StyledLine] = []
        appendStyledLines(blocks, width: width, tight: tight, listDepth: listDepth, to: &lines)
        return lines
    }

    func styledLines(_ block: MarkdownBlock, width: Int, listDepth: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        appendStyledLines(block, width: width, listDepth: listDepth, to: &lines)
        return lines
    }

    /// Appends into one growing array so nested blocks do not build and copy
    /// intermediate arrays of lines.
    private func appendStyledLines(_ blocks: [MarkdownBlock], width: Int, tight: Bool, listDepth: Int,
                                   to lines: inout [StyledLine]) {
        for (position, block) in blocks.enumerated() {
            if position > 0, !tight { lines.append(StyledLine()) }
            appendStyledLines(block, width: width, listDepth: listDepth, to: &lines)
        }
    }

    private func appendStyledLines(_ block: MarkdownBlock, width: Int, listDepth: Int, to lines: inout [StyledLine]) {
        switch block {
        case .paragraph(let inlines):
            for runs in LineWrapper.wrap(flattener.runs(inlines), width: width) { lines.append(StyledLine(runs)) }
        case .heading(let level, let inlines):
            lines += heading(level: level, inlines, width: width)
        case .blockQuote(let children):
            let bar = [StyledRun(style.glyphs.quoteBar + " ", roles: RoleSet(.quote))]
            let first = lines.count
            appendStyledLines(children, width: width - bar[0].width, tight: false, listDepth: listDepth, to: &lines)
            for index in first..<lines.count { lines[index].prefix(with: bar) }
        case .list(let list):
            appendList(list, width: width, depth: listDepth, to: &lines)
        case .codeBlock(let code):
            lines += codeBlock(code)
        case .thematicBreak:
            let count = max(1, min(width, 80))
            lines.append(StyledLine([StyledRun(String(repeating: style.glyphs.rule, count: count), roles: RoleSet(.dim))]))
        case .table(let table):
            lines += TableLayout(table: table, style: style, width: width).lines()
        case .htmlBlock(let html):
            for text in literalLines(html) { lines.append(StyledLine([StyledRun(text, roles: RoleSet(.dim))])) }
        }
    }

    private func heading(level: Int, _ inlines: [MarkdownInline], width: Int) -> [StyledLine] {
        let roles = RoleSet(.heading)
        let marker = String(repeating: "#", count: max(1, min(level, 6))) + " "
        let markerWidth = marker.utf8.count
        let wrapped = LineWrapper.wrap(flattener.runs(inlines, roles: roles), width: width - markerWidth)
        let indent = [StyledRun(String(repeating: " ", count: markerWidth), roles: .none)]
        return wrapped.enumerated().map { number, runs in
            number == 0 ? StyledLine([StyledRun(marker, roles: roles)] + runs) : StyledLine(indent + runs)
        }
    }

    private func appendList(_ list: MarkdownList, width: Int, depth: Int, to lines: inout [StyledLine]) {
        let glyphs = style.glyphs
        let lastNumber = list.start + max(0, list.items.count - 1)
        let numberWidth = String(lastNumber).count + 1
        for (position, item) in list.items.enumerated() {
            if position > 0, !list.isTight { lines.append(StyledLine()) }
            var marker: String
            if list.isOrdered {
                let number = String(list.start + position) + "."
                marker = String(repeating: " ", count: numberWidth - number.count) + number + " "
            } else {
                marker = glyphs.bullets[depth % glyphs.bullets.count] + " "
            }
            if let checked = item.taskChecked {
                let box = (checked ? glyphs.taskDone : glyphs.taskOpen) + " "
                marker = list.isOrdered ? marker + box : box
            }
            let markerRun = StyledRun(marker, roles: RoleSet(.dim))
            let indent = [StyledRun(String(repeating: " ", count: markerRun.width))]
            let first = lines.count
            appendStyledLines(item.blocks, width: width - markerRun.width, tight: list.isTight,
                              listDepth: depth + 1, to: &lines)
            if lines.count == first {
                lines.append(StyledLine().prefixed(by: [markerRun]))
                continue
            }
            let markerPrefix = [markerRun]
            for index in first..<lines.count {
                lines[index].prefix(with: index == first ? markerPrefix : indent)
            }
        }
    }

    private func codeBlock(_ code: MarkdownCodeBlock) -> [StyledLine] {
        let glyphs = style.glyphs
        let dim = RoleSet(.dim)
        var top = [StyledRun(glyphs.codeTop, roles: dim)]
        if let language = code.language {
            top += [StyledRun(" "), StyledRun(TerminalText.visible(language), roles: dim)]
        }
        var lines = [StyledLine(top, startsCodeBlock: true, inCodeBlock: true)]
        let side = StyledRun(glyphs.codeSide, roles: dim)
        for line in literalLines(code.literal) {
            if line.isEmpty {
                lines.append(StyledLine([side], inCodeBlock: true))
            } else {
                lines.append(StyledLine([side, StyledRun(" "), StyledRun(line, roles: RoleSet(.code))], inCodeBlock: true))
            }
        }
        lines.append(StyledLine([StyledRun(glyphs.codeBottom, roles: dim)], inCodeBlock: true))
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
