import VeetTransport

/// Whether the server at `address` answers its readiness probe.
func serverIsReady(address: String, token: String) async throws -> Bool {
    let settings = try ConnectionSettings(serverAddress: address, token: token)
    let sender = HTTPRequestSender.live(client: HTTPClient(settings: settings))
    let answer = try await sender.sendRetrying(.get("/health/ready"), idempotencyKey: nil, policy: .standard)
    return answer.isSuccess
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleSeesTheReferenceServerReady() async throws {
        let server = FixtureServer(token: "readme-token", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        #expect(try await serverIsReady(address: url.absoluteString, token: "readme-token"))
    }
}
