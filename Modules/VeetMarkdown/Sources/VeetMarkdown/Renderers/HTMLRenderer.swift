/// HTML for Copy. Raw HTML from the Markdown is escaped and shown as text,
/// never passed through; links with a javascript:, vbscript:, file: or data:
/// destination lose their href.
public struct HTMLRenderer: Sendable {
    public init() {}

    public func render(_ document: MarkdownDocument) -> String {
        var html = ""
        appendBlocks(document.blocks, tight: false, to: &html)
        return html
    }

    private func appendBlocks(_ blocks: [MarkdownBlock], tight: Bool, to html: inout String) {
        for block in blocks { appendBlock(block, tight: tight, to: &html) }
    }

    private func appendBlock(_ block: MarkdownBlock, tight: Bool, to html: inout String) {
        switch block {
        case .paragraph(let inlines):
            if tight {
                appendInlines(inlines, to: &html)
                html += "\n"
            } else {
                html += "<p>"
                appendInlines(inlines, to: &html)
                html += "</p>\n"
            }
        case .heading(let level, let inlines):
            html += "<h\(level)>"
            appendInlines(inlines, to: &html)
            html += "</h\(level)>\n"
        case .blockQuote(let children):
            html += "<blockquote>\n"
            appendBlocks(children, tight: false, to: &html)
            html += "</blockquote>\n"
        case .list(let list):
            let tag = list.isOrdered ? "ol" : "ul"
            html += list.isOrdered && list.start != 1 ? "<ol start=\"\(list.start)\">\n" : "<\(tag)>\n"
            for item in list.items {
                html += "<li>"
                if let checked = item.taskChecked {
                    html += checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                        : "<input type=\"checkbox\" disabled=\"\" /> "
                }
                if !list.isTight || item.blocks.first.map({ if case .paragraph = $0 { false } else { true } }) == true {
                    html += "\n"
                }
                appendBlocks(item.blocks, tight: list.isTight, to: &html)
                if html.hasSuffix("\n"), list.isTight, case .paragraph? = item.blocks.last {
                    html.removeLast()
                }
                html += "</li>\n"
            }
            html += "</\(tag)>\n"
        case .codeBlock(let code):
            if let language = code.language {
                html += "<pre><code class=\"language-\(Self.escape(language))\">"
            } else {
                html += "<pre><code>"
            }
            html += Self.escape(code.literal) + "</code></pre>\n"
        case .thematicBreak:
            html += "<hr />\n"
        case .table(let table):
            appendTable(table, to: &html)
        case .htmlBlock(let raw):
            html += "<pre>" + Self.escape(raw) + "</pre>\n"
        }
    }

    private func appendTable(_ table: MarkdownTable, to html: inout String) {
        func cell(_ tag: String, _ column: Int, _ inlines: [MarkdownInline]) {
            let alignment = column < table.alignments.count ? table.alignments[column] : .none
            switch alignment {
            case .none: html += "<\(tag)>"
            case .left: html += "<\(tag) align=\"left\">"
            case .center: html += "<\(tag) align=\"center\">"
            case .right: html += "<\(tag) align=\"right\">"
            }
            appendInlines(inlines, to: &html)
            html += "</\(tag)>\n"
        }
        html += "<table>\n<thead>\n<tr>\n"
        for (column, inlines) in table.header.enumerated() { cell("th", column, inlines) }
        html += "</tr>\n</thead>\n"
        if !table.rows.isEmpty {
            html += "<tbody>\n"
            for row in table.rows {
                html += "<tr>\n"
                for (column, inlines) in row.enumerated() { cell("td", column, inlines) }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n"
    }

    private func appendInlines(_ inlines: [MarkdownInline], to html: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text), .html(let text): html += Self.escape(text)
            case .code(let code): html += "<code>" + Self.escape(code) + "</code>"
            case .emphasis(let children): wrap("em", children, &html)
            case .strong(let children): wrap("strong", children, &html)
            case .strikethrough(let children): wrap("del", children, &html)
            case .softBreak: html += "\n"
            case .lineBreak: html += "<br />\n"
            case .link(let url, let title, let children):
                html += "<a href=\"" + Self.escape(Self.safeURL(url)) + "\""
                if !title.isEmpty { html += " title=\"" + Self.escape(title) + "\"" }
                html += ">"
                appendInlines(children, to: &html)
                html += "</a>"
            case .image(let url, let title, let alt):
                html += "<img src=\"" + Self.escape(Self.safeURL(url)) + "\" alt=\"" + Self.escape(alt.plainText) + "\""
                if !title.isEmpty { html += " title=\"" + Self.escape(title) + "\"" }
                html += " />"
            }
        }
    }

    private func wrap(_ tag: String, _ children: [MarkdownInline], _ html: inout String) {
        html += "<\(tag)>"
        appendInlines(children, to: &html)
        html += "</\(tag)>"
    }

    /// Empty for script-capable or local schemes.
    static func safeURL(_ url: String) -> String {
        let scheme = url.prefix(while: { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" })
        guard scheme.count < url.count, url[scheme.endIndex] == ":" else { return url }
        switch scheme.lowercased().trimmingSpaces {
        case "javascript", "vbscript", "file", "data": return ""
        default: return url
        }
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
