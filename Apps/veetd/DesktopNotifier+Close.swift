import Dispatch
import Foundation
import Synchronization
import VeetAccount

/// The notification service's ids of the alerts on screen, by alert key, so
/// one called obsolete by the server can be closed.
final class OnScreenAlerts: Sendable {
    private let ids = Mutex<[String: UInt32]>([:])

    func set(_ id: UInt32, for key: String) { ids.withLock { $0[key] = id } }
    func take(_ key: String) -> UInt32? { ids.withLock { $0.removeValue(forKey: key) } }
    func forget(_ key: String) { ids.withLock { $0[key] = nil } }
}

extension DesktopNotifier {
    /// The action Open reports (it starts veet-tui on the alert's conversation or call).
    static let openAction = "open"

    /// The alert's own actions, then Open when it leads somewhere (a conversation or a call).
    func offered(_ alert: DesktopAlert) -> [DesktopAlert.Action] {
        guard TerminalOpener.tuiArguments(for: alert, connection: nil) != nil else { return alert.actions }
        return alert.actions + [DesktopAlert.Action(id: Self.openAction, label: "Open")]
    }

    /// Reads notify-send's output as it comes: with `--print-id` the first line
    /// is the service's id (kept while the alert is up); a later line is the
    /// chosen action. The pipe ends when notify-send exits (the alert closed).
    func readLines(of output: Pipe, alert: DesktopAlert, printsID: Bool, offered: [DesktopAlert.Action]) {
        let handler = onAction, onScreen = onScreen
        DispatchQueue.global().async {
            let reader = output.fileHandleForReading
            var buffer = Data(), expectingID = printsID
            func take(_ line: String) {
                let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
                if expectingID, let id = UInt32(text) {
                    expectingID = false
                    onScreen.set(id, for: alert.key)
                } else if offered.contains(where: { $0.id == text }) {
                    handler(alert, text)
                }
            }
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    take(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            if !buffer.isEmpty { take(String(decoding: buffer, as: UTF8.self)) }
            // Without actions notify-send leaves at once and the alert stays up: keep its id.
            if !offered.isEmpty { onScreen.forget(alert.key) }
        }
    }

    /// Closes an alert the server called obsolete (`CloseNotification` through
    /// gdbus, as notify-send itself cannot). Without its id or gdbus, says so.
    func close(_ alert: DesktopAlert, environment: [String: String]) {
        let what = "alert \(alert.kind.rawValue) \(Self.identifiers(alert))"
        guard case .notifySend = mode else {
            log.info("\(what) is obsolete (handled elsewhere)")
            return
        }
        guard let id = onScreen.take(alert.key) else {
            log.info("\(what) is obsolete; this notify-send gave no id to close it by")
            return
        }
        guard let gdbus = Self.findOnPath("gdbus", environment: environment) else {
            log.info("\(what) is obsolete; gdbus is not installed to close it")
            return
        }
        do {
            try DetachedProcess.start(gdbus, ["call", "--session", "--dest", "org.freedesktop.Notifications",
                                              "--object-path", "/org/freedesktop/Notifications",
                                              "--method", "org.freedesktop.Notifications.CloseNotification", String(id)])
            log.info("\(what) closed: obsolete (handled elsewhere)")
        } catch {
            log.warn("\(what) is obsolete but gdbus failed to start")
        }
    }
}
