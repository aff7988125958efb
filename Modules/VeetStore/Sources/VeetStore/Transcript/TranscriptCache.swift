import Foundation
import VeetTransport
import VeetWire

/// One cached durable message of a session.
public struct CachedMessage: Sendable, Hashable {
    public var sequence: Int64
    public var role: String
    public var content: [ContentBlock]

    public init(sequence: Int64, role: String, content: [ContentBlock]) {
        self.sequence = sequence
        self.role = role
        self.content = content
    }

    /// The text blocks joined by blank lines (what search indexes).
    public var text: String { content.compactMap(\.text).joined(separator: "\n\n") }
}

extension LocalStore {
    /// The cached transcript in sequence order (empty when nothing is cached).
    public func transcript(sessionID: String) throws -> [CachedMessage] {
        try database.read { db in
            try db.query("""
                SELECT sequence, role, content_json FROM messages
                WHERE connection_id = ? AND session_id = ? ORDER BY sequence
                """, [.int(connectionID), .text(sessionID)]) { row in
                CachedMessage(sequence: row.int64(0), role: row.text(1),
                              content: (try? JSONDecoder().decode([ContentBlock].self, from: Data(row.text(2).utf8))) ?? [])
            }
        }
    }

    /// Saves transcript items (from the transcript route: the whole
    /// transcript, so the conversation counts as searchable from now on,
    /// `SearchCoverage`). Items of a session that is not cached are ignored:
    /// the index decides which sessions exist. Echoes of outbox entries among
    /// them confirm those entries.
    public func saveTranscript(sessionID: String, messages: [SessionMessageView]) throws {
        try database.write { db in
            guard try sessionExists(sessionID, db: db) else { return }
            for message in messages {
                try saveMessage(sessionID: sessionID, sequence: message.sequence, role: message.role.rawValue,
                                content: message.content, db: db)
            }
            try markTranscriptRead(sessionID: sessionID, db: db)
        }
    }

    /// Reads the whole transcript from `source` and caches it; returns the cached copy.
    public func refreshTranscript(sessionID: String, from source: any TranscriptSource) async throws -> [CachedMessage] {
        try await cacheTranscript(sessionID: sessionID, from: source)
        return try transcript(sessionID: sessionID)
    }

    /// Reads the whole transcript from `source` and caches it, without reading the cached copy back
    /// (a sync's refresh and the transcript fill only keep it: the read back decoded every message for nothing).
    public func cacheTranscript(sessionID: String, from source: any TranscriptSource) async throws {
        let items = try await source.transcript(sessionID: sessionID)
        try saveTranscript(sessionID: sessionID, messages: items)
    }

    /// Refreshes several transcripts, `concurrency` reads at a time; one that
    /// cannot be read now is simply fetched on a later sync. Returns how many
    /// were refreshed.
    public func refreshTranscripts(_ sessionIDs: [String], from source: any TranscriptSource,
                                   concurrency: Int = 4) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            var next = sessionIDs.makeIterator()
            var refreshed = 0
            for _ in 0..<max(1, concurrency) {
                guard let id = next.next() else { break }
                group.addTask { (try? await self.cacheTranscript(sessionID: id, from: source)) != nil }
            }
            while let succeeded = await group.next() {
                if succeeded { refreshed += 1 }
                if let id = next.next() {
                    group.addTask { (try? await self.cacheTranscript(sessionID: id, from: source)) != nil }
                }
            }
            return refreshed
        }
    }

    /// Saves what a followed run added, as the chat feature's transcript reduced
    /// it (the store reads no run event itself). For a session that is not
    /// cached (yet) only the echo of a user message is used: it still settles an
    /// outbox entry.
    public func saveCacheEntries(_ entries: TranscriptCacheEntries, sessionID: String) throws {
        guard !entries.isEmpty else { return }
        try database.write { db in
            guard try sessionExists(sessionID, db: db) else {
                for message in entries.messages where message.role == .user {
                    try confirmEcho(sessionID: sessionID, sequence: message.sequence,
                                    text: Outbox.echoText(message.content), db: db)
                }
                return
            }
            for message in entries.messages {
                try saveMessage(sessionID: sessionID, sequence: message.sequence, role: message.role.rawValue,
                                content: message.content, db: db)
            }
            for search in entries.webSearches {
                try saveWebSearch(sessionID: sessionID, callID: search.callID, query: search.query,
                                  answer: search.answer, sequence: search.sequence, db: db)
            }
        }
    }

    func sessionExists(_ sessionID: String, db: SQLiteConnection) throws -> Bool {
        try db.scalarInt("SELECT 1 FROM sessions WHERE connection_id = ? AND id = ?",
                         [.int(connectionID), .text(sessionID)]) != nil
    }

    private func saveMessage(sessionID: String, sequence: Int64, role: String, content: [ContentBlock],
                             db: SQLiteConnection) throws {
        let cached = CachedMessage(sequence: sequence, role: role, content: content)
        let json = String(decoding: try JSONEncoder().encode(content), as: UTF8.self)
        try db.run("""
            INSERT INTO messages (connection_id, session_id, sequence, role, content_json, text) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET role = excluded.role, content_json = excluded.content_json, text = excluded.text
            """, [.int(connectionID), .text(sessionID), .int(sequence), .text(role), .text(json), .text(cached.text)])
        try indexDocument(sessionID: sessionID, kind: .message, ref: String(sequence), text: cached.text, db: db)
        if role == "user" {
            try confirmEcho(sessionID: sessionID, sequence: sequence, text: Outbox.echoText(content), db: db)
            let first = try db.scalarInt("""
                SELECT min(sequence) FROM messages WHERE connection_id = ? AND session_id = ? AND role = 'user'
                """, [.int(connectionID), .text(sessionID)])
            if first == sequence, let title = SessionRules.optimisticTitle(from: content) {
                try db.run("""
                    UPDATE sessions SET local_title = ?
                    WHERE connection_id = ? AND id = ? AND title IS NULL AND local_title IS NULL
                    """, [.text(title), .int(connectionID), .text(sessionID)])
                if db.changes > 0 { try indexTitle(sessionID: sessionID, title: title, db: db) }
            }
        }
    }

    private func saveWebSearch(sessionID: String, callID: String, query: String?, answer: String?,
                               sequence: Int64?, db: SQLiteConnection) throws {
        try db.run("""
            INSERT INTO web_searches (connection_id, session_id, call_id, query, answer, sequence)
            VALUES (?, ?, ?, coalesce(?, ''), coalesce(?, ''), ?)
            ON CONFLICT DO UPDATE SET query = coalesce(?, query), answer = coalesce(?, answer),
                sequence = coalesce(sequence, excluded.sequence)
            """, [.int(connectionID), .text(sessionID), .text(callID), .optional(query), .optional(answer),
                  sequence.map(SQLValue.int) ?? .null, .optional(query), .optional(answer)])
        if let query { try indexDocument(sessionID: sessionID, kind: .webQuery, ref: callID, text: query, db: db) }
        if let answer { try indexDocument(sessionID: sessionID, kind: .webAnswer, ref: callID, text: answer, db: db) }
    }
}
