import Foundation
import VeetAccount

/// Shows alerts through the freedesktop notification service via
/// `notify-send`, when it is on PATH and a session bus is set; otherwise
/// writes one log line per alert. Actions (Approve once / Deny) are offered
/// when this notify-send supports `--action`; the chosen one comes back
/// through `onAction`. An alert with a conversation or a call also offers Open
/// (`TerminalOpener`). When notify-send can print the id the notification
/// service gave an alert (`--print-id`), an alert later called obsolete is
/// closed through it (DesktopNotifier+Close.swift).
struct DesktopNotifier: Sendable {
    enum Mode: Sendable, Hashable {
        case notifySend(path: String, actions: Bool, printsID: Bool = false)
        case logOnly(reason: String)
    }

    typealias ActionHandler = @Sendable (_ alert: DesktopAlert, _ actionID: String) -> Void

    let mode: Mode
    let log: DaemonLog
    let onAction: ActionHandler
    /// The notification service's id of each alert on screen, by alert key.
    let onScreen = OnScreenAlerts()

    static func detect(environment: [String: String], forceLog: Bool) -> Mode {
        if forceLog { return .logOnly(reason: "notifications turned off (--notifier log)") }
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            return .logOnly(reason: "no session bus")
        }
        guard let path = findOnPath("notify-send", environment: environment) else {
            return .logOnly(reason: "notify-send is not installed")
        }
        let help = helpText(path)
        return .notifySend(path: path, actions: help.contains("--action"), printsID: help.contains("--print-id"))
    }

    func show(_ alert: DesktopAlert) {
        switch mode {
        case .logOnly(let reason):
            log.info("alert \(alert.kind.rawValue) \(Self.identifiers(alert)) shown as a log line (\(reason))")
        case .notifySend(let path, let actions, let printsID):
            launch(path: path, alert: alert, withActions: actions && !offered(alert).isEmpty, printsID: printsID)
        }
    }

    /// A notice of the daemon's own, not a run's alert (a connection that needs
    /// signing in again): no actions, normal urgency, nothing to wait for.
    func showNotice(title: String, body: String) {
        switch mode {
        case .logOnly(let reason):
            log.info("notice \"\(title)\" shown as a log line (\(reason))")
        case .notifySend(let path, _, _):
            do {
                try DetachedProcess.start(path, ["--app-name=Veet", "--urgency=normal", "--category=im", "--", title, body])
            } catch { log.warn("notice not shown: notify-send did not start (\(error))") }
        }
    }

    private func launch(path: String, alert: DesktopAlert, withActions: Bool, printsID: Bool) {
        var arguments = ["--app-name=Veet", "--urgency=\(alert.urgency)", "--category=im"]
        let offered = withActions ? offered(alert) : []
        if withActions {
            arguments += offered.map { "--action=\($0.id)=\($0.label)" }
            arguments.append("--wait")
        }
        if printsID { arguments.append("--print-id") }
        let output = Pipe()
        readLines(of: output, alert: alert, printsID: printsID, offered: offered)
        do {
            try DetachedProcess.start(path, arguments + ["--", alert.title, alert.body], output: output)
            log.info("alert \(alert.kind.rawValue) \(Self.identifiers(alert)) sent to the notification service")
        } catch {
            log.warn("alert \(alert.kind.rawValue) \(Self.identifiers(alert)): notify-send failed to start")
        }
    }

    static func identifiers(_ alert: DesktopAlert) -> String {
        let t = alert.targets
        return [("session", t.sessionID), ("run", t.runID), ("approval", t.approvalID), ("question", t.questionID),
                ("schedule", t.scheduleID), ("occurrence", t.occurrenceID), ("call", t.callID)]
            .compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: " ")
    }

    static func findOnPath(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// libnotify 0.7.10 added `--action` (0.7.9 `--print-id`); older notify-send lacks them.
    private static func helpText(_ path: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--help"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}
