import Foundation
import VeetConsole
import VeetSubscriptions
import VeetTransport

/// What Subscriptions needs from its owner, for "Needs you" (the TUI's sidebar
/// and `veet needs-you`): the senders whose last action's outcome is uncertain.
/// Such a row ends `failed` (its prior state restored only when the action surely
/// did not happen), so one page of the failed rows is read.
public struct SubscriptionsNeedsYou: NeedsYouSource {
    /// The feature's name on its items: the shell opens them on the Subscriptions screen.
    public static let feature = "subscriptions"
    let api: SubscriptionsAPI

    public init(api: SubscriptionsAPI) {
        self.api = api
    }

    public var feature: String { Self.feature }

    /// One read (50 rows at most); a server without subscriptions contributes nothing.
    public func read() async -> NeedsYouReport { await read(limit: 50) }

    public func read(limit: Int) async -> NeedsYouReport {
        do {
            let rows = try await api.page(SubscriptionQuery(state: .failed), limit: limit).items
            return .items(rows.filter(\.outcomeUncertain).map(Self.item))
        } catch {
            return ServerRefusal.meansNotOffered(error) ? .notOffered : .unread("\(error)")
        }
    }

    static func item(_ row: Subscription) -> NeedsYouItem {
        NeedsYouItem(feature: feature, kind: "subscription_uncertain", id: row.id, need: "Check the unsubscribe",
                     subject: ServerText.line(row.senderName), tag: "check",
                     date: (row.operation?.requestedAt ?? row.requestedAt)?.date,
                     command: "veet subscriptions show \(row.id)")
    }
}
