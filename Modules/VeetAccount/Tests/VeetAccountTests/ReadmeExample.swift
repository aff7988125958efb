import VeetAccount
import VeetTransport

/// What the notifications inbox holds: each item's kind and status, newest first.
func inboxSummary(on client: HTTPClient) async throws -> [String] {
    let account = AccountAPI(sender: .live(client: client))
    let page = try await account.notifications(limit: 20)
    return page.items.map { "\($0.kind.rawValue): \($0.status.rawValue)" }
}

// The README's example, run.
import Testing
import VeetFixture

/// The reference server, in-process on a free loopback port.
private func referenceServer(folders: Bool = false) throws -> (FixtureServer, HTTPClient) {
    var options = FixtureOptions.testing
    options.folders = folders
    let server = FixtureServer(token: "readme-token", options: options)
    let url = try server.start()
    let settings = try ConnectionSettings(serverAddress: url.absoluteString, token: "readme-token")
    return (server, HTTPClient(settings: settings))
}

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsTheInbox() async throws {
        let (server, client) = try referenceServer()
        defer { server.stop() }
        #expect(try await inboxSummary(on: client).allSatisfy { $0.contains(": ") })
    }
}
