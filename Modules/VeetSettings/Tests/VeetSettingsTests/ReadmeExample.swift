import VeetSettings
import VeetTransport

/// "Chat: frontier / High", or nil on a server without model settings.
func chatModelLine(on client: HTTPClient) async throws -> String? {
    let settings = SettingsAPI(sender: .live(client: client))
    guard let models = try await settings.modelSettingsIfOffered() else { return nil }
    return "Chat: \(models.chat.text)"
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsTheChatModel() async throws {
        for (offered, expected) in [(true, "Chat: frontier / High"), (false, nil)] as [(Bool, String?)] {
            var options = FixtureOptions.testing
            options.modelSettings = offered
            let server = FixtureServer(token: "readme-token", options: options)
            let url = try server.start()
            defer { server.stop() }
            let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "readme-token"))
            #expect(try await chatModelLine(on: client) == expected)
        }
    }
}
