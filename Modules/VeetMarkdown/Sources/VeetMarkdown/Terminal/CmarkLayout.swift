import CCmarkGFM

/// Lays out straight from cmark-gfm's tree, without building the Swift
/// model first: each node goes to the same block builders and inline rules
/// as `TerminalRenderer`'s walk over `MarkdownDocument`, so the lines are the
/// same (LayoutCorpusTests compares the two on a generated corpus and the
/// recordings). What this skips is a model value per node and its teardown.
struct CmarkLayout {
    let renderer: TerminalRenderer
    let extensions: CmarkExtensions
    let flattener: InlineFlattener

    init(renderer: TerminalRenderer) {
        self.renderer = renderer
        extensions = .shared
        flattener = renderer.flattener
    }

    func lines(_ root: OpaquePointer) -> [MarkdownLine] {
        var lines: [MarkdownLine] = []
        var position = 0
        appendBlocks(under: root, width: renderer.width, tight: false, listDepth: 0, position: &position, to: &lines)
        return lines
    }

    // MARK: Blocks

    /// The children of `parent` as a block sequence (a blank line between
    /// them unless `tight`). A block the model does not know is replaced by
    /// its children, counted in the same sequence, as `CmarkConverter` does.
    private func appendBlocks(under parent: OpaquePointer, width: Int, tight: Bool, listDepth: Int,
                              position: inout Int, to lines: inout [MarkdownLine]) {
        var child = cmark_node_first_child(parent)
        while let node = child {
            child = cmark_node_next(node)
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_CODE_BLOCK,
                 CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_HTML_BLOCK:
                break
            default:
                if cmark_node_get_syntax_extension(node) != extensions.table {
                    appendBlocks(under: node, width: width, tight: tight, listDepth: listDepth, position: &position,
                                 to: &lines)
                    continue
                }
            }
            if position > 0, !tight { lines.append(MarkdownLine()) }
            position += 1
            appendBlock(node, type: type, width: width, listDepth: listDepth, to: &lines)
        }
    }

    private func appendBlock(_ node: OpaquePointer, type: cmark_node_type, width: Int, listDepth: Int,
                             to lines: inout [MarkdownLine]) {
        switch type {
        case CMARK_NODE_PARAGRAPH:
            renderer.appendParagraph(runs(under: node, roles: .none), width: width, to: &lines)
        case CMARK_NODE_HEADING:
            renderer.appendHeading(level: Int(cmark_node_get_heading_level(node)),
                                   runs(under: node, roles: MarkdownRoles(.heading)), width: width, to: &lines)
        case CMARK_NODE_BLOCK_QUOTE:
            renderer.appendQuote(width: width, to: &lines) { width, lines in
                var position = 0
                appendBlocks(under: node, width: width, tight: false, listDepth: listDepth, position: &position, to: &lines)
            }
        case CMARK_NODE_LIST:
            appendList(node, width: width, depth: listDepth, to: &lines)
        case CMARK_NODE_CODE_BLOCK:
            lines += renderer.codeBlock(MarkdownCodeBlock(info: Self.string(cmark_node_get_fence_info(node)),
                                                          literal: Self.string(cmark_node_get_literal(node))))
        case CMARK_NODE_THEMATIC_BREAK:
            renderer.appendThematicBreak(width: width, to: &lines)
        case CMARK_NODE_HTML_BLOCK:
            renderer.appendHTMLBlock(Self.string(cmark_node_get_literal(node)), to: &lines)
        default:
            appendTable(node, width: width, to: &lines)
        }
    }

    private func appendList(_ node: OpaquePointer, width: Int, depth: Int, to lines: inout [MarkdownLine]) {
        var items: [OpaquePointer] = []
        var tasks: [Bool?] = []
        var child = cmark_node_first_child(node)
        while let item = child {
            items.append(item)
            tasks.append(cmark_node_get_syntax_extension(item) == extensions.tasklist
                ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil)
            child = cmark_node_next(item)
        }
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let tight = cmark_node_get_list_tight(node) != 0
        renderer.appendList(isOrdered: ordered, start: ordered ? Int(cmark_node_get_list_start(node)) : 1, isTight: tight,
                            tasks: tasks, width: width, depth: depth, to: &lines) { index, width, lines in
            var position = 0
            appendBlocks(under: items[index], width: width, tight: tight, listDepth: depth + 1, position: &position,
                         to: &lines)
        }
    }

    private func appendTable(_ node: OpaquePointer, width: Int, to lines: inout [MarkdownLine]) {
        let alignments = CmarkConverter.alignments(ofTable: node)
        let columns = alignments.count
        var header: [[MarkdownRun]] = []
        var rows: [[[MarkdownRun]]] = []
        var rowNode = cmark_node_first_child(node)
        while let row = rowNode {
            let isHeader = cmark_gfm_extensions_get_table_row_is_header(row) != 0
            let roles = isHeader ? MarkdownRoles(.strong) : .none
            var cells: [[MarkdownRun]] = []
            cells.reserveCapacity(columns)
            var cellNode = cmark_node_first_child(row)
            while let cell = cellNode {
                cells.append(runs(under: cell, roles: roles))
                cellNode = cmark_node_next(cell)
            }
            while cells.count < columns { cells.append([]) }
            if isHeader { header = cells } else { rows.append(cells) }
            rowNode = cmark_node_next(row)
        }
        renderer.appendTable(alignments: alignments, header: header, rows: rows, width: width, to: &lines)
    }

    // MARK: Inlines

    /// Text waiting to become a run: cmark splits text at brackets and
    /// entities, and the model joins neighbouring text into one inline.
    private struct PendingText {
        var text: String?
        /// Set at the start of an unknown inline's children: the model splices
        /// them in without joining their first text to the text before.
        var splitBeforeNextText = false
    }

    func runs(under parent: OpaquePointer, roles: MarkdownRoles) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        result.reserveCapacity(8)
        appendInlines(under: parent, roles: roles, link: nil, to: &result)
        return result
    }

    private func appendInlines(under parent: OpaquePointer, roles: MarkdownRoles, link: String?,
                               to result: inout [MarkdownRun]) {
        var pending = PendingText()
        appendInlines(under: parent, roles: roles, link: link, pending: &pending, to: &result)
        flush(&pending, roles: roles, link: link, to: &result)
    }

    private func flush(_ pending: inout PendingText, roles: MarkdownRoles, link: String?, to result: inout [MarkdownRun]) {
        if let text = pending.text { flattener.appendWords(text, roles: roles, link: link, to: &result) }
        pending.text = nil
    }

    private func appendInlines(under parent: OpaquePointer, roles: MarkdownRoles, link: String?,
                               pending: inout PendingText, to result: inout [MarkdownRun]) {
        let style = flattener.style
        var child = cmark_node_first_child(parent)
        while let node = child {
            child = cmark_node_next(node)
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_TEXT {
                let text = Self.string(cmark_node_get_literal(node))
                guard !text.isEmpty else { continue }
                if pending.splitBeforeNextText {
                    flush(&pending, roles: roles, link: link, to: &result)
                    pending.splitBeforeNextText = false
                }
                if pending.text == nil {
                    pending.text = text
                } else {
                    pending.text! += text
                }
                continue
            }
            let isUnknown: Bool
            switch type {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_EMPH,
                 CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                isUnknown = false
            default:
                isUnknown = cmark_node_get_syntax_extension(node) != extensions.strikethrough
            }
            if isUnknown {
                // Spliced: its first text does not join the text before, its last joins the text after.
                let before = pending.splitBeforeNextText
                pending.splitBeforeNextText = true
                appendInlines(under: node, roles: roles, link: link, pending: &pending, to: &result)
                if pending.splitBeforeNextText { pending.splitBeforeNextText = before }
                continue
            }
            flush(&pending, roles: roles, link: link, to: &result)
            pending.splitBeforeNextText = false
            switch type {
            case CMARK_NODE_SOFTBREAK:
                result.append(MarkdownRun(text: " ", width: 1, kind: .text, roles: roles, link: link))
            case CMARK_NODE_LINEBREAK:
                result.append(.lineBreak)
            case CMARK_NODE_CODE:
                let code = Self.string(cmark_node_get_literal(node))
                flattener.appendMarked(style.attributes ? "" : "`", roles: roles.adding(.code), link: link,
                                       to: &result) { roles, result in
                    flattener.appendWords(code, roles: roles, link: link, to: &result)
                }
            case CMARK_NODE_HTML_INLINE:
                flattener.appendWords(Self.string(cmark_node_get_literal(node)), roles: roles, link: link, to: &result)
            case CMARK_NODE_EMPH:
                flattener.appendMarked(style.attributes ? "" : "_", roles: roles.adding(.emphasis), link: link,
                                       to: &result) { appendInlines(under: node, roles: $0, link: link, to: &$1) }
            case CMARK_NODE_STRONG:
                flattener.appendMarked(style.attributes ? "" : "**", roles: roles.adding(.strong), link: link,
                                       to: &result) { appendInlines(under: node, roles: $0, link: link, to: &$1) }
            case CMARK_NODE_LINK:
                flattener.appendLink(url: Self.string(cmark_node_get_url(node)), text: { Self.plainText(under: node) },
                                     roles: roles, to: &result) { appendInlines(under: node, roles: $0, link: $1, to: &$2) }
            case CMARK_NODE_IMAGE:
                let altText = Self.plainText(under: node)
                flattener.appendLink(url: Self.string(cmark_node_get_url(node)), text: { altText }, roles: roles,
                                     to: &result) { roles, target, result in
                    flattener.appendWords("[image: " + altText + "]", roles: roles, link: target, to: &result)
                }
            default:
                flattener.appendMarked(style.attributes ? "" : "~~", roles: roles.adding(.strikethrough), link: link,
                                       to: &result) { appendInlines(under: node, roles: $0, link: link, to: &$1) }
            }
        }
    }

    /// What `[MarkdownInline].plainText` gives for the node's children.
    static func plainText(under parent: OpaquePointer) -> String {
        var result = ""
        appendPlainText(under: parent, to: &result)
        return result
    }

    private static func appendPlainText(under parent: OpaquePointer, to result: inout String) {
        var child = cmark_node_first_child(parent)
        while let node = child {
            child = cmark_node_next(node)
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: result += string(cmark_node_get_literal(node))
            case CMARK_NODE_SOFTBREAK: result += " "
            case CMARK_NODE_LINEBREAK: result += "\n"
            default: appendPlainText(under: node, to: &result)
            }
        }
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
