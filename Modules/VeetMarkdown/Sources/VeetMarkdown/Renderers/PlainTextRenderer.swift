/// Text without any Markdown symbols, for a pipe or the clipboard: no
/// wrapping, no escape sequences; lists keep bullets and numbers, tables
/// become tab-separated rows, code blocks their exact contents.
public struct PlainTextRenderer: Sendable {
    public init() {}

    public func render(_ document: MarkdownDocument) -> String {
        var lines: [String] = []
        appendBlocks(document.blocks, indent: "", tight: false, to: &lines)
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    private func appendBlocks(_ blocks: [MarkdownBlock], indent: String, tight: Bool, to lines: inout [String]) {
        for (position, block) in blocks.enumerated() {
            if position > 0, !tight { lines.append("") }
            appendBlock(block, indent: indent, to: &lines)
        }
    }

    private func appendBlock(_ block: MarkdownBlock, indent: String, to lines: inout [String]) {
        func add(_ text: String) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(line.isEmpty ? "" : indent + line)
            }
        }
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines):
            add(Self.text(inlines))
        case .blockQuote(let children):
            appendBlocks(children, indent: indent + "  ", tight: false, to: &lines)
        case .list(let list):
            for (position, item) in list.items.enumerated() {
                if position > 0, !list.isTight { lines.append("") }
                var marker = list.isOrdered ? "\(list.start + position). " : "• "
                if let checked = item.taskChecked { marker = (list.isOrdered ? marker : "") + (checked ? "☑ " : "☐ ") }
                let continuation = String(repeating: " ", count: marker.count)
                var itemLines: [String] = []
                appendBlocks(item.blocks, indent: "", tight: list.isTight, to: &itemLines)
                if itemLines.isEmpty { itemLines = [""] }
                for (number, line) in itemLines.enumerated() {
                    if number == 0 {
                        lines.append(indent + marker + line)
                    } else {
                        lines.append(line.isEmpty ? "" : indent + continuation + line)
                    }
                }
            }
        case .codeBlock(let code):
            var literal = code.literal
            if literal.hasSuffix("\n") { literal.removeLast() }
            add(literal)
        case .thematicBreak:
            lines.append(indent + "———")
        case .table(let table):
            add(table.header.map { Self.text($0) }.joined(separator: "\t"))
            for row in table.rows { add(row.map { Self.text($0) }.joined(separator: "\t")) }
        case .htmlBlock(let html):
            var literal = html
            if literal.hasSuffix("\n") { literal.removeLast() }
            add(literal)
        }
    }

    /// Inline text: links as "text (url)" when the two differ, images as their alt text.
    static func text(_ inlines: [MarkdownInline]) -> String {
        var result = ""
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text), .html(let text): result += text
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                result += text(children)
            case .link(let url, _, let children):
                let label = text(children)
                result += label
                if !url.isEmpty, !LinkPolicy.textShowsURL(text: label, url: url) { result += " (" + url + ")" }
            case .image(_, _, let alt): result += text(alt)
            case .softBreak: result += " "
            case .lineBreak: result += "\n"
            }
        }
        return result
    }
}
