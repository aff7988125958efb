import Foundation
import Testing
import VeetAccount
import VeetTestSupport
import VeetTransport

/// Every device reason the contract lists (docs/wire/sessions-runs.md §7) is said in
/// words, and the registration says it was not made.
@Suite struct DeviceRefusalTests {
    static let reasons = [
        "device.kind_unknown", "device.push_provider_unknown", "device.push_environment_unknown",
        "device.muted_kind_unknown", "device.muted_kind_duplicate", "device.capability_duplicate",
        "device.capability_unknown", "device.push_routing_incomplete", "device.apns_configuration_incomplete",
        "device.push_environment_without_apns", "device.telegram_kind_invalid", "device.surface_routing_incomplete",
        "device.surface_capability_unsupported",
    ]

    @Test(arguments: reasons)
    func aRefusedRegistrationSaysWhyInWords(reason: String) async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/devices", .apiError(422, "device_validation_error", message: "invalid device",
                                                   reason: reason))
        let api = AccountAPI(sender: server.sender)
        let error = await #expect(throws: DeviceRefusal.self) {
            _ = try await api.register(body: Data("{}".utf8), idempotencyKey: IdempotencyKey())
        }
        #expect(error?.reason == reason)
        #expect(error?.description.hasSuffix("The device was not registered. (\(reason))") == true)
        #expect(error?.description.contains("invalid device") == false, "the server's words are not the client's")
    }

    @Test func aRevokedDeviceSaysSo() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/devices/*/revoke", .apiError(409, "conflict", reason: "device_revoked"))
        let error = await #expect(throws: DeviceRefusal.self) {
            _ = try await AccountAPI(sender: server.sender).revoke(deviceID: "d1")
        }
        #expect(error?.description == "This device was revoked; register it again to use it. Nothing was changed. (device_revoked)")
        #expect(DeviceRefusal.from(APIError(status: 409, code: .conflict, message: "",
                                            details: .object(["reason": .string("device_invocation_expired")])))?.description
                == "This request to the device expired before it was answered. Nothing was changed. (device_invocation_expired)")
    }

    @Test func anUnlistedReasonStaysTheServersAnswer() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/devices", .apiError(422, "device_validation_error", reason: "device.something_new"))
        await #expect(throws: APIError.self) {
            _ = try await AccountAPI(sender: server.sender).register(body: Data("{}".utf8), idempotencyKey: IdempotencyKey())
        }
    }
}
