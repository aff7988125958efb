import Foundation
import Testing
import VeetAccount
import VeetTestSupport
import VeetTransport

/// Revoking from a list (the TUI's Devices screen): this computer's own
/// registration is forgotten with it, another device's revoke leaves it.
@Suite struct DeviceRevocationTests {
    // @unchecked Sendable: each test owns its instance and touches it from one task at a time.
    final class MemorySettings: AccountSettingsStore, @unchecked Sendable {
        var values: [String: String] = [:]
        func value(for key: String) throws -> String? { values[key] }
        func set(_ value: String?, for key: String) throws { values[key] = value }
    }

    static func device(_ id: String, status: String) -> [String: Any] {
        ["id": id, "client_device_id": "c-\(id)", "name": "Laptop", "kind": "laptop", "platform": "linux",
         "status": status, "revoked_at": status == "revoked" ? "2026-12-02T10:00:00Z" : NSNull()]
    }

    @Test func revokingThisComputersDeviceForgetsItsIdAndAnotherLeavesIt() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/devices/d1/revoke", .json(Self.device("d1", status: "revoked")))
        server.on("POST", "/v1/devices/d2/revoke", .json(Self.device("d2", status: "revoked")))
        let settings = MemorySettings()
        settings.values[AccountSettingKey.deviceID] = "d1"
        let api = AccountAPI(sender: server.sender)
        let other = try await DeviceRevocation.revoke("d2", api: api, settings: settings)
        #expect(other.value?.status == .revoked)
        #expect(settings.values[AccountSettingKey.deviceID] == "d1")
        let own = try await DeviceRevocation.revoke("d1", api: api, settings: settings)
        #expect(own.value.map(DeviceRevocation.stateWords) == "revoked 2 Dec")
        #expect(settings.values[AccountSettingKey.deviceID] == nil)
        #expect(own.value.map(DeviceRevocation.canRevoke) == false)
    }
}
