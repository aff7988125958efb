import Foundation
import VeetAccount
import VeetDaemonProtocol
import VeetTransport

/// Alerts shown and cleared: each shown alert is remembered with its inbox
/// notification, and after each inbox read the server is asked which are
/// obsolete (`POST /v1/notifications/sync`, docs/wire/sessions-runs.md §8.2); only
/// those, and only ones still shown, are closed.
extension Daemon {
    func showAlert(_ alert: DesktopAlert, connection: String) {
        notifier?.show(alert)
        deliveredAlerts.show(alert, connection: connection)
    }

    /// What an inbox read says about the alerts on screen.
    func learnDelivered(_ items: [NotificationItem], connection: String) {
        deliveredAlerts.learn(items, connection: connection)
    }

    func clearObsoleteAlerts(_ name: String) async {
        guard let runtime = connections[name], runtime.notifications == .available else { return }
        let ids = deliveredAlerts.delivered(connection: name)
        guard !ids.isEmpty else { return }
        let sync = NotificationSync(api: AccountAPI(sender: .live(client: runtime.client)))
        let obsolete: Set<String>
        do {
            obsolete = try await sync.sync(delivered: ids, seenRuns: [])
        } catch {
            log.warn("notification sync \(name) not done (\(RunHub.kind(of: error)))")
            return
        }
        // The connection changed (address or token) while the sync was in flight: its answer means nothing now.
        guard let current = connections[name], current.client === runtime.client else { return }
        let environment = ProcessInfo.processInfo.environment
        for alert in deliveredAlerts.clear(obsolete: obsolete, connection: name) {
            notifier?.close(alert, environment: environment)
        }
    }

    /// The owner chose an action on the alert: it is gone from the screen.
    /// Returns the connection it was shown for.
    @discardableResult
    func alertDismissed(key: String) -> String? {
        defer { deliveredAlerts.dismissed(key: key) }
        return deliveredAlerts.shown[key]?.connection
    }
}

extension Daemon {
    /// The one saved connection, when there is only one (Open then names it).
    var onlyConnectionName: String? {
        connections.count == 1 ? connections.keys.first : currentConnection
    }
}

extension Daemon {
    /// The alerts on screen, for `status` (veet-tui reads them so it does not notify twice).
    var raisedAlerts: [RaisedAlert] {
        deliveredAlerts.shown.values.map(\.alert).sorted { $0.key < $1.key }.map { alert in
            RaisedAlert(kind: alert.kind.rawValue, sessionID: alert.targets.sessionID, runID: alert.targets.runID,
                        approvalID: alert.targets.approvalID, questionID: alert.targets.questionID)
        }
    }
}
