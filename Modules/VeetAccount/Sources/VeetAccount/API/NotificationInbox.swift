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
            var read = 0
            return try await Page.all(maxItems: limit) { cursor in
                // Each page asks only for what is still missing.
                let page = try await api.notifications(limit: min(limit - read, 200), cursor: cursor)
                read += page.items.count
                return page
            }
        }
    }

    /// Whether this server has devices and notifications (probe: `GET /v1/devices?limit=1`).
    public func probe() async throws -> NotificationsAvailability {
        try await api.probe()
    }
}
