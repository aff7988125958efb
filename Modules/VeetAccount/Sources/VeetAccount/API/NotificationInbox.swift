import Foundation
import VeetTransport

/// Reads the notification inbox; a server without the family answers `.unavailable`.
public struct NotificationInbox: Sendable {
    public let api: AccountAPI

    public init(api: AccountAPI) {
        self.api = api
    }

    public func page(limit: Int? = nil, cursor: String? = nil) async throws -> Gated<Page<NotificationItem>> {
        try await Gated.attempt { try await api.notifications(limit: limit, cursor: cursor) }
    }

    /// Up to `limit` newest items, following cursors as needed.
    public func latest(_ limit: Int) async throws -> Gated<[NotificationItem]> {
        try await Gated.attempt {
            var items: [NotificationItem] = []
            var cursor: String?
            repeat {
                let page = try await api.notifications(limit: min(limit - items.count, 200), cursor: cursor)
                items += page.items
                cursor = page.isLast ? nil : page.nextCursor
            } while cursor != nil && items.count < limit
            return Array(items.prefix(limit))
        }
    }

    /// Whether this server has devices and notifications (probe: `GET /v1/devices?limit=1`).
    public func probe() async throws -> NotificationsAvailability {
        try await api.probe()
    }
}
