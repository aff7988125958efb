import Foundation
import VeetConsole

/// veetd's command line.
struct DaemonSettings: Sendable {
    var syncInterval: TimeInterval = 30
    var alertHold: TimeInterval = 30
    var logOnlyNotifier = false
    var logFile: String?

    static let spec = CommandSpec(
        name: "veetd",
        summary: "The Veet background daemon: keeps the local store current and raises desktop notifications.",
        discussion: """
            Runs in the foreground (systemd Type=notify; READY=1 goes to $NOTIFY_SOCKET). Reconciles every \
            saved connection at start, every --sync-interval seconds and on request; delivers the outbox; \
            watches active runs; answers the CLI and TUI on $XDG_RUNTIME_DIR/veet/veetd.sock. \
            Logs go to stderr and to $XDG_STATE_HOME/veet/veetd.log. SIGTERM stops it cleanly. See docs/daemon.md.
            """,
        examples: [CommandExample("veetd"), CommandExample("veetd --notifier log --sync-interval 60")],
        options: [
            .value("sync-interval", valueName: "seconds", help: "Seconds between reconciliations (default 30)."),
            .value("alert-hold", valueName: "seconds",
                   help: "Seconds an approval, question or schedule alert waits before it is shown (default 30; an approval's count from when the server asked)."),
            .value("notifier", valueName: "auto|log", help: "auto: notify-send when a session bus exists; log: log lines only."),
            .value("log-file", valueName: "path", help: "Where to append the log (default $XDG_STATE_HOME/veet/veetd.log)."),
            .flag("version", help: "Print the version."),
        ])

    init() {}

    init(_ command: ParsedCommand) throws {
        if let text = command.value("sync-interval") { syncInterval = try Self.seconds(text, "sync-interval") }
        if let text = command.value("alert-hold") { alertHold = try Self.seconds(text, "alert-hold") }
        switch command.value("notifier") {
        case nil, "auto": logOnlyNotifier = false
        case "log": logOnlyNotifier = true
        case let other?: throw SettingsError("--notifier must be auto or log, not \(other)")
        }
        logFile = command.value("log-file")
    }

    static func seconds(_ text: String, _ name: String) throws -> TimeInterval {
        guard let value = TimeInterval(text), value >= 0, value <= 86_400 else {
            throw SettingsError("--\(name) needs a number of seconds between 0 and 86400, not \(text)")
        }
        return max(value, 0.05)
    }
}

struct SettingsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
