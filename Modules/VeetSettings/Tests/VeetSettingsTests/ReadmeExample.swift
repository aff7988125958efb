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
        let server = FixtureServer(token: "readme-token", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "readme-token"))
        // The reference server has no model settings yet: the controls stay hidden.
        #expect(try await chatModelLine(on: client) == nil)
    }
}
