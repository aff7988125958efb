/// A parsed Markdown document: plain Swift values, independent of cmark-gfm,
/// safe to keep, compare and send across tasks.
public struct MarkdownDocument: Sendable, Equatable {
    public var blocks: [MarkdownBlock]

    public init(blocks: [MarkdownBlock]) {
        self.blocks = blocks
    }
}

/// A block-level element.
public indirect enum MarkdownBlock: Sendable, Equatable {
    case paragraph([MarkdownInline])
    case heading(level: Int, [MarkdownInline])
    case blockQuote([MarkdownBlock])
    case list(MarkdownList)
    case codeBlock(MarkdownCodeBlock)
    case thematicBreak
    case table(MarkdownTable)
    /// Raw HTML, kept as text: no renderer interprets it.
    case htmlBlock(String)
}

public struct MarkdownList: Sendable, Equatable {
    public var isOrdered: Bool
    /// The first number of an ordered list (1 for bullet lists).
    public var start: Int
    /// Tight lists have no blank lines between their items.
    public var isTight: Bool
    public var items: [MarkdownListItem]

    public init(isOrdered: Bool, start: Int = 1, isTight: Bool = true, items: [MarkdownListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

public struct MarkdownListItem: Sendable, Equatable {
    /// nil for an ordinary item; true or false for a task-list item (`[x]` / `[ ]`).
    public var taskChecked: Bool?
    public var blocks: [MarkdownBlock]

    public init(taskChecked: Bool? = nil, blocks: [MarkdownBlock]) {
        self.taskChecked = taskChecked
        self.blocks = blocks
    }
}

public struct MarkdownCodeBlock: Sendable, Equatable {
    /// The whole info string after the opening fence ("" when none or indented).
    public var info: String
    /// The exact contents, ending with a newline when the source had lines.
    public var literal: String

    public init(info: String, literal: String) {
        self.info = info
        self.literal = literal
    }

    /// The first word of the info string, or nil.
    public var language: String? {
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        return word?.isEmpty == false ? word : nil
    }
}

public enum MarkdownTableAlignment: Sendable, Equatable {
    case none, left, center, right
}

public struct MarkdownTable: Sendable, Equatable {
    public var alignments: [MarkdownTableAlignment]
    public var header: [MarkdownTableCell]
    public var rows: [[MarkdownTableCell]]

    public init(alignments: [MarkdownTableAlignment], header: [MarkdownTableCell], rows: [[MarkdownTableCell]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}

public typealias MarkdownTableCell = [MarkdownInline]

/// An inline element.
public indirect enum MarkdownInline: Sendable, Equatable {
    case text(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case strikethrough([MarkdownInline])
    case code(String)
    case link(url: String, title: String, [MarkdownInline])
    case image(url: String, title: String, alt: [MarkdownInline])
    case softBreak
    case lineBreak
    /// Raw inline HTML, kept as text.
    case html(String)
}

/// One code block of a document, addressable for copying.
public struct MarkdownCodeBlockReference: Sendable, Equatable {
    /// Position among the document's code blocks, from 0, in reading order.
    public var index: Int
    public var language: String?
    /// The exact contents.
    public var contents: String
}

extension MarkdownDocument {
    /// Every code block, nested ones included, in reading order.
    public var codeBlocks: [MarkdownCodeBlockReference] {
        var found: [MarkdownCodeBlockReference] = []
        func visit(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case .codeBlock(let code):
                    found.append(MarkdownCodeBlockReference(index: found.count, language: code.language, contents: code.literal))
                case .blockQuote(let children): visit(children)
                case .list(let list): list.items.forEach { visit($0.blocks) }
                default: break
                }
            }
        }
        visit(blocks)
        return found
    }
}

extension Array where Element == MarkdownInline {
    /// The text a reader sees, without any markup (soft breaks become spaces).
    public var plainText: String {
        var result = ""
        appendPlainText(to: &result)
        return result
    }

    func appendPlainText(to result: inout String) {
        for inline in self {
            switch inline {
            case .text(let text), .code(let text), .html(let text): result += text
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                children.appendPlainText(to: &result)
            case .link(_, _, let children): children.appendPlainText(to: &result)
            case .image(_, _, let alt): alt.appendPlainText(to: &result)
            case .softBreak: result += " "
            case .lineBreak: result += "\n"
            }
        }
    }
}
