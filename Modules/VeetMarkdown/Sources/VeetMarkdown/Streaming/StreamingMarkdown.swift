/// What one chunk changed: lines that are final (print them once, above the
/// tail) and the tail to redraw in place of the previous tail.
public struct StreamingUpdate: Sendable, Equatable {
    public var committed: [String]
    public var tail: [String]

    public init(committed: [String], tail: [String]) {
        self.committed = committed
        self.tail = tail
    }
}

/// Renders Markdown as it arrives, without flicker. A top-level block is
/// committed only once a later block has started on a complete line: from
/// then on no text can change it (cmark closes blocks for good), so the
/// committed lines are always a prefix of the final full render. Everything
/// after is the tail, re-rendered on every chunk.
///
/// Limit: a link reference definition that arrives after the text using it
/// cannot change lines already committed.
public struct StreamingMarkdown: Sendable {
    public let renderer: TerminalRenderer
    /// All text received so far (carriage returns removed).
    public private(set) var text = ""
    /// UTF-8 offset in `text` where the region still parsed on each chunk starts.
    private var regionStart = 0
    /// Top-level blocks of that region already committed.
    private var committedInRegion = 0
    private var committedBlocks = 0
    /// Once a reference definition may exist, the region never moves again,
    /// so later references still resolve against it.
    private var regionPinned = false

    public init(renderer: TerminalRenderer) {
        self.renderer = renderer
    }

    /// Adds a chunk; returns newly committed lines and the tail to show.
    public mutating func append(_ chunk: String) -> StreamingUpdate {
        if chunk.utf8.contains(0x0D) {
            text.unicodeScalars.append(contentsOf: chunk.unicodeScalars.filter { $0 != "\r" })
        } else {
            text += chunk
        }
        var committed: [String] = []
        let region = Substring(text.utf8.dropFirst(regionStart))
        if let lastNewline = region.utf8.lastIndex(of: 0x0A) {
            let complete = String(region[...lastNewline])
            if !regionPinned, complete.contains("]:") { regionPinned = true }
            let blocks = Self.parseTopLevel(complete)
            if blocks.count > 1 {
                for block in blocks[committedInRegion..<(blocks.count - 1)] {
                    committed += linesWithSeparator(block.block)
                }
                committedInRegion = blocks.count - 1
                advanceRegion(to: blocks[blocks.count - 1].startLine, in: complete)
            }
        }
        return StreamingUpdate(committed: committed, tail: tail())
    }

    /// Ends the stream: everything left is committed and the tail is empty.
    public mutating func finish() -> StreamingUpdate {
        let blocks = Self.parseTopLevel(String(Substring(text.utf8.dropFirst(regionStart))))
        var committed: [String] = []
        for block in blocks.dropFirst(committedInRegion) { committed += linesWithSeparator(block.block) }
        committedInRegion = blocks.count
        return StreamingUpdate(committed: committed, tail: [])
    }

    private func tail() -> [String] {
        let blocks = Self.parseTopLevel(String(Substring(text.utf8.dropFirst(regionStart))))
        var lines: [String] = []
        var separated = committedBlocks > 0
        for block in blocks.dropFirst(committedInRegion) {
            if separated { lines.append("") }
            lines += renderer.renderBlockLines(block.block)
            separated = true
        }
        return lines
    }

    private mutating func linesWithSeparator(_ block: MarkdownBlock) -> [String] {
        let lines = renderer.renderBlockLines(block)
        defer { committedBlocks += 1 }
        return committedBlocks > 0 ? [""] + lines : lines
    }

    /// Moves the region start to the line where the open block starts, when
    /// the line before it is blank: then parsing from there sees exactly the
    /// state the whole text had (no open paragraph to continue or interrupt).
    private mutating func advanceRegion(to startLine: Int, in complete: String) {
        guard !regionPinned, let start = Self.blankLedStart(ofLine: startLine, in: complete) else { return }
        regionStart += start
        committedInRegion = 0
    }

    /// The byte offset where line `startLine` (1-based) of `text` starts, when the line before it is
    /// blank: parsing from there sees exactly what the whole text had. Nil otherwise.
    static func blankLedStart(ofLine startLine: Int, in text: String) -> Int? {
        guard startLine > 1 else { return nil }
        var line = 1
        var previousLineStart = 0
        var lineStart = 0
        var offset = 0
        for byte in text.utf8 {
            offset += 1
            if byte == 0x0A {
                line += 1
                previousLineStart = lineStart
                lineStart = offset
                if line == startLine { break }
            }
        }
        guard line == startLine else { return nil }
        let previousLine = text.utf8.dropFirst(previousLineStart).prefix(lineStart - previousLineStart)
        return previousLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) ? lineStart : nil
    }

    static func parseTopLevel(_ source: String) -> [(block: MarkdownBlock, startLine: Int)] {
        withCmarkTree(source) { root, _ in CmarkConverter(extensions: .shared).topLevelBlocks(under: root) }
    }
}
