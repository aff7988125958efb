import Foundation
import Testing
import VeetAccount
import VeetFixture
import VeetStore
import VeetTestSupport
import VeetTransport

@Suite struct DeviceRegistrationTests {
    @Test func clientDeviceIDIsMintedOnceAndKeptInTheStore() throws {
        let store = try AccountFixture.tempStore()
        let api = AccountAPI(sender: ScriptedServer().sender)  // minting sends nothing: any request fails the test
        let first = try DeviceRegistrar(api: api, settings: store.preferences).clientDeviceID()
        let again = try DeviceRegistrar(api: api, settings: store.preferences).clientDeviceID()
        #expect(first == again)
        #expect(UUID(uuidString: first) != nil)
    }

    @Test func aLinuxCLIRegistersWithoutPushRouting() throws {
        let body = try DeviceRegistration(clientDeviceID: "c1", name: "laptop shell").wireBody()
        let text = String(decoding: body, as: UTF8.self)
        #expect(text == #"{"app_bundle_id":null,"capabilities":[],"client_device_id":"c1","kind":"cli","muted_kinds":[],"#
            + #""name":"laptop shell","platform":"linux","push_environment":null,"push_provider":null,"push_token":null}"#)
    }

    @Test func aRetryAfterALostAnswerReusesTheKeyAndMakesOneDevice() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let tap = RequestTap(losingFirst: 1)
        let api = AccountAPI(sender: HTTPRequestSender(send: { try await tap.pass($0, through: client) }), retry: .never)
        let registrar = DeviceRegistrar(api: api, settings: try AccountFixture.tempStore().preferences)
        let registration = try registrar.registration(name: "shell")
        await #expect(throws: TransportError.self) { try await registrar.register(registration) }
        let device = try #require(try await registrar.register(registration).value)
        #expect(server.deviceIDs() == [device.id])
        #expect(try registrar.registeredDeviceID() == device.id)
        #expect(try registrar.knownAvailability() == .available)
        let keys = await tap.sent.map { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
    }

    /// Registering by itself (veetd, veet-tui) keeps the name the owner chose, so it never renames
    /// the device, and is the same body again: the same key, one device.
    @Test func anAutomaticRegistrationKeepsTheChosenNameAndTheDevice() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let registrar = DeviceRegistrar(api: AccountAPI(sender: .live(client: client)), settings: try AccountFixture.tempStore().preferences)
        #expect(try registrar.automaticRegistration(defaultName: "host").name == "host")
        let chosen = try #require(try await registrar.register(registrar.registration(name: "Balcony laptop")).value)
        let again = try #require(try await registrar.register(registrar.automaticRegistration(defaultName: "host")).value)
        #expect(again.id == chosen.id && again.name == "Balcony laptop")
        #expect(server.deviceIDs() == [chosen.id])
    }

    @Test func aChangedBodyGetsAFreshKeyButRefreshesTheSameDevice() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let tap = RequestTap()
        let registrar = DeviceRegistrar(api: AccountAPI(sender: HTTPRequestSender(send: { try await tap.pass($0, through: client) }), retry: .never),
                                        settings: try AccountFixture.tempStore().preferences)
        let first = try #require(try await registrar.register(try registrar.registration(name: "shell")).value)
        let renamed = try #require(try await registrar.register(try registrar.registration(name: "renamed")).value)
        #expect(first.id == renamed.id)
        #expect(renamed.name == "renamed")
        #expect(server.deviceIDs().count == 1)
        let keys = await tap.sent.compactMap { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] != keys[1])
    }

    @Test func aServerWithoutDevicesMarksNotificationsUnavailableWithoutError() async throws {
        let (server, client) = try AccountFixture.start(devices: false)
        defer { server.stop() }
        let store = try AccountFixture.tempStore()
        let api = AccountAPI(sender: .live(client: client))
        let registrar = DeviceRegistrar(api: api, settings: store.preferences)
        let result = try await registrar.register(try registrar.registration(name: "shell"))
        #expect(result.availability == .unavailable)
        #expect(try registrar.knownAvailability() == .unavailable)
        #expect(try registrar.registeredDeviceID() == nil)
        #expect(try await NotificationInbox(api: api).page().availability == .unavailable)
        #expect(try await NotificationInbox(api: api).probe() == .unavailable)
        // The rest of the server is untouched.
        let sessions = try await client.send(.get("/v1/sessions"))
        #expect(sessions.status == 200)
    }

    @Test func validationFailuresAreThrownNotHidden() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let api = AccountAPI(sender: .live(client: client))
        let body = Data(#"{"client_device_id":"x","name":"n","kind":"toaster","platform":"linux"}"#.utf8)
        // Thrown as the listed refusal, in words, with the server's answer kept.
        let error = await #expect(throws: DeviceRefusal.self) { try await api.register(body: body, idempotencyKey: IdempotencyKey()) }
        #expect(error?.underlying.status == 422)
        #expect(error?.reason == "device.kind_unknown")
        #expect(error?.underlying.reason == "device.kind_unknown")
    }

    @Test func listPagesNewestFirstAndRevokeClearsTheDevice() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let api = AccountAPI(sender: .live(client: client))
        var ids: [String] = []
        for index in 0..<3 {
            let body = try DeviceRegistration(clientDeviceID: "device-\(index)", name: "d\(index)").wireBody()
            ids.append(try await api.register(body: body, idempotencyKey: IdempotencyKey()).id)
        }
        let first = try await api.devices(limit: 2)
        #expect(first.items.map(\.id) == [ids[2], ids[1]])
        let rest = try await api.devices(limit: 2, cursor: first.nextCursor)
        #expect(rest.items.map(\.id) == [ids[0]] && rest.isLast)
        #expect(try await api.allDevices().map(\.id) == ids.reversed())
        let revoked = try await api.revoke(deviceID: ids[0])
        #expect(revoked.status == .revoked && revoked.revokedAt?.date != nil)
        try await api.delete(deviceID: ids[1])
        #expect(server.deviceIDs() == [ids[2], ids[0]])
    }
}
