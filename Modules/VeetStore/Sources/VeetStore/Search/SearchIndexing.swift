import Foundation

/// What a search row was made from.
public enum SearchMatchKind: String, Sendable, Hashable, Codable {
    case title
    case message
    case webQuery = "web_query"
    case webAnswer = "web_answer"
}

extension LocalStore {
    /// Replaces the search row of one (session, kind, ref); empty text removes it.
    /// The text is kept once, in `search_docs.body`; `search_fts` indexes it
    /// without a copy (external content), so every change goes through here.
    /// `replacing: false` skips the lookup for a row known to be new.
    func indexDocument(sessionID: String, kind: SearchMatchKind, ref: String, text: String?,
                       db: SQLiteConnection, replacing: Bool = true) throws {
        let hasText = text?.contains(where: { !$0.isWhitespace }) ?? false
        if replacing {
            let existing = try db.query("""
                SELECT id, body FROM search_docs WHERE connection_id = ? AND session_id = ? AND kind = ? AND ref = ?
                """, [.int(connectionID), .text(sessionID), .text(kind.rawValue), .text(ref)]) {
                (id: $0.int64(0), body: $0.text(1))
            }.first
            if let existing {
                // Re-saving the same text (a transcript read again) costs no index work.
                if hasText, existing.body == text { return }
                // The trigger takes the old words out of the index.
                try db.run("DELETE FROM search_docs WHERE id = ?", [.int(existing.id)])
            }
        }
        guard hasText, let text else { return }
        try db.run("INSERT INTO search_docs (connection_id, session_id, kind, ref, body) VALUES (?, ?, ?, ?, ?)",
                   [.int(connectionID), .text(sessionID), .text(kind.rawValue), .text(ref), .text(text)])
        try db.run("INSERT INTO search_fts (rowid, body) VALUES (?, ?)", [.int(db.lastInsertRowID), .text(text)])
    }

    func indexTitle(sessionID: String, title: String?, db: SQLiteConnection) throws {
        try indexDocument(sessionID: sessionID, kind: .title, ref: "", text: title, db: db)
    }
}
