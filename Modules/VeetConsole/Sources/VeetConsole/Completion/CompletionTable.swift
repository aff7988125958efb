/// The command tree flattened for a completion script: each command's path,
/// its subcommands, the options it accepts (its own and its ancestors') and
/// its positionals. One table feeds the bash, zsh and fish scripts.
struct CompletionTable {
    struct Node {
        /// Command names below the root, joined by spaces ("" for the root).
        var path: String
        var subcommands: [(name: String, summary: String)]
        var options: [OptionSpec]
        var positionals: [PositionalSpec]
    }

    let program: String
    let nodes: [Node]

    init(root: CommandSpec) {
        program = root.name
        var nodes: [Node] = []
        func walk(_ spec: CommandSpec, path: [String], inherited: [OptionSpec]) {
            let options = inherited + spec.options
            nodes.append(Node(path: path.joined(separator: " "),
                              subcommands: spec.subcommands.map { ($0.name, $0.summary) },
                              options: options + [.help], positionals: spec.positionals))
            for sub in spec.subcommands { walk(sub, path: path + [sub.name], inherited: options) }
        }
        walk(root, path: [], inherited: [])
        self.nodes = nodes
    }

    /// Every spelling of an option: `--long` and `-s`.
    static func spellings(_ option: OptionSpec) -> [String] {
        ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
    }

    /// An option whose value source is the same wherever it is accepted is
    /// matched by name alone; otherwise by command and name.
    var valueSources: [(pattern: [String], source: CompletionSource)] {
        var byName: [String: [(path: String, option: OptionSpec)]] = [:]
        var order: [String] = []
        for node in nodes {
            for option in node.options where option.takesValue {
                if byName[option.long] == nil { order.append(option.long) }
                byName[option.long, default: []].append((node.path, option))
            }
        }
        var specific: [(pattern: [String], source: CompletionSource)] = []
        var general: [(pattern: [String], source: CompletionSource)] = []
        for name in order {
            let uses = byName[name] ?? []
            let sources = uses.map(\.option.completion)
            if sources.allSatisfy({ $0 == sources[0] }) {
                if sources[0] != .none {
                    general.append((Self.spellings(uses[0].option).map { "*|\($0)" }, sources[0]))
                }
            } else {
                for use in uses where use.option.completion != .none {
                    specific.append((Self.spellings(use.option).map { "\(use.path)|\($0)" }, use.option.completion))
                }
            }
        }
        return specific + general
    }

    /// One lookup function of a script: what it switches on (`$1` or `$1|$2`) and the lines it prints per case.
    struct Function {
        var name: String
        var takesOption: Bool
        var cases: [(patterns: [String], lines: [String])]
    }

    /// The five lookups every script defines; `separator` joins a name and its help
    /// (":" for bash and zsh's `_describe`, a tab for fish).
    func functions(separator: String) -> [Function] {
        [
            Function(name: "commands", takesOption: false, cases: nodes.map { node in
                ([node.path], node.subcommands.map { "\($0.name)\(separator)\(oneLine($0.summary))" })
            }),
            Function(name: "options", takesOption: false, cases: nodes.map { node in
                ([node.path], node.options.flatMap { option in
                    Self.spellings(option).map { "\($0)\(separator)\(oneLine(option.help))" }
                })
            }),
            Function(name: "value_options", takesOption: false, cases: nodes.map { node in
                ([node.path], node.options.filter(\.takesValue).flatMap(Self.spellings))
            }),
            Function(name: "value_source", takesOption: true, cases: valueSources.map { ($0.pattern, [$0.source.scriptWords]) }),
            Function(name: "positionals", takesOption: false, cases: nodes.map { node in
                var lines = node.positionals.map(\.completion.scriptWords)
                if node.positionals.last?.isVariadic == true { lines.append("+") }
                return ([node.path], lines)
            }),
        ]
    }
}
