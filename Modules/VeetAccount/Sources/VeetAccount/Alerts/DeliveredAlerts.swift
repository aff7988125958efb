import Foundation

/// The desktop alerts this device shows, and the inbox notification each
/// stands for, so a sync (`NotificationSync`) can ask which are obsolete and
/// only those are cleared. An alert raised from a live stream learns its
/// notification id when the inbox later lists the same event (same key).
public struct DeliveredAlerts: Sendable, Hashable {
    public struct Shown: Sendable, Hashable {
        public var alert: DesktopAlert
        public var connection: String
        public var notificationID: String?
    }

    /// Shown alerts by key (`AlertCandidate.key`).
    public private(set) var shown: [String: Shown] = [:]
    /// Inbox ids by connection, then key; the last 2,048 keys of each are kept.
    private var inboxIDs: [String: [String: String]] = [:]
    private var inboxOrder: [String: [String]] = [:]

    public init() {}

    /// What one inbox read says: which notification each alert-raising event is.
    public mutating func learn(_ items: [NotificationItem], connection: String) {
        for item in items {
            guard let key = AlertCandidate(item)?.key else { continue }
            if inboxIDs[connection, default: [:]].updateValue(item.id, forKey: key) == nil {
                inboxOrder[connection, default: []].append(key)
                if inboxOrder[connection, default: []].count > 2_048, let old = inboxOrder[connection]?.removeFirst() {
                    inboxIDs[connection]?[old] = nil
                }
            }
            if shown[key]?.connection == connection { shown[key]?.notificationID = item.id }
        }
    }

    public mutating func show(_ alert: DesktopAlert, connection: String) {
        shown[alert.key] = Shown(alert: alert, connection: connection, notificationID: inboxIDs[connection]?[alert.key])
    }

    /// The notification ids of the alerts a connection's server should be asked about.
    public func delivered(connection: String) -> [String] {
        shown.values.filter { $0.connection == connection }.compactMap(\.notificationID).sorted()
    }

    /// Forgets the alerts whose notifications the server called obsolete; returns them to clear.
    public mutating func clear(obsolete ids: Set<String>, connection: String) -> [DesktopAlert] {
        let gone = shown.filter { $0.value.connection == connection && $0.value.notificationID.map(ids.contains) == true }
        for key in gone.keys { shown[key] = nil }
        return gone.values.map(\.alert).sorted { $0.key < $1.key }
    }

    /// The alert went away by itself (closed by the owner, an action chosen).
    public mutating func dismissed(key: String) {
        shown[key] = nil
    }
}
