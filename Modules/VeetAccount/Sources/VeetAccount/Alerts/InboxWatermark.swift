import Foundation

/// Turns successive reads of the notification inbox into alert signals:
/// each item is considered once; on the first read, items older than
/// `freshness` are history and raise nothing; an item the server marks
/// superseded or expired resolves its alert (handled elsewhere).
public struct InboxWatermark: Sendable {
    public let freshness: TimeInterval
    private var seen: Set<String> = []
    private var order: [String] = []
    private var primed = false

    public init(freshness: TimeInterval = 120) {
        self.freshness = freshness
    }

    public mutating func signals(from items: [NotificationItem], now: Date) -> [AlertSignal] {
        var signals: [AlertSignal] = []
        // Oldest first, so alerts keep the server's order.
        for item in items.reversed() {
            guard let candidate = AlertCandidate(item) else { continue }
            if item.status == .superseded || item.status == .expired {
                signals.append(.resolve(key: candidate.key))
                remember(item.id)
                continue
            }
            guard remember(item.id) else { continue }
            if !primed, let created = item.createdAt?.date, now.timeIntervalSince(created) > freshness { continue }
            signals.append(.raise(candidate))
        }
        primed = true
        return signals
    }

    /// False when already seen. Keeps the last 2,048 ids.
    @discardableResult
    private mutating func remember(_ id: String) -> Bool {
        guard seen.insert(id).inserted else { return false }
        order.append(id)
        if order.count > 2_048 { seen.remove(order.removeFirst()) }
        return true
    }
}
