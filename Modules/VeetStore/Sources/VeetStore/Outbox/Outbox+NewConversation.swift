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
    /// is submitted: from then on every attempt goes to that conversation, so
    /// no retry, in this process or after a restart, creates a second one.
    func assignConversation(entryID: Int64, sessionID: String) throws {
        try database.write { db in
            try db.run("UPDATE outbox SET session_id = ? WHERE connection_id = ? AND id = ? AND session_id IS NULL",
                       [.text(sessionID), .int(connectionID), .int(entryID)])
        }
    }
}

extension OutboxDelivery {
    /// Where the creation step left a new-conversation entry.
    enum ConversationOpening {
        /// Its conversation exists and is recorded: the message goes on to it.
        case opened(OutboxEntry)
        /// It cannot go on now: the answer for this attempt.
        case settled(DeliveryResult)
    }

    /// Creates the entry's conversation (counted as the attempt) and records its
    /// id before anything else. A lost answer leaves the entry failed with no
    /// conversation; the next attempt tells the closure one may exist.
    func openConversation(for current: OutboxEntry) async throws -> ConversationOpening {
        guard let createConversation, let key = current.conversationKey else {
            try store.markOutbox(id: current.id, state: .failed, error: "its conversation cannot be created here")
            return .settled(.failed(try store.outboxEntry(id: current.id) ?? current,
                                    reason: "its conversation cannot be created here"))
        }
        let mayExist = current.attempts > 0
        guard let entry = try store.beginAttempt(id: current.id) else { return .settled(.notPending(current.id)) }
        do {
            let sessionID = try await createConversation(key, mayExist)
            try store.assignConversation(entryID: entry.id, sessionID: sessionID)
            try store.setOptimisticTitle(sessionID: sessionID, firstMessage: entry.content)
        } catch {
            let final = Self.definiteRefusal(error).map(Self.isFinal) ?? false
            try store.markOutbox(id: entry.id, state: final ? .refused : .failed, error: "\(error)")
            let after = try store.outboxEntry(id: entry.id) ?? entry
            return .settled(final ? .refused(after, reason: "\(error)", status: Self.definiteRefusal(error)?.status)
                : .failed(after, reason: "\(error)"))
        }
        return .opened(try store.outboxEntry(id: entry.id) ?? entry)
    }
}
