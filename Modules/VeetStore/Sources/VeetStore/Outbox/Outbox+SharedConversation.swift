extension Schema {
    /// Migration 6 shipped, so its table is changed here, never there.
    /// Messages typed before their new conversation exists share the first
    /// message's `conversation_key` (so it is no longer UNIQUE, which SQLite
    /// cannot drop in place: the table is rebuilt with its rows and ids);
    /// `browser_profile_id` keeps the website-access profile chosen when the
    /// message was typed, so every attempt creates the same conversation; and
    /// `claimed_at` is the lease of a `sending` entry, so only one sender
    /// (veetd, the TUI, a CLI) delivers it at a time; `claimed_by` is that
    /// sender's process id, so a claim of a killed process is void at once.
    static let sharedConversationKeyMigration = Migration(version: 7, sql: """
        CREATE TABLE outbox_v7 (
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
            conversation_key TEXT,
            browser_profile_id TEXT,
            claimed_at REAL,
            claimed_by INTEGER
        );
        INSERT INTO outbox_v7 (id, connection_id, session_id, idempotency_key, content_json, text, created_at,
                               after_sequence, state, attempts, last_error, run_id, echo_sequence, conversation_key)
            SELECT id, connection_id, session_id, idempotency_key, content_json, text, created_at,
                   after_sequence, state, attempts, last_error, run_id, echo_sequence, conversation_key FROM outbox;
        DROP TABLE outbox;
        ALTER TABLE outbox_v7 RENAME TO outbox;
        CREATE INDEX outbox_by_session ON outbox(connection_id, session_id, id);
        CREATE INDEX outbox_by_conversation_key ON outbox(connection_id, conversation_key, id);
        """)
}
