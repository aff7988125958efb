import Foundation
import VeetFixture
import VeetTransport
import VeetWire
import VeetWebsiteAccess

/// A fixture server and a website-access client pointed at it.
final class WebsiteHarness {
    let server: FixtureServer
    let api: WebsiteAccessAPI
    let driver: CeremonyDriver
    let settings: ConnectionSettings
    /// The fixture's other routes (conversations, approvals), outside website access.
    let client: HTTPClient

    init(_ configure: (inout FixtureOptions) -> Void = { _ in }) throws {
        let token = "website-test-token"
        var options = FixtureOptions.testing
        configure(&options)
        server = FixtureServer(token: token, options: options)
        let url = try server.start()
        settings = try ConnectionSettings(serverAddress: url.absoluteString, token: token)
        client = HTTPClient(settings: settings, writeTimeout: 2)
        // Retries wait for nothing so fault tests stay fast.
        api = WebsiteAccessAPI(sender: .live(client: client, sleeper: { _ in }),
                               retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)))
        driver = CeremonyDriver(api: api)
    }

    deinit { server.stop() }

    /// A profile signed in and ready.
    func readyProfile(_ typed: String = "https://www.example.com/login") async throws -> BrowserProfile {
        let setup = try await driver.addWebsite(try WebsiteAddress(typed: typed))
        server.driveCeremony(setup.started.ceremony.id, to: "ready")
        return try await api.profile(id: setup.profile.id)
    }

    /// A conversation on the fixture.
    func createSession() async throws -> String {
        let request = try HTTPRequest.post("/v1/sessions", json: ["agent_id": "general"])
        return try await client.decode(request, as: SessionView.self).id
    }
}

/// A sleeper that never waits, for bounded polls.
let noWait: HTTPRequestSender.Sleeper = { _ in }
