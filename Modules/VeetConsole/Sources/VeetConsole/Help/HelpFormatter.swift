/// Renders conventional help text for one command of a tree: usage line,
/// summary, discussion, then aligned tables of commands, arguments, options
/// and inherited (global) options, examples, and a pointer to subcommand help.
/// All tables on a page share one help column; text wraps to `width`.
public struct HelpFormatter: Sendable {
    public var root: CommandSpec
    public var width: Int

    /// The widest left cell that still shares a line with its help text.
    static let maximumCellWidth = 24

    /// - Parameter width: columns to wrap to; by default the terminal's.
    public init(root: CommandSpec, width: Int = Terminal.detectWidth()) {
        self.root = root
        self.width = max(width, 20)
    }

    /// Help for the command at `path` (names below the root), ending in a
    /// newline; nil when the path names no command.
    public func help(for path: [String]) -> String? {
        guard let lineage = root.lineage(for: path) else { return nil }
        let command = lineage[lineage.count - 1]
        let fullName = lineage.map(\.name).joined(separator: " ")

        var tables: [(title: String, rows: [Row])] = []
        tables.append(("Commands", command.subcommands.map { Row($0.name, $0.summary) }))
        tables.append(("Arguments", command.positionals.map { Row($0.usageText, $0.help) }))
        tables.append(("Options", (command.options + [OptionSpec.help]).map(Self.row)))
        tables.append(("Global options", Self.inheritedOptions(lineage).map(Self.row)))
        tables.removeAll { $0.rows.isEmpty }
        let cellWidth = min(
            tables.flatMap(\.rows).map(\.cell.count).max() ?? 0, Self.maximumCellWidth)

        var sections: [[String]] = [usage(command, fullName: fullName)]
        if !command.summary.isEmpty {
            sections.append(TextWrap.wrap(command.summary, width: width))
        }
        if let discussion = command.discussion, !discussion.isEmpty {
            sections.append(TextWrap.wrap(discussion, width: width))
        }
        for table in tables {
            sections.append(["\(table.title):"] + table.rows.flatMap { render($0, cellWidth: cellWidth) })
        }
        if !command.examples.isEmpty {
            sections.append(["Examples:"] + examples(command.examples))
        }
        if !command.subcommands.isEmpty {
            let pointer = "Run '\(fullName) <command> --help' for more about a command."
            sections.append(TextWrap.wrap(pointer, width: width))
        }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    struct Row {
        var cell: String
        var help: String
        init(_ cell: String, _ help: String) {
            self.cell = cell
            self.help = help
        }
    }

    private func usage(_ command: CommandSpec, fullName: String) -> [String] {
        TextWrap.wrapLine(Self.usageLine(command, fullName: fullName), width: width,
                          firstPrefix: "Usage: ", restPrefix: "       ")
    }

    /// `veet sessions show [options] <id>`: help's usage line and the man page's synopsis.
    static func usageLine(_ command: CommandSpec, fullName: String) -> String {
        var words = [fullName, "[options]"]
        if !command.subcommands.isEmpty {
            words.append("<command>")
        } else {
            words += command.positionals.map(\.usageText)
        }
        return words.joined(separator: " ")
    }

    private func render(_ row: Row, cellWidth: Int) -> [String] {
        let column = 2 + cellWidth + 2
        let hanging = String(repeating: " ", count: column)
        if row.help.isEmpty { return ["  " + row.cell] }
        if row.cell.count <= cellWidth {
            let first = "  " + row.cell.padded(to: cellWidth + 2)
            return TextWrap.wrapLine(row.help, width: width, firstPrefix: first, restPrefix: hanging)
        }
        return ["  " + row.cell]
            + TextWrap.wrapLine(row.help, width: width, firstPrefix: hanging, restPrefix: hanging)
    }

    private func examples(_ examples: [CommandExample]) -> [String] {
        let spaced = examples.contains { $0.explanation != nil }
        var lines: [String] = []
        for (index, example) in examples.enumerated() {
            if spaced, index > 0 { lines.append("") }
            if let explanation = example.explanation {
                lines += TextWrap.wrapLine(explanation, width: width, firstPrefix: "  # ", restPrefix: "  # ")
            }
            lines.append("  " + example.commandLine)
        }
        return lines
    }

    static func row(_ option: OptionSpec) -> Row {
        var cell = option.short.map { "-\($0), " } ?? "    "
        cell += "--" + option.long
        if case let .value(valueName) = option.kind {
            cell += " <\(valueName)>"
        }
        return Row(cell, option.isRepeatable ? option.help + " (repeatable)" : option.help)
    }

    /// Options declared above this command, root first, minus any the
    /// command (or a nearer ancestor) redeclares.
    static func inheritedOptions(_ lineage: [CommandSpec]) -> [OptionSpec] {
        var taken = Set(lineage[lineage.count - 1].options.map(\.long))
        var found: [[OptionSpec]] = []
        for ancestor in lineage.dropLast().reversed() {
            let fresh = ancestor.options.filter { !taken.contains($0.long) }
            taken.formUnion(fresh.map(\.long))
            found.insert(fresh, at: 0)
        }
        return found.flatMap { $0 }
    }
}
