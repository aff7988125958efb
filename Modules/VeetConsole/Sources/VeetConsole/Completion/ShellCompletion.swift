/// Completion scripts for bash, zsh and fish, generated from the command tree
/// that drives parsing and help, so a command cannot be missing from them.
/// Live values (saved connections, cached conversations, ...) come from
/// `PROGRAM __complete KIND` at completion time.
public struct ShellCompletion: Sendable {
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    let root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    public func script(for shell: Shell) -> String {
        let table = CompletionTable(root: root)
        switch shell {
        case .bash: return POSIXCompletionScript(table: table).bash
        case .zsh: return POSIXCompletionScript(table: table).zsh
        case .fish: return FishCompletionScript(table: table).script
        }
    }

    /// Where each shell looks for a completion file, below a prefix (`make install`).
    /// Debian's zsh reads packaged completions from `vendor-completions` under /usr and
    /// the administrator's from `site-functions` under /usr/local (and elsewhere), so the
    /// folder depends on the prefix.
    public static func installPath(for shell: Shell, program: String, prefix: String = "") -> String {
        switch shell {
        case .bash: "share/bash-completion/completions/\(program)"
        case .zsh where prefix == "/usr": "share/zsh/vendor-completions/_\(program)"
        case .zsh: "share/zsh/site-functions/_\(program)"
        case .fish: "share/fish/vendor_completions.d/\(program).fish"
        }
    }
}

/// Single quotes for sh-family scripts: `'` becomes `'\''`.
func shQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
