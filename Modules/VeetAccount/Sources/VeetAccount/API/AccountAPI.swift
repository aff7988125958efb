import Foundation
import VeetTransport

/// The device and notification routes (docs/wire/sessions-runs.md §7–§8), one call each,
/// no state. Non-2xx answers throw `APIError`.
public struct AccountAPI: Sendable {
    public let send: HTTPRequestSender

    /// Reads, and registrations (which carry an idempotency key), retry on
    /// 429/5xx and lost answers with the same key; revoke and delete go once.
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .readsAndKeyedWrites)
    }

    /// `201` for a new device, `200` for a replay or refresh; both give the view.
    public func register(body: Data, idempotencyKey: IdempotencyKey) async throws -> DeviceView {
        let request = HTTPRequest(method: "POST", path: "/v1/devices",
                                  headers: ["Idempotency-Key": idempotencyKey.rawValue], body: body)
        return try await DeviceRefusal.explaining { try await send(request).decoded() }
    }

    public func devices(limit: Int? = nil, cursor: String? = nil) async throws -> Page<DeviceView> {
        try await send.decode(.page("/v1/devices", limit: Self.allowedLimit(limit), cursor: cursor))
    }

    /// Every device, following cursors (an empty page ends the walk).
    public func allDevices() async throws -> [DeviceView] {
        try await Page.all { cursor in try await devices(limit: 200, cursor: cursor) }
    }

    public func device(id: String) async throws -> DeviceView {
        try await send(.get("/v1/devices/\(segment: id)")).decoded()
    }

    /// The view comes back with `status: revoked` and push routing cleared.
    public func revoke(deviceID: String) async throws -> DeviceView {
        try await DeviceRefusal.explaining { try await send(.post("/v1/devices/\(segment: deviceID)/revoke")).decoded() }
    }

    public func delete(deviceID: String) async throws {
        try await DeviceRefusal.explaining { try await send(.delete("/v1/devices/\(segment: deviceID)")).requireSuccess() }
    }

    /// The inbox, newest first. `limit` must be 1–200 (the server refuses more).
    public func notifications(limit: Int? = nil, cursor: String? = nil) async throws -> Page<NotificationItem> {
        try await send.decode(.page("/v1/notifications", limit: Self.allowedLimit(limit), cursor: cursor))
    }

    /// The server takes 1–200; a limit outside is brought inside rather than refused.
    static func allowedLimit(_ limit: Int?) -> Int? {
        limit.map { min(max($0, 1), 200) }
    }

    /// docs/wire/README.md §2: the family is off on this server (404, or 405 from a
    /// mounted neighbour). Such an answer hides the feature; it is not an error.
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error)
    }
}
