import Foundation
import VeetAccount
import VeetTransport

/// Devices and the notification inbox ([newer], docs/wire/sessions-runs.md §7–§8),
/// through `AccountAPI`: everything the account library calls. Two devices
/// are registered and deleted again. Only the server raises notifications,
/// so the inbox's paging needs two items: the fixture is asked for them, any
/// other server is paged when it already holds two.
extension Conformance {
    mutating func checkDevicesAndNotifications() async {
        guard let client = try? SoakTarget.client(target.url, token: target.token) else { return }
        let recorder = StatusRecorder()
        let api = AccountAPI(sender: recorder.sender(client), retry: .never)
        let fixture = target.fixture
        var devices: [DeviceView] = []

        await check("GET /v1/devices (page)", .devices, probe: true) {
            _ = try await api.devices(limit: 50)
            return nil
        }
        await check("POST /v1/devices (201; same key and body: 200, same device)", .devices) {
            let body = try Self.registration("veet conformance").wireBody()
            let key = IdempotencyKey()
            let device = try await api.register(body: body, idempotencyKey: key)
            devices.append(device)
            guard recorder.lastStatus == 201 else { return "status \(recorder.lastStatus), expected 201" }
            let again = try await api.register(body: body, idempotencyKey: key)
            return Self.first(recorder.lastStatus == 200 ? nil : "replay status \(recorder.lastStatus), expected 200",
                              again.id == device.id ? nil : "the replay made \(again.id), expected \(device.id)",
                              device.status == .active ? nil : "status \(device.status.rawValue), expected active",
                              device.kind == .cli ? nil : "kind \(device.kind.rawValue), expected cli",
                              device.pushTokenFingerprint == nil ? nil : "a push token fingerprint without a push token")
        }
        await check("POST /v1/devices (kind spaceship → 422 device_validation_error, device.kind_unknown)", .devices) {
            var registration = Self.registration("veet conformance")
            registration.kind = .unknown("spaceship")
            let body = try registration.wireBody()
            return await Self.expectError(422, .unknown("device_validation_error"), reason: "device.kind_unknown") {
                let device = try await api.register(body: body, idempotencyKey: IdempotencyKey())
                devices.append(device)
            }
        }
        await check("GET /v1/devices (paged: limit, cursor, newest first)", .devices) {
            guard let older = devices.first else { throw NotChecked("the registration failed") }
            let newer = try await api.register(body: try Self.registration("veet conformance 2").wireBody(), idempotencyKey: IdempotencyKey())
            devices.append(newer)
            let page = try await api.devices(limit: 1)
            guard page.items.map(\.id) == [newer.id], let cursor = page.nextCursor else {
                return "limit=1 gave \(page.items.map(\.id)) with next_cursor \(page.nextCursor ?? "null"), expected the newer device and a cursor"
            }
            let next = try await api.devices(limit: 1, cursor: cursor)
            return next.items.map(\.id) == [older.id] ? nil : "the second page gave \(next.items.map(\.id)), expected [\(older.id)]"
        }
        await check("GET /v1/devices/{id}", .devices) {
            guard let device = devices.first else { throw NotChecked("the registration failed") }
            let read = try await api.device(id: device.id)
            return read.id == device.id && read.clientDeviceID == device.clientDeviceID ? nil : "asked \(device.id), got \(read.id)"
        }
        await check("GET /v1/devices/{unknown} → 404", .devices) {
            await Self.expectError(404, .notFound) { _ = try await api.device(id: Self.unknownID) }
        }
        await check("POST /v1/devices/{id}/revoke (revoked, revoked_at set)", .devices) {
            guard let device = devices.first else { throw NotChecked("the registration failed") }
            let revoked = try await api.revoke(deviceID: device.id)
            return revoked.status == .revoked && revoked.revokedAt?.date != nil ? nil : "status \(revoked.status.rawValue), revoked_at \(revoked.revokedAt.map { "\($0)" } ?? "null")"
        }
        await check("DELETE /v1/devices/{id} (204, then 404)", .devices) {
            guard !devices.isEmpty else { throw NotChecked("the registration failed") }
            for device in devices {
                try await api.delete(deviceID: device.id)
                guard recorder.lastStatus == 204 else { return "status \(recorder.lastStatus), expected 204" }
            }
            let gone = devices[0].id
            devices = []
            return await Self.expectError(404, .notFound) { _ = try await api.device(id: gone) }
        }
        await check("GET /v1/notifications (page)", .devices) {
            _ = try await api.notifications(limit: 50)
            return nil
        }
        await check("GET /v1/notifications (paged: limit, cursor, newest first)", .devices) {
            let raised = fixture.map { server in (0..<2).map { _ in server.raiseNotification(kind: "test") } } ?? []
            let page = try await api.notifications(limit: 1)
            guard let cursor = page.nextCursor else {
                if raised.isEmpty { throw NotChecked("fewer than two notifications, and only the server raises them") }
                return "limit=1 gave no next_cursor"
            }
            let next = try await api.notifications(limit: 1, cursor: cursor)
            guard let first = page.items.first, let second = next.items.first, first.id != second.id else {
                return "the cursor did not reach a second notification"
            }
            if raised.count == 2 {
                return [first.id, second.id] == raised.reversed() ? nil : "got \([first.id, second.id]), expected \(Array(raised.reversed()))"
            }
            return (first.createdAt?.date ?? .distantPast) >= (second.createdAt?.date ?? .distantPast) ? nil : "not newest first"
        }
        for device in devices { try? await api.delete(deviceID: device.id) }
    }

    /// A terminal client's registration: kind `cli`, platform `linux`, no push routing.
    static func registration(_ name: String) -> DeviceRegistration {
        DeviceRegistration(clientDeviceID: UUID().uuidString.lowercased(), name: name)
    }
}
