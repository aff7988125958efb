import VeetTerminal

/// A code block or a table in a layout: the blocks that keep their shape and
/// may be wider than the width, so a front end can scroll them sideways.
public struct ScrollableBlock: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Same numbering as `MarkdownDocument.codeBlocks`.
        case code(index: Int)
        case table
    }

    public var kind: Kind
    /// Its lines in the layout, frame lines included.
    public var lineRange: Range<Int>
    /// Columns at the left that stay put (list or quote indentation, a code block's bar).
    public var pinnedWidth: Int
    /// Columns its widest scrolling line needs after the pinned ones.
    public var contentWidth: Int

    /// How far it can scroll in a layout of `width` columns: 0 when it fits.
    public func maxShift(width: Int) -> Int {
        max(0, contentWidth - max(width - pinnedWidth, 1))
    }
}

extension StyledMarkdown {
    /// The code blocks and tables, in reading order.
    public var scrollableBlocks: [ScrollableBlock] {
        var blocks: [ScrollableBlock] = []
        var codeIndex = 0
        var number = 0
        while number < lines.count {
            let line = lines[number]
            guard line.startsCodeBlock || line.startsTable else { number += 1; continue }
            let isCode = line.startsCodeBlock
            var end = number + 1
            while end < lines.count, isCode ? lines[end].inCodeBlock && !lines[end].startsCodeBlock
                                            : lines[end].inTable && !lines[end].startsTable {
                end += 1
            }
            let scrolling = lines[number..<end].filter { !$0.pinsWholeLine }
            let pinned = scrolling.map(\.pinnedWidth).min() ?? line.prefixWidth
            let content = scrolling.map { $0.width - $0.pinnedWidth }.max() ?? 0
            blocks.append(ScrollableBlock(kind: isCode ? .code(index: codeIndex) : .table, lineRange: number..<end,
                                          pinnedWidth: pinned, contentWidth: content))
            if isCode { codeIndex += 1 }
            number = end
        }
        return blocks
    }
}

extension TerminalRenderer {
    /// The furthest any block of `layout` can scroll at this renderer's width (0: everything fits).
    public func maxSidewaysShift(_ layout: StyledMarkdown) -> Int {
        layout.scrollableBlocks.map { $0.maxShift(width: width) }.max() ?? 0
    }

    /// `layout` with every code block and table wider than the width shown
    /// from `shift` columns on (each block stops at its own end), cut to the
    /// width, and followed by a dim line saying which columns show and on
    /// which side there is more (`◂ columns 9–80 of 120 ▸`). Blocks that fit
    /// and all other lines are unchanged; so is a shift of 0 for a layout
    /// without wide blocks, apart from the note under each wide block.
    public func scrolledSideways(_ layout: StyledMarkdown, by shift: Int) -> StyledMarkdown {
        let wide = layout.scrollableBlocks.filter { $0.maxShift(width: width) > 0 }
        guard !wide.isEmpty else { return layout }
        var lines: [MarkdownLine] = []
        lines.reserveCapacity(layout.lines.count + wide.count)
        var next = 0
        for block in wide {
            lines += layout.lines[next..<block.lineRange.lowerBound]
            let offset = min(max(shift, 0), block.maxShift(width: width))
            let visible = max(width - block.pinnedWidth, 1)
            for line in layout.lines[block.lineRange] {
                guard !line.pinsWholeLine else { lines.append(line); continue }
                var cut = line
                let pinned = line.pinnedWidth
                cut.runs = Self.columns(of: line.runs, from: 0, to: pinned)
                    + Self.columns(of: line.runs, from: pinned + offset, to: pinned + offset + visible)
                lines.append(cut)
            }
            lines.append(note(for: block, offset: offset, visible: visible,
                              indent: layout.lines[block.lineRange.upperBound - 1]))
            next = block.lineRange.upperBound
        }
        lines += layout.lines[next...]
        return StyledMarkdown(lines: lines, codeBlocks: Self.codeBlocks(in: lines))
    }

    /// "◂ columns 9–80 of 120 ▸" under the block, after its indentation.
    private func note(for block: ScrollableBlock, offset: Int, visible: Int, indent last: MarkdownLine) -> MarkdownLine {
        let shown = min(visible, block.contentWidth - offset)
        var text = offset > 0 ? style.glyphs.moreLeft + " " : ""
        text += "columns \(offset + 1)–\(offset + shown) of \(block.contentWidth)"
        if offset + shown < block.contentWidth { text += " " + style.glyphs.moreRight }
        var line = MarkdownLine(Self.columns(of: last.runs, from: 0, to: last.prefixWidth)
                                + [MarkdownRun(text, roles: MarkdownRoles(.dim))])
        line.prefixWidth = last.prefixWidth
        return line
    }

    /// The part of `runs` between two columns; a wide character cut by either
    /// edge becomes spaces, so the columns stay aligned.
    static func columns(of runs: [MarkdownRun], from start: Int, to end: Int) -> [MarkdownRun] {
        guard end > start else { return [] }
        var result: [MarkdownRun] = []
        var column = 0
        for run in runs {
            let runEnd = column + run.width
            defer { column = runEnd }
            if runEnd <= start || column >= end || run.kind != .text { continue }
            if column >= start && runEnd <= end { result.append(run); continue }
            var text = ""
            var at = column
            for character in run.text {
                let characterWidth = DisplayWidth.of(character)
                let characterEnd = at + characterWidth
                if at >= start && characterEnd <= end {
                    text.append(character)
                } else if characterEnd > start && at < end {
                    text += String(repeating: " ", count: min(characterEnd, end) - max(at, start))
                }
                at = characterEnd
                if at >= end { break }
            }
            if !text.isEmpty { result.append(MarkdownRun(text, roles: run.roles, link: run.link)) }
        }
        return result
    }
}
