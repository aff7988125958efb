import Foundation

/// How much of the index search can see. A conversation is searchable once
/// its transcript has been read in full on this machine (the transcript route,
/// by opening it, `veet sync`, veetd or the TUI's background fill); until then
/// only its title is. `line` is what a frontend says while some are not.
public struct SearchCoverage: Sendable, Hashable {
    /// Conversations of the index whose transcript was never read in full here.
    public var notYetSearchable: Int

    public init(notYetSearchable: Int) {
        self.notYetSearchable = max(0, notYetSearchable)
    }

    public var isComplete: Bool { notYetSearchable == 0 }

    /// "1 conversation not yet searchable", "12 conversations not yet searchable"; nil when all are.
    public var line: String? {
        switch notYetSearchable {
        case 0: nil
        case 1: "1 conversation not yet searchable"
        default: "\(notYetSearchable) conversations not yet searchable"
        }
    }
}

extension LocalStore {
    /// v8: `sessions.transcript_read_at`, the conversation's `updated_at` when
    /// its transcript was last read in full (NULL: never). A later activity
    /// makes the read stale; the count of NULLs is `SearchCoverage`.
    static let transcriptReadMigration = Migration(version: 8, sql: """
        ALTER TABLE sessions ADD COLUMN transcript_read_at TEXT;
        """)

    /// What search cannot see yet.
    public func searchCoverage() throws -> SearchCoverage {
        let count = try database.read { db in
            try db.scalarInt("SELECT count(*) FROM sessions WHERE connection_id = ? AND transcript_read_at IS NULL",
                             [.int(connectionID)])
        }
        return SearchCoverage(notYetSearchable: Int(count ?? 0))
    }

    /// The conversations whose transcript should be read next, at most
    /// `limit`: never read first, then those active since their last read;
    /// newest activity first in each (the likeliest to be searched for).
    /// `skipping` leaves out ids a caller already tried this round.
    public func sessionsNeedingTranscript(limit: Int, skipping: Set<String> = []) throws -> [String] {
        let list = String(decoding: try JSONEncoder().encode(Array(skipping)), as: UTF8.self)
        return try database.read { db in
            try db.query("""
                SELECT id FROM sessions
                WHERE connection_id = ? AND (transcript_read_at IS NULL OR transcript_read_at <> updated_at)
                    AND id NOT IN (SELECT value FROM json_each(?))
                ORDER BY transcript_read_at IS NULL DESC, updated_at DESC, id DESC LIMIT ?
                """, [.int(connectionID), .text(list), .int(Int64(max(0, limit)))]) { $0.text(0) }
        }
    }

    /// Marks a transcript as read in full as of the conversation's current activity.
    func markTranscriptRead(sessionID: String, db: SQLiteConnection) throws {
        try db.run("UPDATE sessions SET transcript_read_at = updated_at WHERE connection_id = ? AND id = ?",
                   [.int(connectionID), .text(sessionID)])
    }
}
