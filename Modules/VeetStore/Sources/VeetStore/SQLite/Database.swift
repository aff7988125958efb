import CSQLite
import Foundation
import Synchronization
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
    /// In memory: the one connection, which reads share with writes (see `inMemory`).
    private let memoryConnection: SQLiteConnection?
    /// In memory: the thread inside a read or write now (0: none), so one nested in it runs on its transaction.
    private let memoryHolder = Atomic<UInt>(0)

    /// True for a database that lives only in this process (`inMemory`).
    public var isInMemory: Bool { memoryConnection != nil }

    /// Opens (creating if needed) and migrates the file at `path`.
    public init(path: String, options: DatabaseOptions = DatabaseOptions(),
                migrations: [Migration] = Schema.migrations) throws {
        self.path = path
        self.options = options
        let connection = try SQLiteConnection(path: path, readOnly: false, options: options)
        try Migrator(migrations: migrations).migrate(connection)
        writer = ThreadLock(connection)
        idleReaders = ThreadLock([])
        memoryConnection = nil
    }

    /// A database in this process's memory with the same migrations: for when
    /// the file cannot be opened (the TUI then says nothing is kept after it
    /// quits). An in-memory database belongs to the connection that made it, so
    /// reads share the writer's connection and lock instead of a pool; a read
    /// or write started inside another on the same thread runs on the
    /// transaction already open (a write nested in it as a savepoint).
    public static func inMemory(options: DatabaseOptions = DatabaseOptions(),
                                migrations: [Migration] = Schema.migrations) throws -> Database {
        try Database(memoryWith: options, migrations: migrations)
    }

    private init(memoryWith options: DatabaseOptions, migrations: [Migration]) throws {
        path = ":memory:"
        self.options = options
        let connection = try SQLiteConnection(path: ":memory:", readOnly: false, options: options)
        try Migrator(migrations: migrations).migrate(connection)
        writer = ThreadLock(connection)
        idleReaders = ThreadLock([])
        memoryConnection = connection
    }

    /// Opens the store at `VeetPaths.databaseFile`, creating its 0700 directory.
    public static func open(paths: VeetPaths, options: DatabaseOptions = DatabaseOptions()) throws -> Database {
        do {
            try PrivateFiles.ensureDirectory(paths.dataDirectory)
        } catch {
            throw StoreError.cannotOpen(path: paths.databaseFile.path,
                                        detail: "its folder \(paths.dataDirectory.path) cannot be made (\(Self.plainWords(error)))")
        }
        let database = try Database(path: paths.databaseFile.path, options: options)
        // The file holds conversation text: owner-only like the directory.
        chmod(paths.databaseFile.path, 0o600)
        return database
    }

    /// The system's words for a file error ("Not a directory", "Permission denied"), not Foundation's dump of it.
    static func plainWords(_ error: any Error) -> String {
        let ns = error as NSError
        let underlying = ns.userInfo.values.compactMap { ($0 as? any Error).map { $0 as NSError } }
        if let posix = ([ns] + underlying).first(where: { $0.domain == NSPOSIXErrorDomain }) {
            return String(cString: strerror(Int32(posix.code)))
        }
        return ns.localizedDescription
    }

    /// Runs `body` on the writer connection inside one transaction.
    public func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        if let nested = memoryConnection, holdsMemory {
            try nested.execute("SAVEPOINT nested_write")
            do {
                let value = try body(nested)
                try nested.execute("RELEASE nested_write")
                return value
            } catch {
                try? nested.execute("ROLLBACK TO nested_write; RELEASE nested_write")
                throw error
            }
        }
        return try writer.withLock { connection in
            try holdingMemory { try connection.transaction { try body(connection) } }
        }
    }

    /// Runs `body` on a read connection (a snapshot for its whole duration).
    public func read<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        if let memory = memoryConnection {
            if holdsMemory { return try body(memory) }
            return try writer.withLock { connection in
                try holdingMemory { try connection.transaction(immediate: false) { try body(connection) } }
            }
        }
        let reader = try checkOutReader()
        defer { checkIn(reader) }
        return try reader.transaction(immediate: false) { try body(reader) }
    }

    /// Bytes of page cache the writer and the idle readers hold now: what `DatabaseOptions.pageCacheKiB`
    /// bounds for each. Not to be asked from inside a `write` (it takes the writer's lock).
    public var pageCacheBytes: Int {
        writer.withLock { $0.pageCacheBytes } + idleReaders.withLock { $0.reduce(0) { $0 + $1.pageCacheBytes } }
    }

    /// True when this thread is inside a read or write of the in-memory database.
    private var holdsMemory: Bool {
        memoryConnection != nil && memoryHolder.load(ordering: .acquiring) == Self.currentThread
    }

    /// Runs `body` marked as this thread's (in memory only; the writer lock is held).
    private func holdingMemory<T>(_ body: () throws -> T) rethrows -> T {
        guard memoryConnection != nil else { return try body() }
        memoryHolder.store(Self.currentThread, ordering: .releasing)
        defer { memoryHolder.store(0, ordering: .releasing) }
        return try body()
    }

    private static var currentThread: UInt { UInt(pthread_self()) }

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
