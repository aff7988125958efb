import Foundation
import VeetConsole
import VeetStore

/// veetd's command line.
struct DaemonSettings: Sendable {
    var syncInterval: TimeInterval = 30
    /// The reconciliation rule (docs/daemon.md, "How often it asks"): a full walk every
    /// `--sync-interval` while someone looks, a glance every two of them while nobody does,
    /// a full walk at least hourly.
    var cadence: ReconcileCadence {
        ReconcileCadence(lookingInterval: syncInterval, idleInterval: 2 * syncInterval,
                         fullWalkAtMost: max(3600, syncInterval))
    }
    var alertHold: TimeInterval = 30
    /// How veetd opens the store: SQLite's default page cache (2,000 KiB for each connection) fills as
    /// the file grows and stays full all day (docs/daemon.md, "Memory over a day").
    static let storeOptions = DatabaseOptions.longRunning
    var logOnlyNotifier = false
    var logFile: String?

    static let spec = CommandSpec(
        name: "veetd",
        summary: "The Veet background daemon: keeps the local store current and raises desktop notifications.",
        discussion: """
            Runs in the foreground (systemd Type=notify; READY=1 goes to $NOTIFY_SOCKET). Reconciles every \
            saved connection at start and on request; every --sync-interval seconds while a client looks (a \
            focused veet-tui), else a glance at the index's first page every two intervals and a full walk \
            hourly; delivers the outbox; \
            watches active runs; answers the CLI and TUI on $XDG_RUNTIME_DIR/veet/veetd.sock. \
            Logs go to stderr and to $XDG_STATE_HOME/veet/veetd.log. SIGTERM stops it cleanly. See docs/daemon.md.
            """,
        examples: [CommandExample("veetd"), CommandExample("veetd --notifier log --sync-interval 60")],
        options: [syncIntervalOption.spec, alertHoldOption.spec, notifierOption.spec, logFileOption.spec, versionFlag.spec])

    static let syncIntervalOption = ValueOption(
        "sync-interval", valueName: "seconds",
        help: "Seconds between full reconciliations while a client looks (default 30); glances come every two.")
    static let alertHoldOption = ValueOption(
        "alert-hold", valueName: "seconds",
        help: "Seconds an approval, question or schedule alert waits before it is shown (default 30; an approval's count from when the server asked).")
    static let notifierOption = ValueOption("notifier", valueName: "auto|log",
                                            help: "auto: notify-send when a session bus exists; log: log lines only.")
    static let logFileOption = ValueOption("log-file", valueName: "path",
                                           help: "Where to append the log (default $XDG_STATE_HOME/veet/veetd.log).")
    static let versionFlag = Flag("version", help: "Print the version.")

    init() {}

    init(_ command: ParsedCommand) throws {
        if let text = command.value(Self.syncIntervalOption) { syncInterval = try Self.seconds(text, "sync-interval") }
        if let text = command.value(Self.alertHoldOption) { alertHold = try Self.seconds(text, "alert-hold") }
        switch command.value(Self.notifierOption) {
        case nil, "auto": logOnlyNotifier = false
        case "log": logOnlyNotifier = true
        case let other?: throw SettingsError("--notifier must be auto or log, not \(other)")
        }
        logFile = command.value(Self.logFileOption)
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
