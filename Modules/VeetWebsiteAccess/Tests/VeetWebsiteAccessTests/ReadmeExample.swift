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
        let harness = try WebsiteHarness()
        #expect(try await profileSummary(on: harness.client).isEmpty)
        let profile = try await harness.readyProfile("https://www.example.com/login")
        #expect(try await profileSummary(on: harness.client) == ["\(profile.id): https://www.example.com"])
    }
}
