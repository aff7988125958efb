import Foundation

/// A run the index says is in flight, with its conversation.
public struct ActiveRun: Sendable, Hashable {
    public var sessionID: String
    public var runID: String
}

extension LocalStore {
    /// Sessions whose last reconciled view names an active run (the daemon watches these).
    public func activeRuns(limit: Int = 64) throws -> [ActiveRun] {
        try database.read { db in
            try db.query("""
                SELECT id, active_run_id FROM sessions
                WHERE connection_id = ? AND active_run_id IS NOT NULL AND active_run_id <> ''
                ORDER BY updated_at DESC LIMIT ?
                """, [.int(connectionID), .int(Int64(limit))]) { ActiveRun(sessionID: $0.text(0), runID: $0.text(1)) }
        }
    }
}
