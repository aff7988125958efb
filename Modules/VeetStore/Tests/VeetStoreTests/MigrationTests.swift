import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

@Suite struct MigrationTests {
    func tempPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("veet-mig-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("m.sqlite").path
    }

    func schema(_ database: Database) throws -> [String] {
        try database.read { db in
            try db.query("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY name") { $0.text(0) }
        }
    }

    /// Rows a file at `version` can hold, written the way that version's code would.
    func seed(_ database: Database, version: Int) throws {
        try database.write { db in
            guard version >= 1 else { return }
            try db.run("INSERT INTO connections (id, name, url) VALUES (1, 'main', 'https://a.example')")
            try db.run("""
                INSERT INTO sessions (connection_id, id, title, created_at, updated_at)
                VALUES (1, 's1', 'Lisbon planning', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')
                """)
            guard version >= 2 else { return }
            try db.run("""
                INSERT INTO messages (connection_id, session_id, sequence, role, content_json, text)
                VALUES (1, 's1', 3, 'user', '[{"type":"text","text":"hotels near Alfama"}]', 'hotels near Alfama')
                """)
            try db.run("""
                INSERT INTO outbox (connection_id, session_id, idempotency_key, content_json, text, created_at)
                VALUES (1, 's1', 'key-1', '[{"type":"text","text":"unsent"}]', 'unsent', 0)
                """)
            guard version >= 3 else { return }
            // Search rows as that version's code writes them (v3 kept the text inside the FTS table).
            try db.run("INSERT INTO search_docs (id, connection_id, session_id, kind, ref) VALUES (1, 1, 's1', 'title', '')")
            try db.run("INSERT INTO search_docs (id, connection_id, session_id, kind, ref) VALUES (2, 1, 's1', 'message', '3')")
            if version == 3 {
                try db.run("""
                    INSERT INTO search_fts (rowid, body, session_id, connection_id, kind)
                    VALUES (1, 'Lisbon planning', 's1', 1, 'title'), (2, 'hotels near Alfama', 's1', 1, 'message')
                    """)
            } else {
                try db.run("UPDATE search_docs SET body = CASE id WHEN 1 THEN 'Lisbon planning' ELSE 'hotels near Alfama' END")
                try db.run("INSERT INTO search_fts (search_fts) VALUES ('rebuild')")
            }
        }
    }

    @Test(arguments: 0..<Schema.latestVersion)
    func migratesFromEveryEarlierVersion(from version: Int) throws {
        let path = tempPath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(version)))
        #expect(try old.read { try $0.scalarInt("PRAGMA user_version") } == Int64(version))
        try seed(old, version: version)

        let migrated = try Database(path: path)
        #expect(try migrated.read { try $0.scalarInt("PRAGMA user_version") } == Int64(Schema.latestVersion))
        #expect(try schema(migrated) == schema(try Database(path: tempPath())))

        let store = try LocalStore(database: migrated, connection: "main")
        if version >= 1 {
            #expect(try store.sessions().map(\.displayTitle) == ["Lisbon planning"])
            guard case .results(let hits) = try store.search("lisb") else { Issue.record("no results"); return }
            #expect(hits.map(\.sessionID) == ["s1"])
        }
        if version >= 2 {
            #expect(try store.transcript(sessionID: "s1").map(\.sequence) == [3])
            #expect(try store.outbox().map(\.text) == ["unsent"])
            guard case .results(let hits) = try store.search("alfam") else { Issue.record("no results"); return }
            #expect(hits.first?.kind == .message)
        }
    }

    /// v4 moved the indexed text out of the FTS table: a deleted session's
    /// words leave the index, and a re-saved identical text is not indexed twice.
    @Test func searchRowsMovedByVersion4StayConsistent() throws {
        let path = tempPath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(3)))
        try seed(old, version: 3)
        let store = try LocalStore(database: try Database(path: path), connection: "main")
        guard case .results(let before) = try store.search("alfam") else { Issue.record("no results"); return }
        #expect(before.first?.excerpt.text == "hotels near Alfama")
        try store.saveTranscript(sessionID: "s1", messages: [SessionMessageView(sequence: 3, role: .user, content: [.text("hotels near Alfama")])])
        let docs = try store.database.read { try $0.scalarInt("SELECT count(*) FROM search_docs") }
        #expect(docs == 2)
        try store.completeDelete(sessionID: "s1")
        #expect(try store.search("alfam") == .results([]))
        #expect(try store.search("lisb") == .results([]))
        // The index itself agrees with its content table after the trigger-driven deletes.
        try store.database.write { try $0.run("INSERT INTO search_fts (search_fts, rank) VALUES ('integrity-check', 1)") }
    }

    /// A store at v6 may hold a new conversation's first message (its
    /// `conversation_key` was UNIQUE there): after v7 it keeps its key, and a
    /// second message typed into the same conversation shares it.
    @Test func aPendingNewConversationFromVersion6TakesASecondMessageAfterMigrating() throws {
        let path = tempPath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(6)))
        try seed(old, version: 6)
        try old.write { db in
            try db.run("""
                INSERT INTO outbox (connection_id, session_id, idempotency_key, content_json, text, created_at, conversation_key)
                VALUES (1, NULL, 'key-2', '[{"type":"text","text":"first"}]', 'first', 1, 'conv-key')
                """)
        }
        let store = try LocalStore(database: try Database(path: path), connection: "main")
        let first = try #require(try store.outbox().first { $0.text == "first" })
        #expect(first.conversationKey?.rawValue == "conv-key" && first.sessionID == nil && first.claimedAt == nil)
        let second = try store.enqueue(sessionID: nil, conversationKey: first.conversationKey, content: [.text("second")])
        #expect(second.conversationKey == first.conversationKey && second.id > first.id)
    }

    @Test func migratingTwiceChangesNothing() throws {
        let path = tempPath()
        let first = try schema(try Database(path: path))
        #expect(try schema(try Database(path: path)) == first)
    }
}
