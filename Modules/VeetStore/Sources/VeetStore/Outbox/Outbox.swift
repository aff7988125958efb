import Foundation
import VeetTransport
import VeetWire

/// Where an outbox entry is in its life.
public enum OutboxState: String, Sendable, Hashable, Codable {
    /// Saved, not yet tried.
    case queued
    /// A submission started and its answer is not known yet (or the process died waiting).
    case sending
    /// The last attempt failed; the entry keeps its key for a retry.
    case failed
    /// The server refused it for good (its conversation is gone, or the
    /// message itself was rejected): it is never sent again, automatically or
    /// by `retryOutboxEntry`, and stays with its reason until discarded.
    case refused
    /// The server has the message: its answer, or its echo, said so.
    case confirmed
}

/// A message the user sent, kept until the server is known to have it.
public struct OutboxEntry: Sendable, Hashable {
    public var id: Int64
    /// Nil while the message waits to open a new conversation the server has not created yet.
    public var sessionID: String?
    /// Names the creation of the entry's new conversation on every attempt
    /// (nil when the conversation existed when the message was saved).
    public var conversationKey: IdempotencyKey?
    /// Sent on every attempt, so the server makes at most one run.
    public var key: IdempotencyKey
    public var content: [ContentBlock]
    public var createdAt: Date
    public var state: OutboxState
    public var attempts: Int
    public var lastError: String?
    public var runID: String?
    /// The highest transcript sequence known when it was queued; an echo must come after it.
    public var afterSequence: Int64
    /// The website-access profile chosen when a new conversation's message was
    /// typed: its conversation is created with it (if still ready then).
    public var browserProfileID: String?
    /// When the sender now holding a `sending` entry claimed it (its lease).
    public var claimedAt: Date?
    /// The process id of that sender: a claim whose process is gone (killed
    /// mid-delivery) is void at once instead of blocking until its lease ends.
    public var claimedBy: Int32?

    public var text: String { Outbox.echoText(content) }

    /// Whether another sender holds this entry now: `sending`, claimed within
    /// the lease, by a process that is still alive (`isAlive`, given for tests).
    public func isClaimed(now: Date = Date(), isAlive: (Int32) -> Bool = ClaimHolder.isAlive) -> Bool {
        guard state == .sending, let claimedAt, claimedAt >= now.addingTimeInterval(-Outbox.claimLease) else {
            return false
        }
        return claimedBy.map(isAlive) ?? true
    }

    /// Still on its way to the server: not confirmed, and not refused for good.
    public var awaitsDelivery: Bool { state != .confirmed && state != .refused }
}

enum Outbox {
    /// The text an echo must repeat: the text blocks joined.
    static func echoText(_ content: [ContentBlock]) -> String {
        content.compactMap(\.text).joined(separator: "\n")
    }

    static let columns = """
        id, session_id, idempotency_key, content_json, created_at, state, attempts, last_error, run_id, after_sequence,
        conversation_key, browser_profile_id, claimed_at, claimed_by
        """

    /// How long a `sending` entry stays claimed by the sender that claimed it:
    /// longer than an attempt can take (a request's timeout, its retries and
    /// the echo check), so a live sender is never overtaken, while an entry
    /// left `sending` by a crash is taken up again after it.
    static let claimLease: TimeInterval = 120

    static func read(_ row: Statement) -> OutboxEntry {
        OutboxEntry(
            id: row.int64(0), sessionID: row.optionalText(1),
            conversationKey: row.optionalText(10).flatMap(IdempotencyKey.init(rawValue:)),
            key: IdempotencyKey(rawValue: row.text(2)) ?? IdempotencyKey(),
            content: (try? JSONDecoder().decode([ContentBlock].self, from: Data(row.text(3).utf8))) ?? [],
            createdAt: Date(timeIntervalSince1970: row.double(4)),
            state: OutboxState(rawValue: row.text(5)) ?? .failed, attempts: row.int(6),
            lastError: row.optionalText(7), runID: row.optionalText(8), afterSequence: row.int64(9),
            browserProfileID: row.optionalText(11),
            claimedAt: row.isNull(12) ? nil : Date(timeIntervalSince1970: row.double(12)),
            claimedBy: row.isNull(13) ? nil : Int32(truncatingIfNeeded: row.int(13)))
    }
}

extension LocalStore {
    /// Saves a message before any network call. When this returns, the message
    /// survives a crash or restart until it is confirmed or discarded. A nil
    /// `sessionID` saves a message of a new conversation: `conversationKey`
    /// names that conversation (pass the key of an earlier message typed into
    /// it, so both open one conversation, in order; nil mints a new one), and
    /// `browserProfileID` is the profile it is to be created with. When the
    /// key's conversation was created meanwhile, the message goes into it.
    public func enqueue(sessionID: String?, conversationKey: IdempotencyKey? = nil, browserProfileID: String? = nil,
                        content: [ContentBlock], key: IdempotencyKey = IdempotencyKey(),
                        now: Date = Date()) throws -> OutboxEntry {
        let json = String(decoding: try JSONEncoder().encode(content), as: UTF8.self)
        let newConversation = sessionID == nil ? (conversationKey ?? IdempotencyKey()) : nil
        let id = try database.write { db -> Int64 in
            var session = sessionID
            if let newConversation {
                // Its first message may be confirmed already: its receipt still names the conversation.
                session = try db.scalarText("""
                    SELECT session_id FROM outbox WHERE connection_id = ? AND conversation_key = ? AND session_id IS NOT NULL
                    UNION ALL
                    SELECT session_id FROM outbox_receipts
                    WHERE connection_id = ? AND conversation_key = ? AND session_id IS NOT NULL
                    LIMIT 1
                    """, [.int(connectionID), .text(newConversation.rawValue), .int(connectionID),
                          .text(newConversation.rawValue)])
            }
            let after = try session.map { session in
                try db.scalarInt("""
                    SELECT coalesce(max(sequence), 0) FROM messages WHERE connection_id = ? AND session_id = ?
                    """, [.int(connectionID), .text(session)]) ?? 0
            } ?? 0
            try db.run("""
                INSERT INTO outbox (connection_id, session_id, idempotency_key, content_json, text, created_at, after_sequence,
                                    conversation_key, browser_profile_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.int(connectionID), .optional(session), .text(key.rawValue), .text(json),
                      .text(Outbox.echoText(content)), .double(now.timeIntervalSince1970), .int(after),
                      .optional(newConversation?.rawValue), .optional(newConversation == nil ? nil : browserProfileID)])
            return db.lastInsertRowID
        }
        guard let entry = try outboxEntry(id: id) else { throw StoreError.sqlite(code: 0, message: "outbox entry vanished") }
        return entry
    }

    /// The unconfirmed entries waiting to open the conversation `conversationKey` names, oldest first.
    func outbox(conversationKey: IdempotencyKey) throws -> [OutboxEntry] {
        try database.read { db in
            try db.query("""
                SELECT \(Outbox.columns) FROM outbox
                WHERE connection_id = ? AND conversation_key = ? AND session_id IS NULL AND state <> 'confirmed' ORDER BY id
                """, [.int(connectionID), .text(conversationKey.rawValue)], row: Outbox.read)
        }
    }

    /// Entries not yet confirmed (oldest first), for one session or all;
    /// `includeConfirmed` adds the receipts of confirmed ones (no content).
    public func outbox(sessionID: String? = nil, includeConfirmed: Bool = false) throws -> [OutboxEntry] {
        try database.read { db in
            var filter = " WHERE connection_id = ?"
            var values: [SQLValue] = [.int(connectionID)]
            if let sessionID {
                filter += " AND session_id = ?"
                values.append(.text(sessionID))
            }
            var entries = try db.query("SELECT \(Outbox.columns) FROM outbox" + filter + " AND state <> 'confirmed'",
                                       values, row: Outbox.read)
            if includeConfirmed {
                entries += try db.query("SELECT \(Outbox.receiptColumns) FROM outbox_receipts" + filter, values,
                                        row: Outbox.readReceipt)
            }
            return entries.sorted { $0.id < $1.id }
        }
    }

    /// The entry, or once confirmed its receipt (state `.confirmed`, no content).
    public func outboxEntry(id: Int64) throws -> OutboxEntry? {
        try database.read { db in
            try db.query("SELECT \(Outbox.columns) FROM outbox WHERE connection_id = ? AND id = ?",
                         [.int(connectionID), .int(id)], row: Outbox.read).first
                ?? outboxReceipt(id: id, db: db)
        }
    }

    /// Makes a failed entry eligible again; it keeps its key.
    @discardableResult
    public func retryOutboxEntry(id: Int64) throws -> Bool {
        try database.write { db in
            try db.run("UPDATE outbox SET state = 'queued', last_error = NULL WHERE connection_id = ? AND id = ? AND state = 'failed'",
                       [.int(connectionID), .int(id)])
            return db.changes > 0
        }
    }

    /// Drops an unconfirmed entry the user no longer wants sent. (If an earlier
    /// attempt did reach the server, its run exists; discarding does not undo it.)
    @discardableResult
    public func discardOutboxEntry(id: Int64) throws -> Bool {
        try database.write { db in
            try db.run("DELETE FROM outbox WHERE connection_id = ? AND id = ? AND state <> 'confirmed'",
                       [.int(connectionID), .int(id)])
            return db.changes > 0
        }
    }

    /// Claims an entry for an attempt, for this sender alone: a queued or
    /// failed entry, or a `sending` one whose lease has run out (its sender
    /// died). Returns it, or nil when it is confirmed, refused, gone, or held
    /// by another sender now. `counting` is false when the attempt continues
    /// one already counted.
    func beginAttempt(id: Int64, counting: Bool = true, now: Date = Date()) throws -> OutboxEntry? {
        try database.write { db -> OutboxEntry? in
            guard let current = try db.query("SELECT \(Outbox.columns) FROM outbox WHERE connection_id = ? AND id = ?",
                                             [.int(connectionID), .int(id)], row: Outbox.read).first,
                  current.state == .queued || current.state == .failed
                    || (current.state == .sending && !current.isClaimed(now: now)) else { return nil }
            try db.run("""
                UPDATE outbox SET state = 'sending', attempts = attempts + ?, claimed_at = ?, claimed_by = ?
                WHERE connection_id = ? AND id = ?
                """, [.int(counting ? 1 : 0), .double(now.timeIntervalSince1970), .int(Int64(ClaimHolder.current)),
                      .int(connectionID), .int(id)])
            return try db.query("SELECT \(Outbox.columns) FROM outbox WHERE id = ?", [.int(id)], row: Outbox.read).first
        }
    }

    /// Records an attempt's end. `.confirmed` deletes the row for a receipt (`confirmOutbox`).
    func markOutbox(id: Int64, state: OutboxState, runID: String? = nil, error: String? = nil,
                    echoSequence: Int64? = nil) throws {
        try database.write { db in
            if state == .confirmed {
                try confirmOutbox(id: id, runID: runID, db: db)
                return
            }
            try db.run("""
                UPDATE outbox SET state = ?, run_id = coalesce(?, run_id), last_error = ?, echo_sequence = coalesce(?, echo_sequence)
                WHERE connection_id = ? AND id = ? AND state <> 'confirmed'
                """, [.text(state.rawValue), .optional(runID), .optional(error),
                      echoSequence.map(SQLValue.int) ?? .null, .int(connectionID), .int(id)])
        }
    }

    /// A user message with this text at `sequence` confirms the oldest matching
    /// unconfirmed entry queued before it (each echo confirms one entry). The
    /// confirmed row is deleted (`confirmOutbox`), so the entries after it in
    /// the session are moved past this echo instead: delivered in order, none
    /// of them can be this message, and a later read of the same transcript
    /// cannot confirm a second entry of the same text by it.
    func confirmEcho(sessionID: String, sequence: Int64, text: String, db: SQLiteConnection) throws {
        guard let id = try db.scalarInt("""
            SELECT id FROM outbox WHERE connection_id = ? AND session_id = ? AND state <> 'confirmed'
            AND text = ? AND after_sequence < ? ORDER BY id LIMIT 1
            """, [.int(connectionID), .text(sessionID), .text(text), .int(sequence)]) else { return }
        try db.run("""
            UPDATE outbox SET after_sequence = max(after_sequence, ?)
            WHERE connection_id = ? AND session_id = ? AND id > ?
            """, [.int(sequence), .int(connectionID), .text(sessionID), .int(id)])
        try confirmOutbox(id: id, runID: nil, db: db)
    }

    // MARK: Idempotency ledger for other intents

    /// The key of an intent (`kind` like "approval.resolve", `target` its object id):
    /// the saved one when an earlier attempt left it, else a new one saved now.
    public func intentKey(kind: String, target: String, now: Date = Date()) throws -> IdempotencyKey {
        let raw = try database.write { db -> String in
            try db.run("""
                INSERT INTO intents (connection_id, kind, target, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """, [.int(connectionID), .text(kind), .text(target), .text(IdempotencyKey().rawValue),
                      .double(now.timeIntervalSince1970)])
            return try db.scalarText("SELECT idempotency_key FROM intents WHERE connection_id = ? AND kind = ? AND target = ?",
                                     [.int(connectionID), .text(kind), .text(target)]) ?? ""
        }
        return IdempotencyKey(rawValue: raw) ?? IdempotencyKey()
    }

    /// The intent got a definite answer (success or a definite refusal): forget its key.
    public func settleIntent(kind: String, target: String) throws {
        try database.write { db in
            try db.run("DELETE FROM intents WHERE connection_id = ? AND kind = ? AND target = ?",
                       [.int(connectionID), .text(kind), .text(target)])
        }
    }

    /// Intents still waiting for a definite answer.
    public func pendingIntents() throws -> [(kind: String, target: String, key: String)] {
        try database.read { db in
            try db.query("SELECT kind, target, idempotency_key FROM intents WHERE connection_id = ? ORDER BY created_at",
                         [.int(connectionID)]) { (kind: $0.text(0), target: $0.text(1), key: $0.text(2)) }
        }
    }
}

/// The process that claims an outbox entry, and whether a claimer still lives.
public enum ClaimHolder {
    static var current: Int32 { getpid() }

    /// True while process `pid` exists (one owned by someone else counts too).
    public static func isAlive(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }
}
