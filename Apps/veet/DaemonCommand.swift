import Foundation
import Glibc
import VeetConsole
import VeetDaemonProtocol

/// `veet daemon status|start|stop|logs|install|attach`: the background daemon (docs/daemon.md).
struct DaemonCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "daemon",
        summary: "The background daemon veetd: status, start, stop, logs, systemd unit.",
        discussion: """
            veetd keeps the local store current, delivers the outbox and raises desktop notifications. \
            Every command works without it; when it runs, veet sync asks it instead (VEET_NO_DAEMON=1 to skip).
            """,
        subcommands: [
            CommandSpec(name: "status", summary: "Show whether veetd runs, and what it keeps (exit 1 when it is not running)."),
            CommandSpec(name: "start", summary: "Start veetd: through systemd when its unit is installed, else detached."),
            CommandSpec(name: "stop", summary: "Stop veetd (SIGTERM, or systemctl --user stop)."),
            CommandSpec(name: "logs", summary: "Print the end of veetd's log ($XDG_STATE_HOME/veet/veetd.log).",
                        options: [lines.spec]),
            CommandSpec(name: "install", summary: "Write the systemd user unit to ~/.config/systemd/user/veetd.service.",
                        options: [printOnly.spec]),
            CommandSpec(name: "attach", summary: "Print a run's live events through veetd, one per line, until it ends.",
                        options: [timeout.spec],
                        positionals: [PositionalSpec("run", help: "The run id.")]),
        ])

    static let lines = ValueOption("lines", valueName: "n", help: "How many lines (default 50).")
    static let printOnly = Flag("print", help: "Print the unit instead of writing it.")
    static let timeout = ValueOption("timeout", valueName: "seconds", help: "Give up after this long (default 600).")

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let daemon = DaemonCommand(context: context)
        switch command.path {
        case ["daemon", "status"]: return try daemon.status()
        case ["daemon", "start"]: return try daemon.start()
        case ["daemon", "stop"]: return daemon.stop()
        case ["daemon", "logs"]: return try daemon.logs(lines: try command.int(lines) ?? 50)
        case ["daemon", "install"]: return try daemon.install(printOnly: command.flag(printOnly))
        case ["daemon", "attach"]:
            return try daemon.attach(command.positionals[0], timeout: TimeInterval(try command.int(timeout) ?? 600))
        default:
            return context.fail("veet: daemon needs a subcommand; see `veet help daemon`", .usage)
        }
    }

    var paths: DaemonPaths { DaemonPaths(environment: context.environment) }

    func status() throws -> ExitCode {
        guard let status = DaemonClient.status(paths: paths) else {
            if context.json { context.out.writeLine("null") }
            context.err.writeLine("veetd is not running (socket \(paths.socketFile.path)).")
            return .failure
        }
        if context.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            context.out.writeLine(String(decoding: try encoder.encode(status), as: UTF8.self))
            return .success
        }
        let style = context.outStyle
        context.out.writeLine("veetd \(status.version) is running (pid \(status.pid)) since \(Self.ago(status.startedAt)); "
                              + "\(max(0, status.clients - 1)) other clients, \(status.watchedRuns.count) runs watched, "
                              + "\(status.pendingAlerts) alerts waiting.")
        for connection in status.connections {
            let synced = connection.lastSync.map { "synced \(Self.ago($0))" } ?? "not synced yet"
            context.out.writeLine("  \(style.emphasis(connection.name)): \(connection.sessions) conversations, "
                                  + "\(connection.outboxPending) in the outbox, \(synced), notifications \(connection.notifications)"
                                  + (connection.awaitsSignIn ? ""
                                     : connection.lastError.map { style.dim(" (last sync failed: \($0))") } ?? ""))
            if connection.awaitsSignIn {
                context.out.writeLine("    sign in again: the server no longer accepts the token; veetd sends nothing to it "
                                      + "until you run veet connect again (the outbox keeps what waits)")
            }
        }
        return .success
    }

    static func ago(_ date: Date) -> String {
        let seconds = Int(max(0, -date.timeIntervalSinceNow))
        return seconds < 120 ? "\(seconds) s ago" : seconds < 7_200 ? "\(seconds / 60) min ago" : "\(seconds / 3_600) h ago"
    }

    func logs(lines: Int) throws -> ExitCode {
        let file = paths.logFile
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return context.fail("No log yet at \(file.path).", .failure)
        }
        let all = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        for line in all.suffix(max(lines, 0)) { context.out.writeLine(String(line)) }
        return .success
    }
}
