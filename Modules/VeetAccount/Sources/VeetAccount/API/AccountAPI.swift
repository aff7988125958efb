import Foundation
import VeetTransport

/// The device and notification routes (sessions-runs.md §7–§8), one call each,
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
        return try await send(request).decoded()
    }

    public func devices(limit: Int? = nil, cursor: String? = nil) async throws -> Page<DeviceView> {
        try await send(.get("/v1/devices", query: Self.paging(limit: limit, cursor: cursor))).decoded()
    }

    /// Every device, following cursors (an empty page ends the walk).
    public func allDevices() async throws -> [DeviceView] {
        var all: [DeviceView] = []
        var cursor: String?
        repeat {
            let page = try await devices(limit: 200, cursor: cursor)
            all += page.items
            cursor = page.isLast ? nil : page.nextCursor
        } while cursor != nil
        return all
    }

    public func device(id: String) async throws -> DeviceView {
        try await send(.get("/v1/devices/\(Self.segment(id))")).decoded()
    }

    /// The view comes back with `status: revoked` and push routing cleared.
    public func revoke(deviceID: String) async throws -> DeviceView {
        try await send(.post("/v1/devices/\(Self.segment(deviceID))/revoke")).decoded()
    }

    public func delete(deviceID: String) async throws {
        try await send(.delete("/v1/devices/\(Self.segment(deviceID))")).requireSuccess()
    }

    /// The inbox, newest first. `limit` must be 1–200 (the server refuses more).
    public func notifications(limit: Int? = nil, cursor: String? = nil) async throws -> Page<NotificationItem> {
        try await send(.get("/v1/notifications", query: Self.paging(limit: limit, cursor: cursor))).decoded()
    }

    static func paging(limit: Int?, cursor: String?) -> [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(min(max(limit, 1), 200)))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return query
    }

    static func segment(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }

    /// README §2: the family is off on this server (404, or 405 from a
    /// mounted neighbour). Such an answer hides the feature; it is not an error.
    public static func meansUnavailable(_ error: any Error) -> Bool {
        guard let api = error as? APIError else { return false }
        return [404, 405].contains(api.status)
    }
}
