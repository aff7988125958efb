import CCmarkGFM
import Synchronization

/// The GFM syntax extensions, looked up once. Registration mutates cmark's
/// global registry, so it runs exactly once inside a `static let` initialiser;
/// afterwards the registry is only read, which is safe from any thread.
struct CmarkExtensions: @unchecked Sendable {  // immutable pointers into cmark's read-only registry
    let table: OpaquePointer
    let strikethrough: OpaquePointer
    let autolink: OpaquePointer
    let tasklist: OpaquePointer

    static let shared: CmarkExtensions = {
        cmark_gfm_core_extensions_ensure_registered()
        func find(_ name: String) -> OpaquePointer {
            guard let found = cmark_find_syntax_extension(name) else {
                fatalError("cmark-gfm extension \(name) is not registered")
            }
            return found
        }
        return CmarkExtensions(
            table: find("table"), strikethrough: find("strikethrough"),
            autolink: find("autolink"), tasklist: find("tasklist"))
    }()

    var all: [OpaquePointer] { [table, strikethrough, autolink, tasklist] }
}

/// cmark-gfm's inline parser adds and removes the extensions' special
/// characters (`~` for strikethrough) in a process-wide table around every
/// parse, so two parses at once can lose each other's strikethrough. Parses
/// therefore take turns; converting and rendering the result runs in parallel.
private let cmarkParseLock = Mutex(())

/// A cmark pointer carried into and out of the parse lock; it never leaves
/// the calling function, so no other task can touch it.
private struct CmarkPointer: @unchecked Sendable {  // used only by the one call that created it
    let pointer: OpaquePointer?
}

/// Runs `body` on the cmark tree of `text` parsed with the GFM extensions,
/// then frees the tree and the parser. The parser is passed too because its
/// extension list is what cmark's HTML renderer needs.
func withCmarkTree<Result>(
    _ text: String, _ body: (_ root: OpaquePointer, _ parser: OpaquePointer) -> Result
) -> Result {
    let extensions = CmarkExtensions.shared
    guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { fatalError("cmark_parser_new failed") }
    defer { cmark_parser_free(parser) }
    for extension_ in extensions.all { cmark_parser_attach_syntax_extension(parser, extension_) }
    let handle = CmarkPointer(pointer: parser)
    let tree = cmarkParseLock.withLock { _ -> CmarkPointer in
        var source = text
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(handle.pointer, chars.baseAddress, chars.count)
            }
        }
        return CmarkPointer(pointer: cmark_parser_finish(handle.pointer))
    }
    guard let root = tree.pointer else { fatalError("cmark_parser_finish failed") }
    defer { cmark_node_free(root) }
    return body(root, parser)
}

extension MarkdownDocument {
    /// Parses GitHub-flavoured Markdown (tables, strikethrough, autolinks,
    /// task lists). Never fails: any text is some document. Safe to call
    /// from several threads at once.
    public static func parse(_ text: String) -> MarkdownDocument {
        withCmarkTree(text) { root, _ in
            MarkdownDocument(blocks: CmarkConverter(extensions: .shared).blocks(under: root))
        }
    }
}

/// Turns a cmark tree into the Swift model.
struct CmarkConverter {
    let extensions: CmarkExtensions

    func blocks(under parent: OpaquePointer) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        result.reserveCapacity(Self.childCount(parent))
        var child = cmark_node_first_child(parent)
        while let node = child {
            appendBlock(node, to: &result)
            child = cmark_node_next(node)
        }
        return result
    }

    /// The top-level blocks, each with the source line (from 1) where it starts.
    func topLevelBlocks(under root: OpaquePointer) -> [(block: MarkdownBlock, startLine: Int)] {
        var result: [(block: MarkdownBlock, startLine: Int)] = []
        var child = cmark_node_first_child(root)
        while let node = child {
            var converted: [MarkdownBlock] = []
            appendBlock(node, to: &converted)
            let line = Int(cmark_node_get_start_line(node))
            for block in converted { result.append((block, line)) }
            child = cmark_node_next(node)
        }
        return result
    }

    private func appendBlock(_ node: OpaquePointer, to result: inout [MarkdownBlock]) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            result.append(.paragraph(inlines(under: node)))
        case CMARK_NODE_HEADING:
            result.append(.heading(level: Int(cmark_node_get_heading_level(node)), inlines(under: node)))
        case CMARK_NODE_BLOCK_QUOTE:
            result.append(.blockQuote(blocks(under: node)))
        case CMARK_NODE_LIST:
            result.append(.list(list(node)))
        case CMARK_NODE_CODE_BLOCK:
            result.append(.codeBlock(MarkdownCodeBlock(
                info: string(cmark_node_get_fence_info(node)), literal: string(cmark_node_get_literal(node)))))
        case CMARK_NODE_THEMATIC_BREAK:
            result.append(.thematicBreak)
        case CMARK_NODE_HTML_BLOCK:
            result.append(.htmlBlock(string(cmark_node_get_literal(node))))
        default:
            if cmark_node_get_syntax_extension(node) == extensions.table {
                result.append(.table(table(node)))
            } else {
                // Footnote definitions and custom blocks: keep what they contain.
                result += blocks(under: node)
            }
        }
    }

    private func list(_ node: OpaquePointer) -> MarkdownList {
        var items: [MarkdownListItem] = []
        var child = cmark_node_first_child(node)
        while let item = child {
            let isTask = cmark_node_get_syntax_extension(item) == extensions.tasklist
            items.append(MarkdownListItem(
                taskChecked: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil,
                blocks: blocks(under: item)))
            child = cmark_node_next(item)
        }
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        return MarkdownList(
            isOrdered: ordered, start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
            isTight: cmark_node_get_list_tight(node) != 0, items: items)
    }

    /// A table node's column alignments, one per column.
    static func alignments(ofTable node: OpaquePointer) -> [MarkdownTableAlignment] {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [MarkdownTableAlignment] = Array(repeating: .none, count: columns)
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for column in 0..<columns {
                switch UnicodeScalar(raw[column]) {
                case "l": alignments[column] = .left
                case "c": alignments[column] = .center
                case "r": alignments[column] = .right
                default: break
                }
            }
        }
        return alignments
    }

    private func table(_ node: OpaquePointer) -> MarkdownTable {
        let alignments = Self.alignments(ofTable: node)
        let columns = alignments.count
        var header: [MarkdownTableCell] = []
        var rows: [[MarkdownTableCell]] = []
        var rowNode = cmark_node_first_child(node)
        while let row = rowNode {
            var cells: [MarkdownTableCell] = []
            var cellNode = cmark_node_first_child(row)
            while let cell = cellNode {
                cells.append(inlines(under: cell))
                cellNode = cmark_node_next(cell)
            }
            // cmark pads short rows itself; keep every row exactly `columns` wide anyway.
            while cells.count < columns { cells.append([]) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
            rowNode = cmark_node_next(row)
        }
        return MarkdownTable(alignments: alignments, header: header, rows: rows)
    }

    func inlines(under parent: OpaquePointer) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        result.reserveCapacity(Self.childCount(parent))
        var child = cmark_node_first_child(parent)
        while let node = child {
            let inline: MarkdownInline?
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                // cmark leaves an empty text node where it trims spaces before a hard break.
                let text = string(cmark_node_get_literal(node))
                inline = text.isEmpty ? nil : .text(text)
            case CMARK_NODE_SOFTBREAK: inline = .softBreak
            case CMARK_NODE_LINEBREAK: inline = .lineBreak
            case CMARK_NODE_CODE: inline = .code(string(cmark_node_get_literal(node)))
            case CMARK_NODE_HTML_INLINE: inline = .html(string(cmark_node_get_literal(node)))
            case CMARK_NODE_EMPH: inline = .emphasis(inlines(under: node))
            case CMARK_NODE_STRONG: inline = .strong(inlines(under: node))
            case CMARK_NODE_LINK:
                inline = .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)),
                               inlines(under: node))
            case CMARK_NODE_IMAGE:
                inline = .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)),
                                alt: inlines(under: node))
            default:
                if cmark_node_get_syntax_extension(node) == extensions.strikethrough {
                    inline = .strikethrough(inlines(under: node))
                } else {
                    result += inlines(under: node)
                    inline = nil
                }
            }
            if let inline { Self.append(inline, to: &result) }
            child = cmark_node_next(node)
        }
        return result
    }

    /// Appends, merging adjacent text (cmark splits text at brackets and entities).
    private static func append(_ inline: MarkdownInline, to result: inout [MarkdownInline]) {
        if case .text(let added) = inline, case .text(var previous)? = result.last {
            // Take the last element out first so the string is uniquely owned and grows in place.
            result.removeLast()
            previous += added
            result.append(.text(previous))
        } else {
            result.append(inline)
        }
    }

    /// Counting first lets arrays be allocated once at their final size.
    private static func childCount(_ parent: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(parent)
        while let node = child {
            count += 1
            child = cmark_node_next(node)
        }
        return count
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
