import Foundation
import VeetTransport

/// The local store of one named connection: its session index mirror,
/// transcript cache, outbox, idempotency ledger and search index. Every row
/// it reads or writes is scoped to `connectionID`; several `LocalStore`s
/// (one per server) share one `Database` file side by side.
public final class LocalStore: Sendable {
    public let database: Database
    public let connectionName: String
    /// The row id of the connection in this file; scopes every other row.
    public let connectionID: Int64
    /// Sessions whose deletion has started: reconciliation must not bring them back.
    private let deletesInFlight = ThreadLock<Set<String>>([])

    /// Opens the connection's slice of `database`, registering the name on first use.
    public init(database: Database, connection name: String, url: String = "") throws {
        self.database = database
        connectionName = name
        connectionID = try database.write { db in
            try db.run("""
                INSERT INTO connections (name, url) VALUES (?, ?)
                ON CONFLICT(name) DO UPDATE SET url = CASE WHEN excluded.url = '' THEN url ELSE excluded.url END
                """, [.text(name), .text(url)])
            guard let id = try db.scalarInt("SELECT id FROM connections WHERE name = ?", [.text(name)]) else {
                throw StoreError.unknownConnection(name)
            }
            return id
        }
    }

    /// Opens `$XDG_DATA_HOME/veet/veet.sqlite` and the named connection's slice of it.
    public static func open(paths: VeetPaths, connection name: String, url: String = "",
                            options: DatabaseOptions = DatabaseOptions()) throws -> LocalStore {
        try LocalStore(database: Database.open(paths: paths, options: options), connection: name, url: url)
    }

    /// The connection's slice of a database in memory (`Database.inMemory`):
    /// the same tables and rules, nothing kept after the process ends.
    public static func inMemory(connection name: String, url: String = "") throws -> LocalStore {
        try LocalStore(database: Database.inMemory(), connection: name, url: url)
    }

    /// Deletes every row of the named connection (sessions, transcripts,
    /// outbox, ledger, search index). Credentials are removed by `ConnectionRegistry.forget`.
    public static func forgetConnection(named name: String, in database: Database) throws {
        try database.write { db in
            try db.run("DELETE FROM connections WHERE name = ?", [.text(name)])
        }
    }

    /// Names of the connections that have rows in this file.
    public static func connectionNames(in database: Database) throws -> [String] {
        try database.read { db in try db.query("SELECT name FROM connections ORDER BY name") { $0.text(0) } }
    }

    // MARK: Delete fences

    /// Marks a deletion as started: from now on no reconciliation answer may
    /// insert or refresh this session.
    public func beginDelete(sessionID: String) {
        _ = deletesInFlight.withLock { $0.insert(sessionID) }
    }

    /// The server confirmed the deletion: remove the local rows (its draft too) and keep the id
    /// excluded from later (stale) index answers.
    public func completeDelete(sessionID: String) throws {
        try database.write { db in
            try db.run("INSERT OR REPLACE INTO tombstones (connection_id, session_id, deleted_at) VALUES (?, ?, ?)",
                       [.int(connectionID), .text(sessionID), .double(Date().timeIntervalSince1970)])
            try db.run("DELETE FROM sessions WHERE connection_id = ? AND id = ?", [.int(connectionID), .text(sessionID)])
            try db.run("DELETE FROM drafts WHERE connection_id = ? AND session_id = ?", [.int(connectionID), .text(sessionID)])
        }
        _ = deletesInFlight.withLock { $0.remove(sessionID) }
    }

    /// The deletion failed (e.g. 409 active run): lift the fence; the row stays.
    public func abandonDelete(sessionID: String) {
        _ = deletesInFlight.withLock { $0.remove(sessionID) }
    }

    /// Delete Everywhere: fence, ask the server (`serverDelete`), then remove
    /// the local rows only after it succeeded. A thrown error (409 while a run
    /// is active, say) leaves the local row and lifts the fence.
    public func deleteEverywhere(sessionID: String,
                                 serverDelete: @Sendable () async throws -> Void) async throws {
        beginDelete(sessionID: sessionID)
        do {
            try await serverDelete()
        } catch {
            abandonDelete(sessionID: sessionID)
            throw error
        }
        try completeDelete(sessionID: sessionID)
    }

    /// The ids no server answer may write now: deletions in flight and tombstones.
    func deleteFence(db: SQLiteConnection) throws -> Set<String> {
        var fence = deletesInFlight.withLock { $0 }
        let tombstones = try db.query("SELECT session_id FROM tombstones WHERE connection_id = ?",
                                      [.int(connectionID)]) { $0.text(0) }
        fence.formUnion(tombstones)
        return fence
    }

    /// True when a row for this id must not be written from a server answer.
    func isFenced(_ sessionID: String, db: SQLiteConnection) throws -> Bool {
        if deletesInFlight.withLock({ $0.contains(sessionID) }) { return true }
        return try db.scalarInt("SELECT 1 FROM tombstones WHERE connection_id = ? AND session_id = ?",
                                [.int(connectionID), .text(sessionID)]) != nil
    }
}
