import Foundation
import Synchronization
import Testing
import VeetAccount
import VeetAccountCommands
import VeetConsole
import VeetFixture
import VeetTransport

/// The devices and notifications command groups run in-process against the reference server.
@Suite struct AccountCommandsTests {
    static let token = "account-commands-token"

    /// This connection's settings, in memory.
    final class Settings: AccountSettingsStore {
        let values = Mutex<[String: String]>([:])
        func value(for key: String) throws -> String? { values.withLock { $0[key] } }
        func set(_ value: String?, for key: String) throws { values.withLock { $0[key] = value } }
    }

    private func start(_ change: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, AccountCommandContext, Settings) {
        var options = FixtureOptions.testing
        change(&options)
        let server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: Self.token),
                                writeTimeout: 2)
        let api = AccountAPI(sender: .live(client: client)), settings = Settings()
        return (server, AccountCommandContext(api: { api }, local: { (api, settings) }, hostName: { "test-box" }), settings)
    }

    static func parse(_ words: [String], _ spec: CommandSpec) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: spec)
    }

    @Test func registerListRevokeKeepThisComputersRegistration() async throws {
        let (server, context, settings) = try start()
        defer { server.stop() }
        let devices = DevicesCommands(context)
        let registered = try ConsoleCapture()
        #expect(try await devices.run(Self.parse(["devices", "register"], DevicesCommands.spec), console: registered.console()) == .success)
        let id = try #require(try settings.value(for: AccountSettingKey.deviceID))
        #expect(registered.stdout == "Registered test-box as \(id).\n")

        let listed = try ConsoleCapture()
        #expect(try await devices.run(Self.parse(["devices", "list", "--json"], DevicesCommands.spec), console: listed.console(json: true)) == .success)
        #expect(listed.stdout.contains("\"id\":\"\(id)\"") && !listed.stdout.contains("push"))

        let revoked = try ConsoleCapture()
        #expect(try await devices.run(Self.parse(["devices", "revoke", id], DevicesCommands.spec), console: revoked.console()) == .success)
        #expect(revoked.stdout == "Revoked test-box (\(id)).\n")
        #expect(try settings.value(for: AccountSettingKey.deviceID) == nil, "this computer's registration is forgotten with it")
    }

    /// A server without devices: not an error; said on stderr, `null` for --json.
    @Test func aServerWithoutDevicesSaysSoAndSucceeds() async throws {
        let (server, context, _) = try start { $0.devices = false }
        defer { server.stop() }
        let captured = try ConsoleCapture()
        let code = try await DevicesCommands(context).run(Self.parse(["devices", "list", "--json"], DevicesCommands.spec),
                                                          console: captured.console(json: true))
        #expect(code == .success && captured.stdout == "null\n")
        #expect(captured.stderr == "This server does not offer devices and notifications.\n")
    }

    @Test func aLimitBelowOneIsAUsageFailure() async throws {
        let (server, context, _) = try start()
        defer { server.stop() }
        do {
            _ = try await NotificationsCommands(context).run(Self.parse(["notifications", "--limit", "0"], NotificationsCommands.spec),
                                                             console: try ConsoleCapture().console())
            Issue.record("a limit of 0 was accepted")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == .usage && failure.message == "veet: --limit must be at least 1")
        }
    }
}
