import Foundation

/// The device and notification routes (docs/wire/sessions-runs.md §7–§8). Nil for any
/// other path; 404 for all of them when `options.devices` is off.
extension Router {
    func accountResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard segments.count >= 2, segments[0] == "v1", ["devices", "notifications"].contains(segments[1]) else {
            return nil
        }
        guard options.devices else { throw APIFailure.unknownRoute }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if head.method == "POST" {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let (status, json) = try store.transaction { state in
            // The server's call worker runs on its own: a call ended since the last read is in the inbox.
            if options.calls, segments[1] == "notifications" { state.reconcileCalls() }
            let handlers = AccountHandlers(account: state.account, now: state.now(), head: head, body: body)
            if segments.count == 3, segments[1] == "notifications", segments[2] == "sync" {
                return try handlers.syncNotifications(state: state)
            }
            return segments[1] == "devices"
                ? try handlers.devices(Array(segments.dropFirst(2)))
                : try handlers.notifications(Array(segments.dropFirst(2)))
        }
        return status == 204 ? HTTPResponse(status: 204) : .json(status, json ?? .null)
    }
}

struct AccountHandlers {
    let account: AccountState
    let now: Instant
    let head: RequestHead
    let body: Data

    func devices(_ rest: [String]) throws -> (Int, JSON?) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, try page(account.deviceOrder.reversed().compactMap { account.devices[$0] }.map(account.view)))
        case ("POST", 0): return try register()
        case ("GET", 1): return (200, account.view(try device(rest[0])))
        case ("DELETE", 1):
            let found = try device(rest[0])
            account.devices[found.id] = nil
            account.deviceOrder.removeAll { $0 == found.id }
            return (204, nil)
        case ("POST", 2) where rest[1] == "revoke":
            let found = try device(rest[0])
            if found.status != "revoked" {
                found.status = "revoked"
                found.revokedAt = now
                found.updatedAt = now
                for key in ["push_provider", "push_token", "push_environment"] { found.fields[key] = .null }
            }
            return (200, account.view(found))
        default: throw rest.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    func notifications(_ rest: [String]) throws -> (Int, JSON?) {
        guard rest.isEmpty else { throw APIFailure.unknownRoute }
        guard head.method == "GET" else { throw APIFailure.unsupportedMethod }
        return (200, try page(account.notifications.reversed().map(account.item)))
    }

    private func device(_ id: String) throws -> AccountState.Device {
        guard let found = account.devices[Identifier.canonical(id) ?? id] else { throw APIFailure.notFound("device") }
        return found
    }

    /// Newest first; limit 1–200 (over 200 is refused, not clamped); offset cursors.
    private func page(_ all: [JSON]) throws -> JSON {
        let limitText = head.query("limit")
        if let limitText, let value = Int(limitText), value > 200 { throw APIFailure.malformed() }
        let limit = try Validation.limit(limitText, defaultValue: 50)
        var start = 0
        if let cursor = head.query("cursor") {
            guard let offset = Int(cursor), offset >= 0 else { throw APIFailure.malformed("cursor is malformed") }
            start = offset
        }
        let slice = all.dropFirst(start).prefix(limit)
        let end = start + slice.count
        return ["items": .array(Array(slice)), "next_cursor": end < all.count ? .string(String(end)) : nil]
    }

    private func register() throws -> (Int, JSON?) {
        let value = try Validation.jsonBody(body)
        let fields = try DeviceRegistrationRules.validate(value)
        let key = head.header("idempotency-key")
        if let key, !(1...255).contains(key.count) { throw APIFailure.malformed() }
        let fingerprint = value.serialized(sortedKeys: true)
        if let key, let earlier = account.registrationKeys[key] {
            guard earlier.body == fingerprint else { throw APIFailure.idempotencyKeyReused }
            if let stored = account.devices[earlier.deviceID] { return (200, account.view(stored)) }
        }
        let clientID = fields["client_device_id"]?.stringValue ?? ""
        let status: Int
        let device: AccountState.Device
        if let existing = account.device(clientID: clientID) {
            if existing.fields["push_token"] != fields["push_token"], fields["push_token"]?.stringValue != nil {
                existing.pushTokenUpdatedAt = now
            }
            existing.fields = fields
            existing.status = "active"
            existing.revokedAt = nil
            existing.updatedAt = now
            device = existing
            status = 200
        } else {
            device = AccountState.Device(id: Identifier.make(), clientDeviceID: clientID, fields: fields, now: now)
            account.devices[device.id] = device
            account.deviceOrder.append(device.id)
            status = 201
        }
        if let key { account.registrationKeys[key] = (fingerprint, device.id) }
        return (status, account.view(device))
    }
}
