import Foundation
import VeetAccount

/// The desktop alert's Open: starts `veet-tui --session ID [--run ID]
/// [--focus approval|question]` (or `veet-tui --call ID` for a call's result)
/// in the user's terminal, named by $TERMINAL.
/// Everything goes as an argument array (no shell reads it); the connection
/// is named, never its token, and VEET_URL / VEET_TOKEN are left out of the
/// terminal's environment so the named connection is the one used. Without
/// $TERMINAL the command is logged for the owner to run.
struct TerminalOpener: Sendable {
    let log: DaemonLog
    let environment: [String: String]

    /// veet-tui's arguments for an alert; nil when it names no conversation and no call.
    /// A call's result opens on the Calls page (`--call ID`).
    static func tuiArguments(for alert: DesktopAlert, connection: String?) -> [String]? {
        var arguments: [String] = []
        if let connection { arguments += ["--connection", connection] }
        if alert.kind == .callFinished, let call = alert.targets.callID { return arguments + ["--call", call] }
        guard let session = alert.targets.sessionID else { return nil }
        arguments += ["--session", session]
        if let run = alert.targets.runID { arguments += ["--run", run] }
        switch alert.kind {
        case .approval: arguments += ["--focus", "approval"]
        case .question: arguments += ["--focus", "question"]
        default: break
        }
        return arguments
    }

    /// How a terminal takes the program to run: most after `-e`, some after
    /// `--` or `-x`, kitty and foot as plain trailing words. $TERMINAL is split
    /// on spaces (a program and its own options), never given to a shell.
    static func terminalCommand(terminal: String, running command: [String]) -> [String]? {
        let words = terminal.split(separator: " ").map(String.init)
        guard let program = words.first else { return nil }
        let name = URL(fileURLWithPath: program).lastPathComponent
        switch name {
        case "kitty", "foot", "footclient": return words + command
        case "gnome-terminal", "kgx", "tilix", "ptyxis": return words + ["--"] + command
        case "wezterm": return words + ["start", "--"] + command
        case "xfce4-terminal", "terminator": return words + ["-x"] + command
        default: return words + ["-e"] + command
        }
    }

    /// veet-tui next to this veetd (an install or a build puts them together), else on PATH.
    func tuiPath() -> String {
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let sibling = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("veet-tui").path
            if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        }
        return DesktopNotifier.findOnPath("veet-tui", environment: environment) ?? "veet-tui"
    }

    func open(_ alert: DesktopAlert, connection: String?) {
        guard let tui = Self.tuiArguments(for: alert, connection: connection) else { return }
        let command = [tuiPath()] + tui
        let shown = command.map(Self.quoted).joined(separator: " ")
        guard let terminal = environment["TERMINAL"], !terminal.isEmpty,
              let argv = Self.terminalCommand(terminal: terminal, running: command),
              let program = argv.first.flatMap({ $0.contains("/") ? $0 : DesktopNotifier.findOnPath($0, environment: environment) })
        else {
            log.info("open: no terminal is known ($TERMINAL is not set or not found); run: \(shown)")
            return
        }
        var childEnvironment = environment
        childEnvironment["VEET_URL"] = nil
        childEnvironment["VEET_TOKEN"] = nil
        do {
            try DetachedProcess.start(program, Array(argv.dropFirst()), environment: childEnvironment)
            log.info("open: started \(URL(fileURLWithPath: program).lastPathComponent) running \(shown)")
        } catch {
            log.warn("open: \(program) failed to start; run: \(shown)")
        }
    }

    /// A word as a POSIX shell would need it, for the log line only.
    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
