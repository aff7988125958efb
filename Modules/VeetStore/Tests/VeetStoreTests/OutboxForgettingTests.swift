import CSQLite
import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// A message leaves the outbox once the server has it: its row is deleted
/// where the confirmation is recorded, a receipt without text stays, and
/// `secure_delete` zeroes the bytes, so after a checkpoint the text is in
/// neither the database file nor its WAL.
@Suite struct OutboxForgettingTests {
    static let secret = "Meet me at the old lighthouse, code 4417-QX"

    /// Every byte of the store's files on disk (.sqlite, -wal).
    static func fileBytes(_ paths: VeetPaths) throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-journal"] {
            let url = URL(fileURLWithPath: paths.databaseFile.path + suffix)
            if let data = try? Data(contentsOf: url) { bytes.append(data) }
        }
        return bytes
    }

    /// Moves the WAL into the database file and empties it (SQLite's TRUNCATE checkpoint).
    static func checkpoint(_ paths: VeetPaths) throws {
        var db: OpaquePointer?
        try #require(sqlite3_open(paths.databaseFile.path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        try #require(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil) == SQLITE_OK)
    }

    static func contains(_ bytes: Data, _ text: String) -> Bool { bytes.range(of: Data(text.utf8)) != nil }

    @Test func aConfirmedMessagesTextIsGoneFromTheFilesAfterACheckpoint() async throws {
        let (store, paths) = try makeStore()
        let entry = try store.enqueue(sessionID: "s", content: [.text(Self.secret)])
        try Self.checkpoint(paths)
        #expect(Self.contains(try Self.fileBytes(paths), Self.secret), "the test reads the right files")
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: ScriptedSubmit([.accept]).closure)
        guard case .confirmed(let confirmed, let runID?, byEcho: false) = await delivery.deliver(entryID: entry.id) else {
            Issue.record("not confirmed"); return
        }
        #expect(confirmed.text == Self.secret && confirmed.state == .confirmed, "the caller still gets what was sent")
        try Self.checkpoint(paths)
        #expect(!Self.contains(try Self.fileBytes(paths), Self.secret), "the confirmed text is still on disk")
        // The receipt: delivered, with its run and conversation, and no text.
        let receipt = try #require(try store.outboxEntry(id: entry.id))
        #expect(receipt.state == .confirmed && receipt.runID == runID && receipt.sessionID == "s" && receipt.content.isEmpty)
        #expect(try store.outbox().isEmpty)
        #expect(try store.outbox(includeConfirmed: true).map(\.id) == [entry.id])
        #expect(try store.database.read { try $0.scalarInt("SELECT count(*) FROM outbox") } == 0)
    }

    @Test func anEchoDeletesTheRowAndTheTranscriptKeepsTheMessage() throws {
        let (store, paths) = try makeStore()
        _ = try store.upsert(session: view("s"))
        let entry = try store.enqueue(sessionID: "s", content: [.text(Self.secret)])
        try store.saveCacheEntries(TranscriptCacheEntries(messages: [
            SessionMessageView(sequence: 4, role: .user, content: [.text(Self.secret)])]), sessionID: "s")
        #expect(try store.outboxEntry(id: entry.id)?.state == .confirmed)
        #expect(try store.database.read { try $0.scalarInt("SELECT count(*) FROM outbox") } == 0)
        #expect(try store.transcript(sessionID: "s").map(\.text) == [Self.secret], "the transcript is the record")
        _ = paths
    }

    /// The echo that confirmed one entry cannot confirm a second entry of the same words on a later read.
    @Test func oneEchoConfirmsOneEntryEvenAfterItsRowIsGone() throws {
        let (store, _) = try makeStore()
        let first = try store.enqueue(sessionID: "s", content: [.text("yes")])
        let second = try store.enqueue(sessionID: "s", content: [.text("yes")])
        let echo = [SessionMessageView(sequence: 7, role: .user, content: [.text("yes")])]
        try store.confirmEchoes(sessionID: "s", in: echo)
        try store.confirmEchoes(sessionID: "s", in: echo)
        #expect(try store.outboxEntry(id: first.id)?.state == .confirmed)
        #expect(try store.outboxEntry(id: second.id)?.state == .queued)
        try store.confirmEchoes(sessionID: "s", in: echo + [SessionMessageView(sequence: 9, role: .user, content: [.text("yes")])])
        #expect(try store.outboxEntry(id: second.id)?.state == .confirmed)
    }

    /// A message typed into a new conversation after its first message was
    /// confirmed still goes to that conversation (the receipt names it).
    @Test func aLaterMessageOfANewConversationFindsItThroughTheReceipt() async throws {
        let (store, _) = try makeStore()
        let first = try store.enqueue(sessionID: nil, content: [.text("plan the trip")])
        let key = try #require(first.conversationKey)
        try store.assignConversation(entry: first, to: view("created"))
        try store.markOutbox(id: first.id, state: .confirmed, runID: "r1")
        let later = try store.enqueue(sessionID: nil, conversationKey: key, content: [.text("and the hotel")])
        #expect(later.sessionID == "created")
    }

    @Test func theMigrationTurnsStoredConfirmedRowsIntoReceiptsAndZeroesThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-forget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let path = root.appendingPathComponent("m.sqlite").path
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(8)))
        try old.write { db in
            try db.run("INSERT INTO connections (id, name, url) VALUES (1, 'main', 'https://a.example')")
            try db.run("""
                INSERT INTO outbox (connection_id, session_id, idempotency_key, content_json, text, created_at, state, run_id)
                VALUES (1, 's1', 'key-1', '[{"type":"text","text":"\(Self.secret)"}]', '\(Self.secret)', 5, 'confirmed', 'r1'),
                       (1, 's1', 'key-2', '[{"type":"text","text":"still to send"}]', 'still to send', 6, 'failed', NULL)
                """)
        }
        let migrated = try Database(path: path)
        let store = try LocalStore(database: migrated, connection: "main")
        #expect(try store.outbox().map(\.text) == ["still to send"])
        let receipt = try #require(try store.outboxEntry(id: 1))
        #expect(receipt.state == .confirmed && receipt.runID == "r1" && receipt.content.isEmpty)
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        try #require(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(db)
        var bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        bytes.append((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
        #expect(!Self.contains(bytes, Self.secret))
        #expect(Self.contains(bytes, "still to send"))
    }

    @Test func everyConnectionDeletesSecurely() throws {
        let (store, _) = try makeStore()
        #expect(try store.database.read { try $0.scalarInt("PRAGMA secure_delete") } == 1)
        #expect(try store.database.write { try $0.scalarInt("PRAGMA secure_delete") } == 1)
    }
}
