import Foundation
import VeetTransport

/// A message leaves the outbox once the server has it: its row, text
/// included, is deleted in the same transaction that records the
/// confirmation, and the connection's `secure_delete` zeroes the bytes it
/// occupied (the conversation's transcript is the record of what was said).
/// What stays is a receipt without any text: the entry's id, conversation,
/// run and key, so a sender that finds an entry gone can still tell
/// "delivered meanwhile" from "discarded", and a message typed into a new
/// conversation after its first message was confirmed still finds that
/// conversation. Receipts older than `receiptLifetime` are dropped.
extension Schema {
    /// Migration 9: confirmed rows already stored become receipts and leave the outbox.
    static let outboxReceiptsMigration = Migration(version: 10, sql: """
        CREATE TABLE outbox_receipts (
            id INTEGER PRIMARY KEY,
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            session_id TEXT,
            idempotency_key TEXT NOT NULL,
            conversation_key TEXT,
            run_id TEXT,
            created_at REAL NOT NULL,
            confirmed_at REAL NOT NULL
        );
        CREATE INDEX outbox_receipts_by_conversation_key ON outbox_receipts(connection_id, conversation_key);
        INSERT INTO outbox_receipts (id, connection_id, session_id, idempotency_key, conversation_key, run_id, created_at,
                                     confirmed_at)
            SELECT id, connection_id, session_id, idempotency_key, conversation_key, run_id, created_at, created_at
            FROM outbox WHERE state = 'confirmed';
        DELETE FROM outbox WHERE state = 'confirmed';
        """)
}

extension Outbox {
    /// How long a receipt is kept (a sender that found its entry gone asks within seconds).
    static let receiptLifetime: TimeInterval = 30 * 86_400

    static let receiptColumns = "id, session_id, idempotency_key, conversation_key, run_id, created_at"

    /// A receipt as the entry it was, confirmed, with no content.
    static func readReceipt(_ row: Statement) -> OutboxEntry {
        OutboxEntry(id: row.int64(0), sessionID: row.optionalText(1),
                    conversationKey: row.optionalText(3).flatMap(IdempotencyKey.init(rawValue:)),
                    key: IdempotencyKey(rawValue: row.text(2)) ?? IdempotencyKey(), content: [],
                    createdAt: Date(timeIntervalSince1970: row.double(5)), state: .confirmed, attempts: 0,
                    lastError: nil, runID: row.optionalText(4), afterSequence: 0)
    }
}

extension LocalStore {
    /// Records that the server has entry `id` (with `runID` when its answer named one):
    /// a receipt replaces the row, in `db`'s transaction. False when no unconfirmed row was there.
    @discardableResult
    func confirmOutbox(id: Int64, runID: String?, now: Date = Date(), db: SQLiteConnection) throws -> Bool {
        try db.run("""
            INSERT OR REPLACE INTO outbox_receipts (id, connection_id, session_id, idempotency_key, conversation_key, run_id,
                                                    created_at, confirmed_at)
                SELECT id, connection_id, session_id, idempotency_key, conversation_key, coalesce(?, run_id), created_at, ?
                FROM outbox WHERE connection_id = ? AND id = ?
            """, [.optional(runID), .double(now.timeIntervalSince1970), .int(connectionID), .int(id)])
        guard db.changes > 0 else { return false }
        try db.run("DELETE FROM outbox WHERE connection_id = ? AND id = ?", [.int(connectionID), .int(id)])
        try db.run("DELETE FROM outbox_receipts WHERE connection_id = ? AND confirmed_at < ?",
                   [.int(connectionID), .double(now.timeIntervalSince1970 - Outbox.receiptLifetime)])
        return true
    }

    /// The receipt of a confirmed entry, as an entry with no content.
    func outboxReceipt(id: Int64, db: SQLiteConnection) throws -> OutboxEntry? {
        try db.query("SELECT \(Outbox.receiptColumns) FROM outbox_receipts WHERE connection_id = ? AND id = ?",
                     [.int(connectionID), .int(id)], row: Outbox.readReceipt).first
    }
}
