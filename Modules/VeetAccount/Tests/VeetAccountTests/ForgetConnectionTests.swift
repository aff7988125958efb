import Foundation
import Testing
import VeetAccount
import VeetTransport

@Suite struct ForgetConnectionTests {
    actor Journal {
        var steps: [String] = []
        func add(_ step: String) { steps.append(step) }
    }

    @Test func revokesThenForgets() async throws {
        let journal = Journal()
        let outcome = try await forgetConnection(
            deviceID: "d1", revoke: { await journal.add("revoke \($0)") }, forgetLocally: { await journal.add("forget") })
        #expect(outcome == .revokedAndForgot)
        #expect(await journal.steps == ["revoke d1", "forget"])
    }

    @Test func stillForgetsWhenRevokeFails() async throws {
        let journal = Journal()
        let outcome = try await forgetConnection(
            deviceID: "d1",
            revoke: { _ in throw TransportError(.cannotConnect, "offline") },
            forgetLocally: { await journal.add("forget") })
        guard case .forgotAfterRevokeFailed = outcome else {
            Issue.record("expected a failed revoke, got \(outcome)")
            return
        }
        #expect(await journal.steps == ["forget"])
    }

    @Test func withoutADeviceNothingIsRevoked() async throws {
        let journal = Journal()
        let outcome = try await forgetConnection(
            deviceID: nil, revoke: { await journal.add("revoke \($0)") }, forgetLocally: { await journal.add("forget") })
        #expect(outcome == .forgotWithoutDevice)
        #expect(await journal.steps == ["forget"])
    }

    @Test func againstTheFixtureTheOwnDeviceEndsRevoked() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let registrar = DeviceRegistrar(api: AccountAPI(sender: .live(client: client)),
                                        settings: try AccountFixture.tempStore().preferences)
        let device = try #require(try await registrar.register(try registrar.registration(name: "shell")).value)
        let outcome = try await forgetConnection(
            deviceID: try registrar.registeredDeviceID(),
            revoke: { _ in _ = try await registrar.revokeOwnDevice() }, forgetLocally: {})
        #expect(outcome == .revokedAndForgot)
        #expect(server.deviceStatus(device.id) == "revoked")
        #expect(try registrar.registeredDeviceID() == nil)
    }
}
