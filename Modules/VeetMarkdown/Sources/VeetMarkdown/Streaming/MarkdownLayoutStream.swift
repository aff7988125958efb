/// Lays out a text that keeps growing (a streaming answer, handed over whole
/// each time) without laying out again what can no longer change. It follows
/// the rule of `StreamingMarkdown`: a top-level block is settled once a later
/// block has started on a complete line (cmark never reopens a closed block),
/// and parsing restarts at the open block when a blank line precedes it. Each
/// `update` returns the blocks settled since the last one and the layout of
/// the rest; joined as `joined` shows, they are exactly
/// `renderer.layout(markdown: text)`.
///
/// A text that does not extend the last one starts over; a text holding `]:`
/// (it may define a link reference, which can change blocks before it) is
/// laid out whole every time.
public struct MarkdownLayoutStream: Sendable {
    public let renderer: TerminalRenderer
    /// The text up to its last newline when blocks were last settled: later texts must start with it.
    private var basis = ""
    /// UTF-8 offset where the region parsed on each update starts.
    private var regionStart = 0
    /// Top-level blocks of the region already settled.
    private var settledInRegion = 0
    private var settledBlocks = 0
    /// UTF-8 length of the complete lines last looked at for settling.
    private var examinedEnd = 0

    public init(renderer: TerminalRenderer) {
        self.renderer = renderer
    }

    public struct Update: Sendable, Equatable {
        /// True when blocks settled before no longer hold (the first update, a text that is not an extension).
        public var startedOver: Bool
        /// Blocks settled by this update, each laid out on its own, in order.
        public var newlySettled: [StyledMarkdown]
        /// All blocks settled so far, these included.
        public var settledCount: Int
        /// The blocks still open, laid out together (a blank line between them).
        public var tail: StyledMarkdown
        public var tailBlockCount: Int
    }

    public mutating func update(_ text: String) -> Update {
        var startedOver = false
        let definesReference = Self.mayDefineReference(text)
        if definesReference || !Self.extends(text, basis) {
            startedOver = true
            basis = ""
            regionStart = 0
            settledInRegion = 0
            settledBlocks = 0
            examinedEnd = 0
        }
        var newlySettled: [StyledMarkdown] = []
        let region = Substring(text.utf8.dropFirst(regionStart))
        // Settling looks at complete lines only, and only when more of them arrived.
        if !definesReference, let lastNewline = region.utf8.lastIndex(of: 0x0A),
           regionStart + region.utf8.distance(from: region.utf8.startIndex, to: lastNewline) + 1 > examinedEnd {
            let complete = String(region[...lastNewline])
            examinedEnd = regionStart + complete.utf8.count
            let blocks = StreamingMarkdown.parseTopLevel(complete)
            if blocks.count > 1 {
                for block in blocks[settledInRegion..<(blocks.count - 1)] {
                    newlySettled.append(blockLayout(block.block))
                }
                settledBlocks += blocks.count - 1 - settledInRegion
                settledInRegion = blocks.count - 1
                basis = String(Substring(text.utf8.prefix(regionStart + complete.utf8.count)))
                advanceRegion(to: blocks[blocks.count - 1].startLine, in: complete)
            }
        }
        let open = StreamingMarkdown.parseTopLevel(String(Substring(text.utf8.dropFirst(regionStart))))
            .dropFirst(settledInRegion).map(\.block)
        let lines = renderer.styledLines(Array(open), width: renderer.width, tight: false)
        return Update(startedOver: startedOver, newlySettled: newlySettled, settledCount: settledBlocks,
                      tail: StyledMarkdown(lines: lines, codeBlocks: TerminalRenderer.codeBlocks(in: lines)),
                      tailBlockCount: open.count)
    }

    /// Settled blocks and the tail as one layout, as the renderer lays out the whole text.
    public static func joined(settled: [StyledMarkdown], tail: StyledMarkdown, tailBlockCount: Int) -> StyledMarkdown {
        var lines: [MarkdownLine] = []
        for (position, block) in settled.enumerated() {
            if position > 0 { lines.append(MarkdownLine()) }
            lines += block.lines
        }
        if !settled.isEmpty, tailBlockCount > 0 { lines.append(MarkdownLine()) }
        lines += tail.lines
        return StyledMarkdown(lines: lines, codeBlocks: TerminalRenderer.codeBlocks(in: lines))
    }

    private func blockLayout(_ block: MarkdownBlock) -> StyledMarkdown {
        let lines = renderer.styledLines(block, width: renderer.width, listDepth: 0)
        return StyledMarkdown(lines: lines, codeBlocks: TerminalRenderer.codeBlocks(in: lines))
    }

    /// Every link reference definition has `]` right before its `:`.
    static func mayDefineReference(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x3A, previous == 0x5D { return true }
            previous = byte
        }
        return false
    }

    static func extends(_ text: String, _ basis: String) -> Bool {
        guard basis.utf8.count <= text.utf8.count else { return false }
        if basis.isEmpty { return true }
        var text = text, basis = basis
        return text.withUTF8 { whole in
            basis.withUTF8 { prefix in
                whole.prefix(prefix.count).elementsEqual(prefix)
            }
        }
    }

    /// Moves the region to the line where the open block starts when the line
    /// before it is blank: parsing from there sees what the whole text had.
    private mutating func advanceRegion(to startLine: Int, in complete: String) {
        guard let start = StreamingMarkdown.blankLedStart(ofLine: startLine, in: complete) else { return }
        regionStart += start
        settledInRegion = 0
    }
}
