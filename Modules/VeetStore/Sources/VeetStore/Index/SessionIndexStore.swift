import Foundation
import VeetTransport
import VeetWire

/// What one write of server rows changed.
struct IndexChanges: Sendable {
    var added: [String] = []
    var updated: [String] = []
    var pruned: [String] = []
}

extension LocalStore {
    private static let sessionColumns = """
        id, title, local_title, agent_id, status, created_at, updated_at,
        active_run_id, last_run_id, folder_id, schedule_id
        """

    /// The cached index, most recent activity first (`updated_at`, then `id`, both descending, as text).
    public func sessions(limit: Int? = nil) throws -> [CachedSession] {
        guard limit == nil else {
            return try database.read { db in
                try db.query("""
                    SELECT \(Self.sessionColumns) FROM sessions WHERE connection_id = ?
                    ORDER BY updated_at DESC, id DESC LIMIT ?
                    """, [.int(connectionID), .int(Int64(limit ?? -1))], row: Self.readSession)
            }
        }
        // The whole index (the TUI's first frame reads it): one pass over the table in its key order, then
        // ordered here as `sessions_by_activity` orders it. Walking that index costs a seek into the table per
        // row, about half of the read's instructions for 10,000 rows.
        var rows = try database.read { db in
            try db.query("SELECT \(Self.sessionColumns) FROM sessions WHERE connection_id = ?",
                         [.int(connectionID)], row: Self.readSession)
        }
        Self.sortByIndexOrder(&rows)
        return rows
    }

    /// `sessions_by_activity`'s order: `updated_at`, then `id`, both descending, as SQLite compares text.
    private static func sortByIndexOrder(_ rows: inout [CachedSession]) {
        rows.sort { left, right in
            let byTime = binaryOrder(left.updatedAt.text, right.updatedAt.text)
            return byTime != 0 ? byTime > 0 : binaryOrder(left.id, right.id) > 0
        }
    }

    /// The conversations a schedule started (`schedule_id` set), most recent activity first: a first frame read
    /// from `sessions(limit:)` adds them, since the sidebar's Scheduled groups count every one. Read through
    /// `sessions_scheduled` (migration 11, a partial index holding only scheduled rows), so the read grows with
    /// the scheduled conversations, not the index; sorted here (an `ORDER BY` made SQLite walk
    /// `sessions_by_activity` with a seek into the table for every row).
    public func scheduledSessions() throws -> [CachedSession] {
        var rows = try database.read { db in
            try db.query(Self.scheduledSessionsSQL, [.int(connectionID)], row: Self.readSession)
        }
        Self.sortByIndexOrder(&rows)
        return rows
    }

    /// `INDEXED BY`: without statistics SQLite prefers the primary key's `connection_id` prefix, which is
    /// every row of the connection.
    static let scheduledSessionsSQL = """
        SELECT \(sessionColumns) FROM sessions INDEXED BY sessions_scheduled
        WHERE connection_id = ? AND schedule_id IS NOT NULL
        """

    /// SQLite's BINARY collation: the UTF-8 bytes compared as `memcmp` does, a prefix first. Negative, zero or positive.
    static func binaryOrder(_ left: String, _ right: String) -> Int {
        let fast = left.utf8.withContiguousStorageIfAvailable { a in
            right.utf8.withContiguousStorageIfAvailable { b -> Int in
                let shared = min(a.count, b.count)
                let compared = shared == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, shared)
                return compared != 0 ? Int(compared) : a.count - b.count
            }
        }
        if let fast = fast ?? nil { return fast }
        if left.utf8.elementsEqual(right.utf8) { return 0 }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
    }

    public func session(id: String) throws -> CachedSession? {
        try database.read { db in
            try db.query("SELECT \(Self.sessionColumns) FROM sessions WHERE connection_id = ? AND id = ?",
                         [.int(connectionID), .text(id)], row: Self.readSession).first
        }
    }

    public func sessionCount() throws -> Int {
        try database.read { db in
            Int(try db.scalarInt("SELECT count(*) FROM sessions WHERE connection_id = ?", [.int(connectionID)]) ?? 0)
        }
    }

    /// Inserts or refreshes one session from a server answer (after a create or
    /// a point read). Fenced (deleting/deleted) sessions and the server's own (`SessionKind`) are not stored.
    @discardableResult
    public func upsert(session view: SessionView) throws -> Bool {
        let changes = try applyServerRows([view])
        return !(changes.added.isEmpty && changes.updated.isEmpty)
    }

    /// Inserts or refreshes many sessions in one transaction (after a bulk
    /// read, say); returns how many rows were added or changed.
    @discardableResult
    public func upsert(sessions views: [SessionView]) throws -> Int {
        let changes = try applyServerRows(views)
        return changes.added.count + changes.updated.count
    }

    func localSessionIDs() throws -> Set<String> {
        try database.read { db in
            Set(try db.query("SELECT id FROM sessions WHERE connection_id = ?", [.int(connectionID)]) { $0.text(0) })
        }
    }

    /// Writes server rows in one transaction; the server's values win, a null included.
    func applyServerRows(_ views: [SessionView]) throws -> IndexChanges {
        try database.write { db in try applyServerRows(views, db: db) }
    }

    /// `applyServerRows` within a write already open (one transaction with the caller's other changes).
    func applyServerRows(_ views: [SessionView], db: SQLiteConnection) throws -> IndexChanges {
        do {
            var changes = IndexChanges()
            let fence = try deleteFence(db: db)
            // One read for the whole page instead of one per row; kept current
            // as rows are written, so an id repeated within the page updates.
            var cached = try cachedSessions(ids: views.map(\.id), db: db)
            for view in views {
                if fence.contains(view.id) { continue }
                let existing = cached[view.id]
                guard SessionRules.isConversation(view) else {
                    if existing != nil {
                        try deleteSessionRow(view.id, db: db)
                        cached[view.id] = nil
                        changes.pruned.append(view.id)
                    }
                    continue
                }
                let fresh = CachedSession(server: view, localTitle: existing?.localTitle)
                cached[view.id] = fresh
                if let existing {
                    guard !existing.hasSameColumns(as: fresh) else { continue }
                    try db.run("""
                        UPDATE sessions SET title = ?, agent_id = ?, status = ?, created_at = ?, updated_at = ?,
                            active_run_id = ?, last_run_id = ?, folder_id = ?, schedule_id = ?
                        WHERE connection_id = ? AND id = ?
                        """, Self.serverValues(fresh) + [.int(connectionID), .text(view.id)])
                    if existing.displayTitle != fresh.displayTitle {
                        try indexTitle(sessionID: view.id, title: fresh.displayTitle, db: db)
                    }
                    changes.updated.append(view.id)
                } else {
                    try db.run("""
                        INSERT INTO sessions (title, agent_id, status, created_at, updated_at, active_run_id,
                            last_run_id, folder_id, schedule_id, connection_id, id)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, Self.serverValues(fresh) + [.int(connectionID), .text(view.id)])
                    try indexDocument(sessionID: view.id, kind: .title, ref: "", text: fresh.displayTitle,
                                      db: db, replacing: false)
                    changes.added.append(view.id)
                }
            }
            return changes
        }
    }

    /// The cached rows among `ids`, by id (ids passed as one JSON array).
    private func cachedSessions(ids: [String], db: SQLiteConnection) throws -> [String: CachedSession] {
        guard !ids.isEmpty else { return [:] }
        let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
        let rows = try db.query("""
            SELECT \(Self.sessionColumns) FROM sessions
            WHERE connection_id = ? AND id IN (SELECT value FROM json_each(?))
            """, [.int(connectionID), .text(list)], row: Self.readSession)
        return Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Removes sessions (and, by cascade, their transcript, web searches and search rows).
    func pruneSessions(_ ids: [String]) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try database.write { db in
            var pruned: [String] = []
            for id in ids {
                try deleteSessionRow(id, db: db)
                if db.changes > 0 { pruned.append(id) }
            }
            return pruned
        }
    }

    /// Sets the optimistic title from a first user message, unless one is known.
    /// Returns true when the title changed.
    @discardableResult
    public func setOptimisticTitle(sessionID: String, firstMessage content: [ContentBlock]) throws -> Bool {
        try database.write { db in try setOptimisticTitle(sessionID: sessionID, firstMessage: content, db: db) }
    }

    /// `setOptimisticTitle` within a write already open.
    func setOptimisticTitle(sessionID: String, firstMessage content: [ContentBlock], db: SQLiteConnection) throws -> Bool {
        guard let title = SessionRules.optimisticTitle(from: content) else { return false }
        do {
            try db.run("""
                UPDATE sessions SET local_title = ?
                WHERE connection_id = ? AND id = ? AND title IS NULL AND local_title IS NULL
                """, [.text(title), .int(connectionID), .text(sessionID)])
            guard db.changes > 0 else { return false }
            try indexTitle(sessionID: sessionID, title: title, db: db)
            return true
        }
    }

    private func deleteSessionRow(_ id: String, db: SQLiteConnection) throws {
        try db.run("DELETE FROM sessions WHERE connection_id = ? AND id = ?", [.int(connectionID), .text(id)])
    }

    private static func serverValues(_ s: CachedSession) -> [SQLValue] {
        [.optional(s.title), .text(s.agentID), .text(s.status), .text(s.createdAt.text), .text(s.updatedAt.text),
         .optional(s.activeRunID), .optional(s.lastRunID), .optional(s.folderID), .optional(s.scheduleID)]
    }

    static func readSession(_ row: Statement) -> CachedSession {
        CachedSession(id: row.text(0), title: row.optionalText(1), localTitle: row.optionalText(2),
                      agentID: row.text(3), status: row.text(4), createdAt: Timestamp(row.text(5)), updatedAt: Timestamp(row.text(6)),
                      activeRunID: row.optionalText(7), lastRunID: row.optionalText(8),
                      folderID: row.optionalText(9), scheduleID: row.optionalText(10))
    }
}
