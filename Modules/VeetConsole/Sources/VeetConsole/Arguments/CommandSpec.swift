/// One node of a declarative command tree: the root program, a command group
/// such as `sessions`, or a leaf such as `sessions list`.
///
/// A command either has subcommands or takes positionals, never both, so that
/// a bare word is never ambiguous (`CommandSpec.problems()` reports a tree that
/// breaks this). Options declared on a command are also accepted by every
/// command below it, which is how root options such as `--json` or `--color`
/// become global.
public struct CommandSpec: Sendable, Equatable {
    public var name: String
    /// One line, shown in the parent's command table and under the usage line.
    public var summary: String
    /// Longer prose shown in this command's own help. Explicit newlines are
    /// kept; each line is wrapped to the terminal width.
    public var discussion: String?
    public var examples: [CommandExample]
    public var options: [OptionSpec]
    public var positionals: [PositionalSpec]
    public var subcommands: [CommandSpec]

    public init(
        name: String,
        summary: String,
        discussion: String? = nil,
        examples: [CommandExample] = [],
        options: [OptionSpec] = [],
        positionals: [PositionalSpec] = [],
        subcommands: [CommandSpec] = []
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.examples = examples
        self.options = options
        self.positionals = positionals
        self.subcommands = subcommands
    }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The chain of commands from this one (first) down `path` (names below
    /// this command), or nil when a name on the path does not exist.
    public func lineage(for path: [String]) -> [CommandSpec]? {
        var chain = [self]
        for name in path {
            guard let next = chain[chain.count - 1].subcommand(named: name) else { return nil }
            chain.append(next)
        }
        return chain
    }

    /// The command at `path` below this one, or nil.
    public func command(at path: [String]) -> CommandSpec? {
        lineage(for: path)?.last
    }
}

/// A worked example shown in help: the command line and what it does.
public struct CommandExample: Sendable, Equatable {
    public var commandLine: String
    public var explanation: String?

    public init(_ commandLine: String, explanation: String? = nil) {
        self.commandLine = commandLine
        self.explanation = explanation
    }
}
