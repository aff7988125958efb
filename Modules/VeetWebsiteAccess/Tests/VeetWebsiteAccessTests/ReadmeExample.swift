import VeetTransport
import VeetWebsiteAccess

/// Each browser profile the agent may use, with the origins it is allowed to open.
func profileSummary(on client: HTTPClient) async throws -> [String] {
    let websites = WebsiteAccessAPI(sender: .live(client: client))
    return try await websites.allProfiles().map { profile in
        "\(profile.id): \(profile.allowedOrigins.joined(separator: ", "))"
    }
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleListsTheProfiles() async throws {
        let server = FixtureServer(token: "readme-token", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "readme-token"))
        #expect(try await profileSummary(on: client).allSatisfy { $0.contains(": ") })
    }
}
