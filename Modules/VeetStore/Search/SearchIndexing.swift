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
    /// `replacing: false` skips the delete for a row known to be new.
    func indexDocument(sessionID: String, kind: SearchMatchKind, ref: String, text: String?,
                       db: SQLiteConnection, replacing: Bool = true) throws {
        if replacing {
            try db.run("DELETE FROM search_docs WHERE connection_id = ? AND session_id = ? AND kind = ? AND ref = ?",
                       [.int(connectionID), .text(sessionID), .text(kind.rawValue), .text(ref)])
        }
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return }
        try db.run("INSERT INTO search_docs (connection_id, session_id, kind, ref) VALUES (?, ?, ?, ?)",
                   [.int(connectionID), .text(sessionID), .text(kind.rawValue), .text(ref)])
        try db.run("INSERT INTO search_fts (rowid, body, session_id, connection_id, kind) VALUES (?, ?, ?, ?, ?)",
                   [.int(db.lastInsertRowID), .text(text), .text(sessionID), .int(connectionID), .text(kind.rawValue)])
    }

    func indexTitle(sessionID: String, title: String?, db: SQLiteConnection) throws {
        try indexDocument(sessionID: sessionID, kind: .title, ref: "", text: title, db: db)
    }
}
