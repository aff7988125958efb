import CSQLite
import Foundation
import VeetTransport

/// The database file: one writer connection behind a lock, and a small pool
/// of read connections used concurrently (WAL lets readers run beside the writer).
///
/// Why a lock and not an actor: every SQLite call is synchronous and short, so
/// callers (actors, tasks, the CLI) run them inline without a hop; the lock
/// makes writes one at a time, and WAL keeps readers off the writer's path.
/// The locks are `ThreadLock` (pthread), not `Mutex`, so ThreadSanitizer sees them.
public final class Database: Sendable {
    public let path: String
    public let options: DatabaseOptions
    private let writer: ThreadLock<SQLiteConnection>
    private let idleReaders: ThreadLock<[SQLiteConnection]>

    /// Opens (creating if needed) and migrates the file at `path`.
    public init(path: String, options: DatabaseOptions = DatabaseOptions(),
                migrations: [Migration] = Schema.migrations) throws {
        self.path = path
        self.options = options
        let connection = try SQLiteConnection(path: path, readOnly: false, options: options)
        try Migrator(migrations: migrations).migrate(connection)
        writer = ThreadLock(connection)
        idleReaders = ThreadLock([])
    }

    /// Opens the store at `VeetPaths.databaseFile`, creating its 0700 directory.
    public static func open(paths: VeetPaths, options: DatabaseOptions = DatabaseOptions()) throws -> Database {
        do {
            try PrivateFiles.ensureDirectory(paths.dataDirectory)
        } catch {
            throw StoreError.cannotOpen(path: paths.databaseFile.path, detail: "\(error)")
        }
        let database = try Database(path: paths.databaseFile.path, options: options)
        // The file holds conversation text: owner-only like the directory.
        chmod(paths.databaseFile.path, 0o600)
        return database
    }

    /// Runs `body` on the writer connection inside one transaction.
    public func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writer.withLock { connection in
            try connection.transaction { try body(connection) }
        }
    }

    /// Runs `body` on a read connection (a snapshot for its whole duration).
    public func read<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let reader = try checkOutReader()
        defer { checkIn(reader) }
        return try reader.transaction(immediate: false) { try body(reader) }
    }

    private func checkOutReader() throws -> SQLiteConnection {
        if let idle = idleReaders.withLock({ $0.popLast() }) { return idle }
        return try SQLiteConnection(path: path, readOnly: true, options: options)
    }

    private func checkIn(_ reader: SQLiteConnection) {
        idleReaders.withLock { pool in
            if pool.count < options.maxReaders { pool.append(reader) }
        }
    }
}
