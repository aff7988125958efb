import Foundation
import Testing
import VeetStore

/// `DatabaseOptions.pageCacheKiB` bounds what each connection keeps of the pages it read: SQLite's
/// default cache (2,000 KiB a connection) fills as the file grows and stays full, which is what veetd
/// grew by over a day (docs/daemon.md, "Memory over a day").
@Suite struct PageCacheTests {
    /// A file of about 3 MiB (400 rows of 8 KiB), written and then read whole through a reader.
    func filledDatabase(_ options: DatabaseOptions) throws -> Database {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("veet-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let database = try Database(path: dir.appendingPathComponent("t.sqlite").path, options: options, migrations: [])
        let row = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try database.write { db in
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, b BLOB)")
            for id in 0..<400 { try db.run("INSERT INTO t (id, b) VALUES (?, ?)", [.int(Int64(id)), .blob(row)]) }
        }
        let bytes = try database.read { db in try db.query("SELECT b FROM t") { $0.blob(0).count }.reduce(0, +) }
        #expect(bytes == 400 * 8_192)
        return database
    }

    @Test func theCapHoldsEachConnectionsCacheWhereSQLitesDefaultKeepsMegabytes() throws {
        let capped = try filledDatabase(DatabaseOptions(pageCacheKiB: 256))
        let plain = try filledDatabase(DatabaseOptions())
        // The writer and the one idle reader, 256 KiB each at most (with SQLite's per-page headers).
        #expect(capped.pageCacheBytes <= 2 * 300 * 1_024)
        // Without a cap the same work leaves the two connections holding the pages they touched.
        #expect(plain.pageCacheBytes > 2 * 1_048_576)
    }

    @Test func theLongRunningOptionsVeetdOpensWithAreCapped() throws {
        let options = DatabaseOptions.longRunning
        #expect(options.maxReaders == 2)
        let database = try filledDatabase(options)
        #expect(database.pageCacheBytes <= (1 + options.maxReaders) * 300 * 1_024)
    }
}
