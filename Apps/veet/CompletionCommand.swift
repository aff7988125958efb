import Foundation
import VeetConsole
import VeetStore

/// `veet completion SHELL` prints a script generated from `CommandTree`;
/// the scripts call the hidden `veet __complete KIND` for live values, read
/// from the local store and the saved connections, never from the network.
enum CompletionCommand {
    static let spec = CommandSpec(
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
        positionals: [PositionalSpec("shell", help: "bash, zsh or fish.",
                                     completion: .choices(ShellCompletion.Shell.allCases.map(\.rawValue)))])

    /// The hidden command the scripts call: not in the tree, so never in help.
    static let liveCommand = "__complete"

    static func script(_ name: String, context: CLIContext) -> ExitCode {
        guard let shell = ShellCompletion.Shell(rawValue: name) else {
            return context.fail("veet: no completion for \"\(name)\"; choose bash, zsh or fish.", .usage)
        }
        let script = ShellCompletion(root: annotated(CommandTree.root)).script(for: shell)
        if context.json {
            try? JSONOutput.print(["shell": shell.rawValue, "script": script,
                                   "install_path": ShellCompletion.installPath(for: shell, program: "veet")], layout: .compact)
        } else {
            context.out.write(script)
        }
        return .success
    }

    /// `veet __complete KIND`: one `value<TAB>description` per line; nothing
    /// (and exit 0) when there is nothing to offer, so a shell never shows an error.
    static func live(_ kind: String, context: CLIContext) -> ExitCode {
        for (value, description) in (try? values(kind, context: context)) ?? [] {
            let text = oneLine(description)
            context.out.writeLine(text.isEmpty ? value : "\(value)\t\(text)")
        }
        return .success
    }

    static func values(_ kind: String, context: CLIContext) throws -> [(String, String)] {
        switch kind {
        case "connections":
            return try context.registry.load().connections.map { ($0.name, $0.url) }
        case "sessions":
            let (store, _) = try context.store()
            return try store.sessions(limit: 200).map { ($0.id, $0.title ?? $0.localTitle ?? "") }
        case "folders":
            let (store, _) = try context.store()
            return distinct(try store.sessions().compactMap { session in session.folderID.map { ($0, "folder") } })
        case "schedules":
            let (store, _) = try context.store()
            return distinct(try store.sessions().compactMap { session in
                session.scheduleID.map { ($0, session.title ?? session.localTitle ?? "schedule") }
            })
        case "outbox":
            let (store, _) = try context.store()
            return try store.outbox().map { entry in
                (String(entry.id), entry.content.compactMap(\.text).joined().prefix(60).description)
            }
        default:
            return []
        }
    }

    private static func distinct(_ pairs: [(String, String)]) -> [(String, String)] {
        var seen: Set<String> = []
        return pairs.filter { seen.insert($0.0).inserted }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: Where values come from

    /// The tree with each value's source filled in by name, so command files
    /// need not say it and a new command's `--session` or `<session>` completes too.
    static func annotated(_ spec: CommandSpec, path: [String] = []) -> CommandSpec {
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

    static func source(forOption option: OptionSpec) -> CompletionSource? {
        switch option.long {
        case "connection": return .live("connections")
        case "session": return .live("sessions")
        case "folder": return .live("folders")
        case "schedule": return .live("schedules")
        default: break
        }
        guard case .value(let valueName) = option.kind else { return nil }
        return ["path", "file"].contains(valueName) ? .files : nil
    }

    static func source(forPositional name: String, group: String?) -> CompletionSource? {
        switch (name, group) {
        case ("session", _), ("id", "sessions"): return .live("sessions")
        case ("folder", _): return .live("folders")
        case ("id", "schedules"): return .live("schedules")
        case ("id", "outbox"): return .live("outbox")
        case ("name", "connections"): return .live("connections")
        case ("path", _), ("file", _): return .files
        default: return nil
        }
    }
}
