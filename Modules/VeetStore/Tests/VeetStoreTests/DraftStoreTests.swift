import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// Drafts kept per conversation and connection (text and uploaded files survive a relaunch: docs/store.md).
@Suite struct DraftStoreTests {
    static let photo = Draft.File(artifactID: "art-1", filename: "IMG_1.jpg", mediaType: "image/jpeg", sizeBytes: 120_000,
                                  notice: "re-encoded, location removed")

    @Test func aDraftIsSavedLoadedReplacedAndDeleted() throws {
        let store = try LocalStore.inMemory(connection: "main", url: "https://a.example")
        #expect(try store.drafts.load(for: "s1") == nil)
        try store.drafts.save(Draft(text: "Dear team,\nthe numbers", files: [Self.photo]), for: "s1")
        #expect(try store.drafts.load(for: "s1") == Draft(text: "Dear team,\nthe numbers", files: [Self.photo]))
        try store.drafts.save(Draft(text: "Dear team, the numbers are in"), for: "s1")
        #expect(try store.drafts.load(for: "s1") == Draft(text: "Dear team, the numbers are in"))
        #expect(try store.drafts.load(for: "s2") == nil)
        try store.drafts.delete(for: "s1")
        #expect(try store.drafts.load(for: "s1") == nil)
    }

    @Test func anEmptyDraftIsNotKeptButFilesAloneAre() throws {
        let store = try LocalStore.inMemory(connection: "main")
        try store.drafts.save(Draft(text: "words"), for: "s1")
        try store.drafts.save(Draft(text: "  \n "), for: "s1")
        #expect(try store.drafts.load(for: "s1") == nil)
        try store.drafts.save(Draft(text: "", files: [Self.photo]), for: "s1")
        #expect(try store.drafts.load(for: "s1")?.files == [Self.photo])
    }

    @Test func theNewConversationsDraftIsAdoptedByTheConversationMadeForIt() throws {
        let store = try LocalStore.inMemory(connection: "main")
        try store.drafts.save(Draft(text: "plan the trip"), for: nil)
        try store.drafts.save(Draft(text: "older"), for: "s9")
        #expect(try Set(store.drafts.sessionIDs()) == [nil, "s9"])
        try store.drafts.adoptNewConversationDraft(as: "s9")
        #expect(try store.drafts.load(for: nil) == nil)
        #expect(try store.drafts.load(for: "s9") == Draft(text: "plan the trip"))
        // Nothing to adopt: the conversation's own draft stays.
        try store.drafts.adoptNewConversationDraft(as: "s9")
        #expect(try store.drafts.load(for: "s9") == Draft(text: "plan the trip"))
    }

    @Test func draftsAreScopedToTheirConnection() throws {
        let database = try Database.inMemory()
        let work = try LocalStore(database: database, connection: "work", url: "https://work.example")
        let home = try LocalStore(database: database, connection: "home", url: "https://home.example")
        try work.drafts.save(Draft(text: "for work"), for: "same-id")
        try home.drafts.save(Draft(text: "for home"), for: "same-id")
        #expect(try work.drafts.load(for: "same-id")?.text == "for work")
        #expect(try home.drafts.load(for: "same-id")?.text == "for home")
        try LocalStore.forgetConnection(named: "work", in: database)
        #expect(try home.drafts.load(for: "same-id")?.text == "for home")
        let again = try LocalStore(database: database, connection: "work", url: "https://work.example")
        #expect(try again.drafts.load(for: "same-id") == nil)
    }

    @Test func aDraftWrittenForAnotherServerIsDropped() throws {
        let database = try Database.inMemory()
        let before = try LocalStore(database: database, connection: "main", url: "https://old.example")
        try before.drafts.save(Draft(text: "typed", files: [Self.photo]), for: "s1")
        // The connection now points at another server: the artifact ids mean nothing there.
        let after = try LocalStore(database: database, connection: "main", url: "https://new.example")
        #expect(try after.drafts.load(for: "s1") == nil)
        #expect(try after.drafts.sessionIDs().isEmpty)
    }

    @Test func deletingTheConversationDeletesItsDraft() async throws {
        let store = try LocalStore.inMemory(connection: "main")
        _ = try store.upsert(session: SessionView(id: "s1", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z"))
        try store.drafts.save(Draft(text: "never mind"), for: "s1")
        try store.drafts.save(Draft(text: "keep me"), for: "s2")
        try await store.deleteEverywhere(sessionID: "s1") {}
        #expect(try store.drafts.load(for: "s1") == nil)
        #expect(try store.drafts.load(for: "s2")?.text == "keep me")
    }

    @Test func aRowThatNoLongerReadsIsDroppedNotThrown() throws {
        let store = try LocalStore.inMemory(connection: "main")
        try store.drafts.save(Draft(text: "x", files: [Self.photo]), for: "s1")
        try store.database.write { db in try db.run("UPDATE drafts SET files_json = '{broken'") }
        #expect(try store.drafts.load(for: "s1") == nil)
        #expect(try store.drafts.sessionIDs().isEmpty)
    }

    @Test func aDraftSurvivesReopeningTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("veet-drafts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("veet.sqlite").path
        do {
            let store = try LocalStore(database: Database(path: path), connection: "main")
            try store.drafts.save(Draft(text: "half a thought", files: [Self.photo]), for: "s1")
        }
        let reopened = try LocalStore(database: Database(path: path), connection: "main")
        #expect(try reopened.drafts.load(for: "s1") == Draft(text: "half a thought", files: [Self.photo]))
    }
}
