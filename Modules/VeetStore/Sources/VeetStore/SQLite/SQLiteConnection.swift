import CSQLite
import Foundation

/// SQLite copies bound text and blobs when given this destructor.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// How a connection is opened.
public struct DatabaseOptions: Sendable, Hashable {
    /// How long a statement waits for another process's lock before `StoreError.locked`.
    public var busyTimeoutMilliseconds: Int32
    /// How many read connections may be open at once besides the writer.
    public var maxReaders: Int
    /// The most each connection keeps of the pages it read, in KiB (`PRAGMA cache_size`); nil keeps
    /// SQLite's default of 2,000 KiB. Each connection's cache fills as the file grows and stays full, so
    /// a process that runs all day caps it (veetd: docs/daemon.md, "Memory over a day").
    public var pageCacheKiB: Int?

    public init(busyTimeoutMilliseconds: Int32 = 5_000, maxReaders: Int = 4, pageCacheKiB: Int? = nil) {
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.maxReaders = maxReaders
        self.pageCacheKiB = pageCacheKiB
    }

    /// For a process that keeps the store open all day (veetd): 256 KiB of page cache a connection and at
    /// most two idle readers, 0.75 MiB in all; a sync rereads the rest from the system's file cache.
    public static let longRunning = DatabaseOptions(maxReaders: 2, pageCacheKiB: 256)
}

/// One SQLite connection. Not thread-safe by itself: `Database` hands it to
/// one caller at a time (the writer lock or a checked-out reader).
public final class SQLiteConnection: @unchecked Sendable {
    // @unchecked: the handle is only used by whoever holds it from Database's writer lock or reader pool.
    let handle: OpaquePointer
    public let path: String
    private var statements: [String: Statement] = [:]

    init(path: String, readOnly: Bool, options: DatabaseOptions) throws {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let error = StoreError.from(code: code, db: db, path: path)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        self.path = path
        sqlite3_busy_timeout(db, options.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
        do {
            // Reading the schema first turns a damaged file into `.corrupt` here, not later.
            _ = try scalarInt("PRAGMA user_version")
            if !readOnly {
                _ = try scalarText("PRAGMA journal_mode=WAL")
            }
            // secure_delete: a deleted row's bytes (a confirmed outbox message) are zeroed, not left in free
            // space. Debian's SQLite is built with it on; said here so no other build leaves them.
            try execute("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL; PRAGMA secure_delete=ON;")
            // A negative cache_size is in KiB; SQLite keeps at least ten pages whatever is asked.
            if let kib = options.pageCacheKiB { try execute("PRAGMA cache_size=-\(max(kib, 1))") }
        } catch {
            statements.removeAll()
            sqlite3_close_v2(db)
            throw error
        }
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without results.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? ""
            sqlite3_free(message)
            throw errorFor(code, fallback: text)
        }
    }

    /// A prepared statement, cached by its text; bindings are cleared on return.
    public func prepare(_ sql: String) throws -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard code == SQLITE_OK, let raw else { throw errorFor(code) }
        let statement = Statement(raw, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Bytes this connection's page cache holds now (`SQLITE_DBSTATUS_CACHE_USED`).
    public var pageCacheBytes: Int {
        var current: Int32 = 0, highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
        return Int(current)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    public func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() && !statement.isNull(0) ? statement.int64(0) : nil
    }

    public func scalarText(_ sql: String, _ values: [SQLValue] = []) throws -> String? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() && !statement.isNull(0) ? statement.text(0) : nil
    }

    /// Runs a statement that returns no rows.
    public func run(_ sql: String, _ values: [SQLValue] = []) throws {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Every row of a query, read by `row`.
    public func query<T>(_ sql: String, _ values: [SQLValue] = [], row: (Statement) throws -> T) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    func errorFor(_ code: Int32, fallback: String = "") -> StoreError {
        StoreError.from(code: code, db: handle, path: path)
    }
}

/// Holds the cancellation check SQLite's progress callback polls.
private final class InterruptCheck {
    let isCancelled: () -> Bool
    init(_ isCancelled: @escaping () -> Bool) { self.isCancelled = isCancelled }
}

extension SQLiteConnection {
    /// Runs `body` while SQLite polls `isCancelled` every few thousand steps;
    /// a cancelled statement fails with SQLITE_INTERRUPT, thrown as `CancellationError`.
    public func interruptible<T>(when isCancelled: @escaping () -> Bool, _ body: () throws -> T) throws -> T {
        let check = InterruptCheck(isCancelled)
        let context = Unmanaged.passRetained(check).toOpaque()
        sqlite3_progress_handler(handle, 4_000, { context in
            guard let context else { return 0 }
            return Unmanaged<InterruptCheck>.fromOpaque(context).takeUnretainedValue().isCancelled() ? 1 : 0
        }, context)
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            Unmanaged<InterruptCheck>.fromOpaque(context).release()
        }
        do {
            return try body()
        } catch StoreError.sqlite(let code, _) where code & 0xFF == SQLITE_INTERRUPT {
            throw CancellationError()
        }
    }
}
