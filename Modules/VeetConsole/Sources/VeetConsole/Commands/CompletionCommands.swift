import Foundation

/// `completion SHELL`: a completion script for bash, zsh or fish, generated from an
/// app's command tree. The scripts call the hidden `PROGRAM __complete KIND` for live
/// values, which the app lists itself (from its local files, never the network) and
/// prints with `printLive`. Which option or positional completes from which live
/// kind is said once by name in `CompletionSources`, so a command need not say it.
public struct CompletionCommands: CommandGroup {
    static let shell = Argument("shell", help: "bash, zsh or fish.", completion: .choices(ShellCompletion.Shell.allCases.map(\.rawValue)))

    public static let spec = CommandSpec(
        name: "completion",
        summary: "Print a completion script for bash, zsh or fish.",
        discussion: """
            The script covers every command, option and option value, and completes saved \
            connection names, cached conversation ids (with their titles in zsh and fish), \
            folder and schedule ids and held outbox entries from the local store, without a \
            network call. `make install` puts the scripts where each shell looks.
            """,
        examples: [
            CommandExample("veet completion bash > ~/.local/share/bash-completion/completions/veet"),
            CommandExample("veet completion zsh > \"${fpath[1]}/_veet\""),
            CommandExample("veet completion fish > ~/.config/fish/completions/veet.fish"),
        ],
        positionals: [shell.spec])

    /// The hidden command the scripts call: not in the tree, so never in help.
    public static let liveCommand = "__complete"

    /// The app's whole tree (this group among it), and where its values come from.
    let root: CommandSpec
    let sources: CompletionSources

    public init(root: CommandSpec, sources: CompletionSources) {
        self.root = root
        self.sources = sources
    }

    /// The script on stdout; with `--json`, `{"shell","script","install_path"}`.
    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let name = command.argument(Self.shell)
        guard let shell = ShellCompletion.Shell(rawValue: name) else {
            throw CommandFailure.usage("\(console.programName): no completion for \"\(name)\"; choose bash, zsh or fish.")
        }
        let script = ShellCompletion(root: sources.annotated(root)).script(for: shell)
        if console.json {
            try? console.printJSON(["shell": shell.rawValue, "script": script,
                                    "install_path": ShellCompletion.installPath(for: shell, program: console.programName)])
        } else {
            console.out.write(script)
        }
        return .success
    }

    /// `PROGRAM __complete KIND`'s answer: one `value<TAB>description` per line (the description on
    /// one line, left out when empty); nothing at all when there is nothing to offer.
    public static func printLive(_ values: [(value: String, description: String)], to out: Output) {
        for (value, description) in values {
            let text = description.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            out.writeLine(text.isEmpty ? value : "\(value)\t\(text)")
        }
    }
}

/// Where the values of options and positionals come from, by name: filled into a tree
/// whose specs left `completion` at `.none`, so a new command's `--session` or
/// `<session>` completes too without saying so.
public struct CompletionSources: Sendable {
    /// By an option's long name (`connection` → `.live("connections")`).
    public var options: [String: CompletionSource]
    /// By a positional's name, under any command.
    public var positionals: [String: CompletionSource]
    /// By a positional's name under one top-level command (`outbox` → `id` → `.live("outbox")`); before `positionals`.
    public var positionalsUnder: [String: [String: CompletionSource]]
    /// A value option whose value name is one of these completes paths on disk.
    public var fileValueNames: Set<String>

    public init(options: [String: CompletionSource] = [:], positionals: [String: CompletionSource] = [:],
                positionalsUnder: [String: [String: CompletionSource]] = [:], fileValueNames: Set<String> = ["path", "file"]) {
        self.options = options
        self.positionals = positionals
        self.positionalsUnder = positionalsUnder
        self.fileValueNames = fileValueNames
    }

    /// `spec` and its subcommands with every source this table names filled in where none was given.
    public func annotated(_ spec: CommandSpec, path: [String] = []) -> CommandSpec {
        var spec = spec
        spec.options = spec.options.map { option in
            var option = option
            if option.completion == .none, let source = source(forOption: option) { option.completion = source }
            return option
        }
        spec.positionals = spec.positionals.map { positional in
            var positional = positional
            if positional.completion == .none, let source = source(forPositional: positional.name, group: path.first) {
                positional.completion = source
            }
            return positional
        }
        spec.subcommands = spec.subcommands.map { annotated($0, path: path + [$0.name]) }
        return spec
    }

    func source(forOption option: OptionSpec) -> CompletionSource? {
        if let source = options[option.long] { return source }
        guard case .value(let valueName) = option.kind else { return nil }
        return fileValueNames.contains(valueName) ? .files : nil
    }

    func source(forPositional name: String, group: String?) -> CompletionSource? {
        group.flatMap { positionalsUnder[$0]?[name] } ?? positionals[name]
    }
}
