import Foundation
import Testing
import VeetFixture
import VeetStore
import VeetTransport
import VeetWire
@testable import VeetFolders

/// The library against the reference server, folders on and off.
@Suite struct FixtureEndToEndTests {
    static let token = "folders-test-token"

    static func start(folders: Bool, proposals: Bool = true) throws -> (FixtureServer, HTTPClient) {
        var options = FixtureOptions.testing
        options.folders = folders
        options.folderProposals = proposals
        let server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: Self.token),
                                writeTimeout: 2)
        return (server, client)
    }

    static func newSession(_ client: HTTPClient) async throws -> SessionView {
        try await client.decode(.post("/v1/sessions", json: ["agent_id": "general"]))
    }

    private func tempStore() throws -> LocalStore {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("veet-folders-e2e-\(UUID().uuidString).sqlite").path
        return try LocalStore(database: Database(path: path), connection: "main")
    }

    /// A server with folders but no proposals: folders work, proposals are said to be missing.
    @Test func aServerWithoutProposalsHidesOnlyThem() async throws {
        let (server, client) = try Self.start(folders: true, proposals: false)
        defer { server.stop() }
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: client)))
        try await center.refresh()
        #expect(await center.availability == .available)
        #expect(await center.proposalsAvailability == .unavailable)
        #expect(await center.proposalsNotice == FolderCenter.proposalsNoticeText)
        let trips = try await center.create(name: "Trips")
        #expect(await center.folders.map(\.id) == [trips.id])
    }

    @Test func createMoveAcceptDeleteAgainstTheFixture() async throws {
        let (server, client) = try Self.start(folders: true)
        defer { server.stop() }
        let store = try tempStore()
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: client)), store: store)
        let first = try await Self.newSession(client), second = try await Self.newSession(client)
        _ = try await store.reconcile(from: FencedIndexSource(sender: .live(client: client), center: center))
        try await center.refresh()
        #expect(await center.availability == .available)

        let trips = try await center.create(name: "  Trips   to Lisbon ")
        #expect(trips.name == "Trips to Lisbon")
        await #expect(throws: FolderNameError.self) { _ = try await center.create(name: "trips TO lisbon") }
        try await center.move(sessionID: first.id, to: trips.id)
        #expect(try store.session(id: first.id)?.folderID == trips.id)

        let proposalID = try #require(server.proposeFolder(name: "Cooking", members: [second.id]))
        try await center.refresh()
        #expect(await center.proposals.map(\.id) == [proposalID])
        let accepted = try await center.accept(proposalID: proposalID, name: "Recipes")
        #expect(await center.folders.map(\.name) == ["Recipes", "Trips to Lisbon"])

        try await center.delete(folderID: trips.id)
        _ = try await store.reconcile(from: FencedIndexSource(sender: .live(client: client), center: center))
        #expect(try store.session(id: first.id)?.folderID == nil)
        #expect(try store.session(id: second.id)?.folderID == accepted.resultingFolderID)
    }

    @Test func serverWithoutFoldersGetsNoFolderRequest() async throws {
        let (server, client) = try Self.start(folders: false)
        defer { server.stop() }
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: client)))
        _ = try await Self.newSession(client)
        _ = try await tempStore().reconcile(from: FencedIndexSource(sender: .live(client: client), center: center))
        try await center.refresh()
        #expect(await center.availability == .unavailable)
        #expect(!server.recordedRequests.contains { $0.path.hasPrefix("/v1/folders") })
    }

    /// A fresh client (nothing read yet) that renames a folder: an unknown id on a
    /// server with folders stays "not found"; on a server without folders it is
    /// "This server does not offer folders", told apart by one read of the list.
    @Test func aRefusedMutationBeforeAnyReadSaysWhichKindOfNotFound() async throws {
        let (withFolders, client) = try Self.start(folders: true)
        defer { withFolders.stop() }
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: client)), store: nil)
        let unknown = await #expect(throws: APIError.self) {
            _ = try await center.rename(folderID: "00000000-0000-4000-8000-000000000000", to: "Name")
        }
        #expect(unknown?.status == 404)
        #expect(await center.availability == .available)

        let (withoutFolders, plainClient) = try Self.start(folders: false)
        defer { withoutFolders.stop() }
        let plainCenter = FolderCenter(api: FoldersAPI(sender: .live(client: plainClient)), store: nil)
        await #expect(throws: FolderRuleError.unavailable) {
            _ = try await plainCenter.rename(folderID: "00000000-0000-4000-8000-000000000000", to: "Name")
        }
        #expect(await plainCenter.availability == .unavailable)
    }
}
