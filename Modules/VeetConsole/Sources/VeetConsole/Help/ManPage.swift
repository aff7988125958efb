import Foundation

/// A man page (roff, `man -l` reads it) made from the same command tree as
/// `--help`: the synopsis is help's usage line, each command's section its
/// summary, discussion, arguments, options and examples, so the two never disagree.
public struct ManPage: Sendable {
    public var root: CommandSpec
    /// 1 for user commands, 8 for daemons.
    public var section: Int
    public var version: String
    /// The page's date, `YYYY-MM-DD`.
    public var date: String
    /// Extra sections after the commands (title, paragraphs), e.g. FILES, EXIT STATUS.
    public var extraSections: [(title: String, paragraphs: [String])]
    public var seeAlso: [String]

    public init(root: CommandSpec, section: Int, version: String, date: String,
                extraSections: [(title: String, paragraphs: [String])] = [], seeAlso: [String] = []) {
        self.root = root
        self.section = section
        self.version = version
        self.date = date
        self.extraSections = extraSections
        self.seeAlso = seeAlso
    }

    public var text: String {
        var out = [".TH \(Self.escape(root.name.uppercased())) \(section) \"\(date)\" \"\(Self.escape(root.name)) \(Self.escape(version))\" \"\(section == 8 ? "System Administration" : "User Commands")\""]
        out += [".SH NAME", "\(Self.escape(root.name)) \\- \(Self.escape(root.summary))"]
        out += [".SH SYNOPSIS", ".B \(Self.escape(HelpFormatter.usageLine(root, fullName: root.name)))"]
        if let discussion = root.discussion { out += [".SH DESCRIPTION"] + paragraphs(discussion) }
        let options = root.options + [.help]
        out += [".SH OPTIONS"] + options.flatMap(option)
        if !root.positionals.isEmpty { out += [".SH ARGUMENTS"] + root.positionals.flatMap(positional) }
        if !root.subcommands.isEmpty {
            out.append(".SH COMMANDS")
            for sub in root.subcommands { out += command(sub, lineage: [root]) }
        }
        if !root.examples.isEmpty { out += [".SH EXAMPLES"] + examples(root.examples) }
        for extra in extraSections {
            out.append(".SH \(Self.escape(extra.title.uppercased()))")
            for (index, paragraph) in extra.paragraphs.enumerated() {
                if index > 0 { out.append(".PP") }
                out.append(Self.line(paragraph))
            }
        }
        if !seeAlso.isEmpty { out += [".SH SEE ALSO", seeAlso.map(Self.escape).joined(separator: ", ")] }
        return out.joined(separator: "\n") + "\n"
    }

    private func command(_ spec: CommandSpec, lineage: [CommandSpec]) -> [String] {
        let chain = lineage + [spec]
        let fullName = chain.map(\.name).joined(separator: " ")
        var out = [".SS \"\(Self.escape(HelpFormatter.usageLine(spec, fullName: fullName)))\"", Self.line(spec.summary)]
        if let discussion = spec.discussion { out += [".PP"] + paragraphs(discussion) }
        if !spec.positionals.isEmpty { out += spec.positionals.flatMap(positional) }
        out += spec.options.flatMap(option)
        if !spec.examples.isEmpty { out += [".PP", "Examples:"] + examples(spec.examples) }
        for sub in spec.subcommands { out += command(sub, lineage: chain) }
        return out
    }

    private func option(_ option: OptionSpec) -> [String] {
        let row = HelpFormatter.row(option)
        let cell = row.cell.trimmingCharacters(in: .whitespaces)
        return [".TP", "\\fB\(Self.escape(cell))\\fR", Self.line(row.help)]
    }

    private func positional(_ positional: PositionalSpec) -> [String] {
        [".TP", "\\fI\(Self.escape(positional.usageText))\\fR", Self.line(positional.help)]
    }

    private func examples(_ examples: [CommandExample]) -> [String] {
        examples.flatMap { example in
            (example.explanation.map { [Self.line($0)] } ?? []) + [".PP", ".RS 4", ".nf", Self.escape(example.commandLine), ".fi", ".RE"]
        }
    }

    private func paragraphs(_ text: String) -> [String] {
        let parts = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return parts.enumerated().flatMap { index, part in (index > 0 ? [".PP"] : []) + [Self.line(part)] }
    }

    /// A text line: escaped, and never starting with a control character.
    static func line(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }
}
