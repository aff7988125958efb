import Foundation

extension Schema {
    /// Each conversation's unsent composer text and the files already uploaded
    /// for it, both kept across a relaunch (docs/store.md, "Drafts"). `session_id` is '' for
    /// the conversation not created yet. Like a preference, a draft remembers
    /// the server address it was written against: its artifact ids mean
    /// nothing to another server. Forgetting the connection deletes it.
    static let draftsMigration = Migration(version: 9, sql: """
        CREATE TABLE drafts (
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            session_id TEXT NOT NULL,
            text TEXT NOT NULL,
            files_json TEXT NOT NULL,
            server_url TEXT NOT NULL,
            saved_at REAL NOT NULL,
            PRIMARY KEY (connection_id, session_id)
        ) WITHOUT ROWID;
        """)
}

/// What the owner had written and attached in one conversation but not sent.
public struct Draft: Sendable, Equatable {
    /// A file of the draft, already on the server (its upload answered), as the tray shows it.
    public struct File: Sendable, Equatable, Codable {
        public var artifactID: String
        public var filename: String
        public var mediaType: String
        public var sizeBytes: Int
        /// What was done to it before upload ("re-encoded, location removed"), if anything.
        public var notice: String?

        public init(artifactID: String, filename: String, mediaType: String, sizeBytes: Int, notice: String? = nil) {
            self.artifactID = artifactID
            self.filename = filename
            self.mediaType = mediaType
            self.sizeBytes = sizeBytes
            self.notice = notice
        }
    }

    public var text: String
    public var files: [File]

    public init(text: String, files: [File] = []) {
        self.text = text
        self.files = files
    }

    /// Nothing to keep: no text (spaces count as none) and no file.
    public var isEmpty: Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && files.isEmpty }
}

/// The drafts of one connection's conversations, in the local store. Each
/// save is one transaction: a process killed at any moment leaves the last
/// committed draft whole. Chat only: mail drafts live on the mail server and
/// in memory (docs/email.md), and nothing of Email is written here.
public struct DraftStore: Sendable {
    public let store: LocalStore

    public init(store: LocalStore) {
        self.store = store
    }

    /// Keeps `draft` for the conversation `sessionID` (nil: the one not
    /// created yet), replacing the one before; an empty draft deletes it.
    public func save(_ draft: Draft, for sessionID: String?) throws {
        guard !draft.isEmpty else { return try delete(for: sessionID) }
        let files = String(decoding: try JSONEncoder().encode(draft.files), as: UTF8.self)
        let connectionID = store.connectionID
        try store.database.write { db in
            try db.run("""
                INSERT INTO drafts (connection_id, session_id, text, files_json, server_url, saved_at)
                SELECT id, ?, ?, ?, url, ? FROM connections WHERE id = ?
                ON CONFLICT(connection_id, session_id) DO UPDATE SET text = excluded.text,
                    files_json = excluded.files_json, server_url = excluded.server_url, saved_at = excluded.saved_at
                """, [.text(sessionID ?? ""), .text(draft.text), .text(files),
                      .double(Date().timeIntervalSince1970), .int(connectionID)])
        }
    }

    /// The draft kept for `sessionID`, or nil. One written while the
    /// connection pointed at another server is removed on the way (its files
    /// are not on this one); so is one whose row no longer reads.
    public func load(for sessionID: String?) throws -> Draft? {
        let connectionID = store.connectionID, key = sessionID ?? ""
        return try store.database.write { db in
            let rows = try db.query("""
                SELECT d.text, d.files_json, d.server_url = c.url FROM drafts d JOIN connections c ON c.id = d.connection_id
                WHERE d.connection_id = ? AND d.session_id = ?
                """, [.int(connectionID), .text(key)]) { ($0.text(0), $0.text(1), $0.int(2) != 0) }
            guard let (text, json, sameServer) = rows.first else { return nil }
            guard sameServer, let files = try? JSONDecoder().decode([Draft.File].self, from: Data(json.utf8)) else {
                try db.run("DELETE FROM drafts WHERE connection_id = ? AND session_id = ?", [.int(connectionID), .text(key)])
                return nil
            }
            return Draft(text: text, files: files)
        }
    }

    /// Forgets the draft of `sessionID` (sent and confirmed, or cleared by the owner).
    public func delete(for sessionID: String?) throws {
        let connectionID = store.connectionID
        try store.database.write { db in
            try db.run("DELETE FROM drafts WHERE connection_id = ? AND session_id = ?",
                       [.int(connectionID), .text(sessionID ?? "")])
        }
    }

    /// The draft of the conversation not created yet becomes `sessionID`'s
    /// once the server made it (replacing any draft kept there).
    public func adoptNewConversationDraft(as sessionID: String) throws {
        let connectionID = store.connectionID
        try store.database.write { db in
            try db.run("DELETE FROM drafts WHERE connection_id = ? AND session_id = ? AND EXISTS "
                       + "(SELECT 1 FROM drafts WHERE connection_id = ? AND session_id = '')",
                       [.int(connectionID), .text(sessionID), .int(connectionID)])
            try db.run("UPDATE drafts SET session_id = ? WHERE connection_id = ? AND session_id = ''",
                       [.text(sessionID), .int(connectionID)])
        }
    }

    /// The conversations that have a draft (nil for the one not created yet), most recently saved first.
    public func sessionIDs() throws -> [String?] {
        try store.database.read { db in
            try db.query("SELECT session_id FROM drafts WHERE connection_id = ? ORDER BY saved_at DESC, session_id",
                         [.int(store.connectionID)]) { row -> String? in
                let id = row.text(0)
                return id.isEmpty ? nil : id
            }
        }
    }
}

extension LocalStore {
    public var drafts: DraftStore { DraftStore(store: self) }
}
