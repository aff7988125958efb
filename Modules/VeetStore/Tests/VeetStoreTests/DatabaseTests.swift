import CSQLite
import Foundation
import Testing
@testable import VeetStore

@Suite struct DatabaseTests {
    func tempPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("veet-db-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("test.sqlite").path
    }

    @Test func opensWithWALForeignKeysAndNormalSync() throws {
        let database = try Database(path: tempPath())
        let settings = try database.write { db in
            (try db.scalarText("PRAGMA journal_mode"), try db.scalarInt("PRAGMA foreign_keys"),
             try db.scalarInt("PRAGMA synchronous"), try db.scalarInt("PRAGMA user_version"))
        }
        #expect(settings.0 == "wal")
        #expect(settings.1 == 1)
        #expect(settings.2 == 1) // NORMAL
        #expect(settings.3 == Int64(Schema.latestVersion))
    }

    @Test func storeFileAndDirectoryAreOwnerOnly() throws {
        let (_, paths) = try makeStore()
        #expect(paths.databaseFile.lastPathComponent == "veet.sqlite")
        #expect(PrivateFiles.mode(of: paths.dataDirectory) == 0o700)
        #expect(PrivateFiles.mode(of: paths.databaseFile) == 0o600)
    }

    @Test func typedBindingsRoundTrip() throws {
        let database = try Database(path: tempPath(), migrations: [])
        let row = try database.write { db in
            try db.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB, n TEXT)")
            try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                       [.int(Int64.max), .double(2.5), .text("héllo \u{0}zero"), .blob(Data([0, 1, 255])), .null])
            return try db.query("SELECT i, d, s, b, n FROM t") { r in
                (r.int64(0), r.double(1), r.text(2), r.blob(3), r.optionalText(4))
            }.first
        }
        #expect(row?.0 == Int64.max)
        #expect(row?.1 == 2.5)
        #expect(row?.2 == "héllo \u{0}zero")
        #expect(row?.3 == Data([0, 1, 255]))
        #expect(row?.4 == nil)
    }

    @Test func aThrowingTransactionRollsBack() throws {
        let database = try Database(path: tempPath(), migrations: [])
        try database.write { db in try db.execute("CREATE TABLE t (x INTEGER)") }
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try database.write { db in
                try db.run("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
    }

    @Test func aDamagedFileIsAnErrorNotACrash() throws {
        let path = tempPath()
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: path))
        #expect { try Database(path: path) } throws: { error in
            if case StoreError.corrupt = error { return true }
            return false
        }
    }

    @Test func aLockedFileIsAnError() throws {
        let path = tempPath()
        _ = try Database(path: path)
        // Another process's exclusive lock, held while we try to write.
        var other: OpaquePointer?
        #expect(sqlite3_open(path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        defer { sqlite3_exec(other, "ROLLBACK", nil, nil, nil) }
        let database = try Database(path: path, options: DatabaseOptions(busyTimeoutMilliseconds: 10))
        #expect { try LocalStore(database: database, connection: "x") } throws: { error in
            if case StoreError.locked = error { return true }
            return false
        }
    }

    @Test func aFileFromANewerVersionIsRefused() throws {
        let path = tempPath()
        _ = try Database(path: path)
        var other: OpaquePointer?
        sqlite3_open(path, &other)
        sqlite3_exec(other, "PRAGMA user_version = \(Schema.latestVersion + 1)", nil, nil, nil)
        sqlite3_close(other)
        #expect(throws: StoreError.newerSchema(path: path, found: Schema.latestVersion + 1,
                                                supported: Schema.latestVersion)) {
            try Database(path: path)
        }
    }

    @Test func fts5IsAvailable() throws {
        let database = try Database(path: tempPath(), migrations: [])
        try database.write { db in try db.execute("CREATE VIRTUAL TABLE probe USING fts5(body)") }
    }

    @Test func concurrentReadersSeeCommittedRows() async throws {
        let (store, _) = try makeStore()
        _ = try store.upsert(session: view("s1", title: "One"))
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try store.sessions().count } }
            for try await count in group { #expect(count == 1) }
        }
    }
}
