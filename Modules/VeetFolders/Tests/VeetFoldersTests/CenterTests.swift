import Foundation
import Testing
import VeetTestSupport
import VeetTransport
import VeetStore
@testable import VeetFolders

private func tempStore() throws -> LocalStore {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("veet-folders-\(UUID().uuidString).sqlite").path
    return try LocalStore(database: Database(path: path), connection: "main")
}

@Suite struct CenterTests {
    @Test(arguments: [404, 405, 400])
    func folderListUnavailableMakesNoFurtherRequestAndRaisesNothing(status: Int) async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/folders", .apiError(status, status == 404 ? "not_found" : "malformed_request"))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        try await center.refresh()
        #expect(await center.availability == .unavailable)
        try await center.refresh()
        #expect(server.requests.count == 1)
        #expect(await center.availability.showsFolderControls == false)
    }

    @Test func indexWithoutTheFolderKeyMeansNoFolderRequestAtAll() async throws {
        let server = ScriptedServer()  // a folder request would fail the test as unscripted
        server.on("GET", "/v1/sessions", Wire.page([Wire.session("s1", folder: nil, withFolderKey: false)]))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        let store = try tempStore()
        _ = try await store.reconcile(from: FencedIndexSource(sender: server.sender, center: center))
        try await center.refresh()
        #expect(await center.availability == .unavailable)
        #expect(server.requests("GET", "/v1/folders").isEmpty)
    }

    @Test func availableServerListsFoldersAndOpenProposals() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/folders", Wire.page([Wire.folder("f1", "Trips")]))
        server.on("GET", "/v1/folders/proposals", Wire.page([[
            "id": "p1", "kind": "new_folder", "proposed_name": "Cooking", "target_folder_id": NSNull(),
            "member_session_ids": ["s1"], "state": "proposed", "derivation": "lexical",
            "created_at": "2026-08-22T18:00:00Z",
        ], ["id": "p2", "kind": "merge_folders", "member_session_ids": ["s2"], "state": "proposed"]]))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        try await center.refresh()
        #expect(await center.availability == .available)
        #expect(await center.folders.map(\.name) == ["Trips"])
        #expect(await center.proposals.map(\.id) == ["p1"])  // unknown kind hidden
        #expect(server.requests("GET", "/v1/folders/proposals").first?.queryValue("state") == "proposed")
    }

    @Test(arguments: [404, 405, 400])
    func proposalsMissingHideOnlyProposalsSaySoAndAreNotAskedAgain(status: Int) async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/folders", Wire.page([Wire.folder("f1", "Trips")]))
        server.on("GET", "/v1/folders/proposals", .apiError(status, status == 404 ? "not_found" : "malformed_request"))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        try await center.refresh()
        try await center.refresh()
        #expect(await center.availability.showsFolderControls)
        #expect(await center.folders.map(\.name) == ["Trips"])
        #expect(await center.proposalsNotice == "This server does not suggest folders; your folders still work.")
        #expect(server.requests("GET", "/v1/folders/proposals").count == 1)
    }

    @Test func duplicateNameIsAFieldError() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/folders", .apiError(409, "conflict", reason: "folder_name_taken"))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        await #expect(throws: FolderNameError(reason: .taken, message: "A folder with this name already exists.")) {
            _ = try await center.create(name: "Trips")
        }
        #expect(server.requests.first?.jsonObject?["name"] as? String == "Trips")
    }

    @Test func refusedNameIsAFieldErrorButAServerFailureIsNot() async throws {
        let server = ScriptedServer()
        server.on("PATCH", "/v1/folders/f1", .apiError(400, "malformed_request"))
        server.on("POST", "/v1/folders", .apiError(500, "internal_error"))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender))
        await #expect(throws: FolderNameError.self) { _ = try await center.rename(folderID: "f1", to: "\u{7}") }
        await #expect(throws: APIError.self) { _ = try await center.create(name: "Trips") }
        #expect(server.requests.count == 2)  // a write is never resent
    }

    @Test func unfilingSendsAnExplicitNull() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/sessions/*/folder", .json(Wire.session("s1", folder: nil)))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        try await center.move(sessionID: "s1", to: nil)
        let request = try #require(server.requests.first)
        #expect(request.method == "PUT" && request.path == "/v1/sessions/s1/folder")
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == #"{"folder_id":null}"#)
    }

    @Test func idsGoInThePathAsOneEscapedSegment() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/sessions/*/folder", .json(Wire.session("s/1", folder: "f?1")))
        server.on("DELETE", "/v1/folders/*", .empty())
        let api = FoldersAPI(sender: server.sender, retry: .never)
        _ = try await api.move(sessionID: "s/1", to: "f?1")
        try await api.delete(id: "f?1")
        #expect(server.requests.map(\.path) == ["/v1/sessions/s%2F1/folder", "/v1/folders/f%3F1"])
    }

    @Test func scheduledSessionsNeverEnterAFolder() async throws {
        let server = ScriptedServer()  // no route: any request fails the test
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        let row = CachedSession(id: "s1", createdAt: "", updatedAt: "", scheduleID: "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61")
        await #expect(throws: FolderRuleError.scheduledSession("s1")) { try await center.move(row, to: "f1") }
        #expect(server.requests.isEmpty)
    }

    /// The reconciler reads a page, the owner moves the conversation while it
    /// is in flight, then the stale page lands: the move must stand.
    @Test func stalePageReadDuringAMoveDoesNotUndoItInTheStore() async throws {
        let gate = Gate()
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions") { _ in
            await gate.enterAndWait()
            return Wire.page([Wire.session("s1", folder: "f1")])
        }
        server.on("PUT", "/v1/sessions/s1/folder", .json(Wire.session("s1", folder: "f2")))
        let store = try tempStore()
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never), store: store)
        let source = FencedIndexSource(sender: server.sender, center: center)
        let reconcile = Task { try await store.reconcile(from: source) }
        await gate.waitUntilArrived()
        try await center.move(sessionID: "s1", to: "f2")
        await gate.open()
        _ = try await reconcile.value
        #expect(try store.session(id: "s1")?.folderID == "f2")

        // The next reconciliation is the server's word, nil included.
        server.on("GET", "/v1/sessions", Wire.page([Wire.session("s1", folder: nil, updated: "2026-08-22T19:00:00Z")]))
        _ = try await store.reconcile(from: source)
        #expect(try store.session(id: "s1")?.folderID == nil)
    }

    @Test func deleteReturnsConversationsToHistoryEvenBeforeTheNextReconcile() async throws {
        let server = ScriptedServer()
        server.on("DELETE", "/v1/folders/f1", .empty())
        server.on("GET", "/v1/folders", Wire.page([Wire.folder("f1", "Trips")]))
        server.on("GET", "/v1/folders/proposals", Wire.page([["id": "broken"]]))  // an undecodable proposal is skipped
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        try await center.refresh()
        try await center.delete(folderID: "f1")
        let row = CachedSession(id: "s1", createdAt: "", updatedAt: "", folderID: "f1")
        #expect(await center.fencedRows([row]).first?.folderID == nil)
        #expect(await center.folders.isEmpty)
    }

    @Test func readsRetryAndTheIndexPageCarriesItsCursor() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/folders", sequence: [.apiError(503, "unavailable"), Wire.page([Wire.folder("f1", "Trips")])])
        server.on("GET", "/v1/sessions", Wire.page([Wire.session("s1", folder: "f1")]))
        let api = FoldersAPI(sender: server.sender)
        #expect(try await api.folders().map(\.id) == ["f1"])
        #expect(server.requests("GET", "/v1/folders").count == 2)
        let source = FencedIndexSource(sender: server.sender, center: FolderCenter(api: api))
        _ = try await source.page(cursor: "next-page", limit: 25)
        let page = try #require(server.requests("GET", "/v1/sessions").first)
        #expect(page.queryValue("cursor") == "next-page" && page.queryValue("limit") == "25")
    }
}
