import Foundation
import VeetTransport
import VeetWire

extension Schema {
    /// A message may open a new conversation: its entry is saved before the
    /// conversation exists, so `session_id` may be null until the server has
    /// created it, and `conversation_key` names that creation for every
    /// attempt (the server's create takes no Idempotency-Key). SQLite cannot
    /// drop a NOT NULL in place, so the table is rebuilt with its rows and ids.
    static let newConversationOutboxMigration = Migration(version: 6, sql: """
        CREATE TABLE outbox_v6 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            session_id TEXT,
            idempotency_key TEXT NOT NULL UNIQUE,
            content_json TEXT NOT NULL,
            text TEXT NOT NULL,
            created_at REAL NOT NULL,
            after_sequence INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL DEFAULT 'queued',
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            run_id TEXT,
            echo_sequence INTEGER,
            conversation_key TEXT UNIQUE
        );
        INSERT INTO outbox_v6 (id, connection_id, session_id, idempotency_key, content_json, text, created_at,
                               after_sequence, state, attempts, last_error, run_id, echo_sequence)
            SELECT id, connection_id, session_id, idempotency_key, content_json, text, created_at,
                   after_sequence, state, attempts, last_error, run_id, echo_sequence FROM outbox;
        DROP TABLE outbox;
        ALTER TABLE outbox_v6 RENAME TO outbox;
        CREATE INDEX outbox_by_session ON outbox(connection_id, session_id, id);
        """)
}

extension LocalStore {
    /// Records the conversation the server created for a new-conversation
    /// entry, in one write as soon as the create answers and before the message
    /// is submitted: every entry waiting on the same conversation key gets its
    /// id (from then on every attempt goes to that conversation, so no retry,
    /// in this process or after a restart, creates a second one); the
    /// conversation is listed, with the first message as its optimistic title;
    /// and the claim on the entry is renewed for its submission.
    func assignConversation(entry: OutboxEntry, to view: SessionView, now: Date = Date()) throws {
        guard let key = entry.conversationKey else { return }
        try database.write { db in
            try db.run("""
                UPDATE outbox SET session_id = ? WHERE connection_id = ? AND conversation_key = ? AND session_id IS NULL
                """, [.text(view.id), .int(connectionID), .text(key.rawValue)])
            try db.run("UPDATE outbox SET claimed_at = ? WHERE connection_id = ? AND id = ? AND state = 'sending'",
                       [.double(now.timeIntervalSince1970), .int(connectionID), .int(entry.id)])
            _ = try applyServerRows([view], db: db)
            _ = try setOptimisticTitle(sessionID: view.id, firstMessage: entry.content, db: db)
        }
    }
}

extension OutboxDelivery {
    /// Where the creation step left a new-conversation entry.
    enum ConversationOpening {
        /// Its conversation exists and is recorded: the message goes on to it
        /// (the entry is still claimed by this attempt).
        case opened(OutboxEntry)
        /// It cannot go on now: the answer for this attempt.
        case settled(DeliveryResult)
    }

    /// Creates the entry's conversation (counted as the attempt) and records its
    /// id before anything else. A lost answer leaves the entry failed with no
    /// conversation; the next attempt tells the closure one may exist.
    func openConversation(for current: OutboxEntry) async throws -> ConversationOpening {
        guard let key = current.conversationKey else { return .settled(.notPending(current.id)) }
        let mayExist = current.attempts > 0
        guard let entry = try store.beginAttempt(id: current.id) else { return .settled(try unclaimed(current.id)) }
        do {
            let view = try await createConversation(NewConversationRequest(
                key: key, mayExist: mayExist, entryCreatedAt: entry.createdAt, browserProfileID: entry.browserProfileID))
            try store.assignConversation(entry: entry, to: view)
        } catch {
            let final = Self.definiteRefusal(error).map(Self.refusesCreationForGood) ?? false
            return .settled(try settle(entry, error: error, reason: "the conversation could not be created: \(error)",
                                       final: final))
        }
        return .opened(try store.outboxEntry(id: entry.id) ?? entry)
    }

    /// A refused create is final only when its body was refused (malformed,
    /// too large, not JSON: docs/wire/sessions-runs.md §2.1); an unknown agent (404), a
    /// profile not ready (409) or a refused token may pass on a later attempt.
    static func refusesCreationForGood(_ refusal: APIError) -> Bool {
        [400, 413, 415].contains(refusal.status)
    }
}

/// What the outbox asks a `CreateConversation` closure for.
public struct NewConversationRequest: Sendable, Hashable {
    /// The entry's conversation key, the same on every attempt (and shared by
    /// every message typed into the conversation before it exists).
    public var key: IdempotencyKey
    /// An earlier attempt may have created it with its answer lost: look for
    /// it before creating another.
    public var mayExist: Bool
    /// When the message was saved: the conversation cannot be older.
    public var entryCreatedAt: Date
    /// The website-access profile chosen when the message was typed.
    public var browserProfileID: String?

    public init(key: IdempotencyKey, mayExist: Bool, entryCreatedAt: Date, browserProfileID: String? = nil) {
        self.key = key
        self.mayExist = mayExist
        self.entryCreatedAt = entryCreatedAt
        self.browserProfileID = browserProfileID
    }
}
