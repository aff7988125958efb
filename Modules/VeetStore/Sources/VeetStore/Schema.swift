/// The store's schema, one numbered migration per change. Never edit a
/// shipped migration: add the next one (and a test that migrates to it).
public enum Schema {
    public static let migrations: [Migration] = [v1, v2, v3, v4, preferencesMigration, newConversationOutboxMigration,
                                                   sharedConversationKeyMigration, LocalStore.transcriptReadMigration,
                                                   draftsMigration, outboxReceiptsMigration, scheduledIndexMigration]
    public static var latestVersion: Int { migrations.count }

    /// Migration 11: the scheduled conversations indexed alone, so a first frame's read of them does not
    /// walk the whole index (`scheduledSessions`).
    static let scheduledIndexMigration = Migration(version: 11, sql: """
        CREATE INDEX sessions_scheduled ON sessions(connection_id) WHERE schedule_id IS NOT NULL;
        """)

    /// Connections and the session index mirror.
    static let v1 = Migration(version: 1, sql: """
        CREATE TABLE connections (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            url TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE sessions (
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            title TEXT,
            local_title TEXT,
            agent_id TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'ACTIVE',
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            active_run_id TEXT,
            last_run_id TEXT,
            folder_id TEXT,
            schedule_id TEXT,
            PRIMARY KEY (connection_id, id)
        ) WITHOUT ROWID;
        CREATE INDEX sessions_by_activity ON sessions(connection_id, updated_at DESC, id DESC);
        CREATE TABLE tombstones (
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            session_id TEXT NOT NULL,
            deleted_at REAL NOT NULL,
            PRIMARY KEY (connection_id, session_id)
        ) WITHOUT ROWID;
        """)

    /// Transcript cache, durable outbox and the idempotency ledger.
    static let v2 = Migration(version: 2, sql: """
        CREATE TABLE messages (
            connection_id INTEGER NOT NULL,
            session_id TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            role TEXT NOT NULL,
            content_json TEXT NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (connection_id, session_id, sequence),
            FOREIGN KEY (connection_id, session_id) REFERENCES sessions(connection_id, id) ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            session_id TEXT NOT NULL,
            idempotency_key TEXT NOT NULL UNIQUE,
            content_json TEXT NOT NULL,
            text TEXT NOT NULL,
            created_at REAL NOT NULL,
            after_sequence INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL DEFAULT 'queued',
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            run_id TEXT,
            echo_sequence INTEGER
        );
        CREATE INDEX outbox_by_session ON outbox(connection_id, session_id, id);
        CREATE TABLE intents (
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            target TEXT NOT NULL,
            idempotency_key TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (connection_id, kind, target)
        ) WITHOUT ROWID;
        """)

    /// Full-text search over titles, messages and web searches. `search_docs`
    /// says what each FTS row is; deleting a doc (directly or by cascade from
    /// its session) deletes its FTS row through the trigger.
    static let v3 = Migration(version: 3, sql: """
        CREATE TABLE web_searches (
            connection_id INTEGER NOT NULL,
            session_id TEXT NOT NULL,
            call_id TEXT NOT NULL,
            query TEXT NOT NULL DEFAULT '',
            answer TEXT NOT NULL DEFAULT '',
            sequence INTEGER,
            PRIMARY KEY (connection_id, session_id, call_id),
            FOREIGN KEY (connection_id, session_id) REFERENCES sessions(connection_id, id) ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE TABLE search_docs (
            id INTEGER PRIMARY KEY,
            connection_id INTEGER NOT NULL,
            session_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            ref TEXT NOT NULL,
            UNIQUE (connection_id, session_id, kind, ref),
            FOREIGN KEY (connection_id, session_id) REFERENCES sessions(connection_id, id) ON DELETE CASCADE
        );
        CREATE VIRTUAL TABLE search_fts USING fts5(
            body, session_id UNINDEXED, connection_id UNINDEXED, kind UNINDEXED,
            tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER search_docs_deleted AFTER DELETE ON search_docs BEGIN
            DELETE FROM search_fts WHERE rowid = old.id;
        END;
        INSERT INTO search_docs (connection_id, session_id, kind, ref)
            SELECT connection_id, id, 'title', '' FROM sessions WHERE coalesce(title, local_title) IS NOT NULL;
        INSERT INTO search_docs (connection_id, session_id, kind, ref)
            SELECT connection_id, session_id, 'message', CAST(sequence AS TEXT) FROM messages WHERE text <> '';
        INSERT INTO search_fts (rowid, body, session_id, connection_id, kind)
            SELECT d.id, coalesce(s.title, s.local_title), d.session_id, d.connection_id, d.kind
            FROM search_docs d JOIN sessions s ON s.connection_id = d.connection_id AND s.id = d.session_id
            WHERE d.kind = 'title';
        INSERT INTO search_fts (rowid, body, session_id, connection_id, kind)
            SELECT d.id, m.text, d.session_id, d.connection_id, d.kind
            FROM search_docs d JOIN messages m
              ON m.connection_id = d.connection_id AND m.session_id = d.session_id AND CAST(m.sequence AS TEXT) = d.ref
            WHERE d.kind = 'message';
        """)

    /// Faster search: the indexed text is kept once, in `search_docs.body`, and
    /// `search_fts` indexes it without a copy of its own (external content);
    /// prefix indexes for 2 and 3 characters let a short prefix read one list
    /// instead of merging every word it starts. The trigger hands FTS5 the old
    /// text it needs to take a deleted row's words out of the index.
    static let v4 = Migration(version: 4, sql: """
        ALTER TABLE search_docs ADD COLUMN body TEXT NOT NULL DEFAULT '';
        UPDATE search_docs SET body = coalesce((SELECT f.body FROM search_fts f WHERE f.rowid = search_docs.id), '');
        DELETE FROM search_docs WHERE body = '';
        DROP TRIGGER search_docs_deleted;
        DROP TABLE search_fts;
        CREATE VIRTUAL TABLE search_fts USING fts5(
            body, content = 'search_docs', content_rowid = 'id', prefix = '2 3',
            tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO search_fts (search_fts) VALUES ('rebuild');
        CREATE TRIGGER search_docs_deleted AFTER DELETE ON search_docs BEGIN
            INSERT INTO search_fts (search_fts, rowid, body) VALUES ('delete', old.id, old.body);
        END;
        """)
}
