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

@Suite struct ReadmeExampleTests {
    @Test func theExampleListsAFolderItCreated() async throws {
        let (server, client) = try FixtureEndToEndTests.start(folders: true)
        defer { server.stop() }
        #expect(try await folderSummary(on: client).isEmpty)
        let api = FoldersAPI(sender: .live(client: client))
        let taxes = try await api.create(name: "Taxes")
        _ = try await api.create(name: "Trips")
        _ = try await api.move(sessionID: try await FixtureEndToEndTests.newSession(client).id, to: taxes.id)
        let summary = try await folderSummary(on: client)
        #expect(summary.sorted() == ["Taxes (1)", "Trips (0)"])
    }
}
