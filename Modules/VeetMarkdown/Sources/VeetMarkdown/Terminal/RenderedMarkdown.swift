/// The terminal rendering of a document: lines without newlines, each one
/// self-contained (every SGR attribute and hyperlink it opens, it closes).
/// For a terminal written to as a stream (the CLI).
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

/// A document laid out for a terminal of a given width, before encoding:
/// lines of runs that carry their roles instead of escape sequences, for a
/// front end that draws text itself (the TUI's screen grid gives each role
/// a colour). `TerminalRenderer.render` encodes the same lines as SGR/OSC 8.
public struct StyledMarkdown: Sendable, Equatable {
    public var lines: [MarkdownLine]
    /// Where each code block landed, frame lines included, in reading order.
    public var codeBlocks: [RenderedCodeBlock]

    public init(lines: [MarkdownLine], codeBlocks: [RenderedCodeBlock]) {
        self.lines = lines
        self.codeBlocks = codeBlocks
    }
}
