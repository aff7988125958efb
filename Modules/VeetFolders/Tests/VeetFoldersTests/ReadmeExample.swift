import VeetFolders
import VeetTransport

/// The owner's folders, with how many conversations each holds.
func folderSummary(on client: HTTPClient) async throws -> [String] {
    let folders = FoldersAPI(sender: .live(client: client))
    return try await folders.folders().map { "\($0.name) (\($0.threadCount))" }
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
    @Test func theExampleListsAFolderItCreated() async throws {
        let (server, client) = try referenceServer(folders: true)
        defer { server.stop() }
        _ = try await FoldersAPI(sender: .live(client: client)).create(name: "Taxes")
        #expect(try await folderSummary(on: client).contains("Taxes (0)"))
    }
}
