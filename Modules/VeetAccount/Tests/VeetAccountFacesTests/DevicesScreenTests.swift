import Foundation
import Synchronization
import Testing
import VeetAccount
import VeetAccountScreens
import VeetCurses
import VeetFixture
import VeetTransport

/// The Devices screen as a value, and its work against the reference server.
@Suite struct DevicesScreenTests {
    static func devices() throws -> [DeviceView] {
        try JSONDecoder().decode([DeviceView].self, from: Data("""
            [{"id":"d1","client_device_id":"c1","name":"Work laptop","kind":"cli","platform":"linux","status":"active",
              "revoked_at":null,"last_seen_at":"2026-12-01T08:55:00Z"},
             {"id":"d2","client_device_id":"c2","name":"Old desktop","kind":"desktop","platform":"linux","status":"revoked",
              "revoked_at":"2026-11-12T10:00:00Z","last_seen_at":null}]
            """.utf8))
    }

    @Test func aRevokeIsAskedFirstAndAnAlreadyRevokedOneIsSaid() throws {
        var driver = ScreenDriver(DevicesScreen())
        #expect(driver.effects == [.load])
        driver.answer(.listed(try Self.devices(), ownDeviceID: "d1"))
        let text = driver.painted(width: 100, height: 20)
        #expect(text.contains("Work laptop (this computer)") && text.contains("seen Tue 1 Dec 08:55"))
        #expect(driver.press(.char("x")) == [] && driver.screen.confirmingRevoke)
        #expect(driver.press(.char("n")) == [] && driver.screen.message == "Kept.")
        driver.press(.char("x"))
        #expect(driver.press(.char("y")) == [.revoke(id: "d1", name: "Work laptop")])
        driver.press(KeyPress(.down), .char("x"))
        #expect(driver.screen.message == "“Old desktop” is already revoked." && !driver.screen.confirmingRevoke)
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func aServerWithoutDevicesSaysSo() {
        var driver = ScreenDriver(DevicesScreen())
        driver.answer(.unavailable)
        #expect(driver.painted(width: 80, height: 10).contains("This server does not offer devices and notifications."))
    }

    /// In memory, for the work's own registration.
    final class Settings: AccountSettingsStore {
        let values = Mutex<[String: String]>([:])
        func value(for key: String) throws -> String? { values.withLock { $0[key] } }
        func set(_ value: String?, for key: String) throws { values.withLock { $0[key] = value } }
    }

    @Test func theWorkListsAndRevokesOnTheReferenceServer() async throws {
        let server = FixtureServer(token: "devices-token", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "devices-token"))
        let api = AccountAPI(sender: .live(client: client)), settings = Settings()
        let registrar = DeviceRegistrar(api: api, settings: settings)
        let own = try #require(try await registrar.register(try registrar.registration(name: "Desk")).value)
        let work = DevicesScreenWork(api: api, settings: settings)
        let answers = Mutex<[DevicesScreenResult]>([])
        await work.run(.revoke(id: own.id, name: own.name)) { result in answers.withLock { $0.append(result) } }
        var screen = DevicesScreen()
        for answer in answers.withLock({ $0 }) { screen.apply(answer) }
        #expect(screen.message == "Revoked “Desk”: it gets no more notifications.")
        #expect(screen.devices?.first { $0.id == own.id }?.status == .revoked)
        #expect(try settings.value(for: AccountSettingKey.deviceID) == nil, "this computer's registration is forgotten with it")
    }
}
