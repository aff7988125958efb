import Foundation
import Testing
import VeetAccount
import VeetFixture
import VeetTestSupport
import VeetTransport

/// A switched-off family and an unknown id both answer `404 not_found`
/// (docs/wire/README.md §2); only the family's probe route tells them apart.
@Suite struct DeviceLookupTests {
    let missing = "00000000-0000-4000-8000-000000000000"

    @Test func revokingAnUnknownDeviceIsNotTakenForAServerWithoutDevices() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let api = AccountAPI(sender: .live(client: client))
        let error = await #expect(throws: UnknownDeviceError.self) {
            try await Gated.attempt(device: missing, api: api) { try await api.revoke(deviceID: missing) }
        }
        #expect(error?.deviceID == missing)
        #expect(error?.answer.status == 404)
        #expect(error?.description.hasPrefix("No device with id \(missing)") == true)
    }

    @Test func aServerWithoutDevicesIsStillUnavailableOnADeviceRoute() async throws {
        let (server, client) = try AccountFixture.start(devices: false)
        defer { server.stop() }
        let api = AccountAPI(sender: .live(client: client))
        let result = try await Gated.attempt(device: missing, api: api) { try await api.revoke(deviceID: missing) }
        #expect(result.availability == .unavailable)
        #expect(try await api.probe() == .unavailable)
    }

    @Test func aKnownDeviceIsRevokedThroughTheSameGate() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let api = AccountAPI(sender: .live(client: client))
        let body = try DeviceRegistration(clientDeviceID: "lookup", name: "shell").wireBody()
        let id = try await api.register(body: body, idempotencyKey: IdempotencyKey()).id
        let revoked = try await Gated.attempt(device: id, api: api) { try await api.revoke(deviceID: id) }.value
        #expect(revoked?.status == .revoked)
    }

    @Test func otherRefusalsOnADeviceRouteAreThrownAsTheyCame() async throws {
        // A 403 (missing scope) is neither "no such device" nor "no devices here".
        let server = ScriptedServer()
        server.on("POST", "/v1/devices/*/revoke", .apiError(403, "authorization_error", message: "scope"))
        let api = AccountAPI(sender: server.sender)
        let error = await #expect(throws: APIError.self) {
            try await Gated.attempt(device: missing, api: api) { try await api.revoke(deviceID: missing) }
        }
        #expect(error?.status == 403)
        #expect(server.requests.count == 1)  // no probe, no retry
    }
}
