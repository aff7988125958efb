import CSQLite
import Foundation
import Synchronization

/// One conversation that matched, with its best-ranked match.
public struct SearchHit: Sendable, Hashable {
    public var sessionID: String
    public var title: String?
    public var updatedAt: String
    /// Which kind of text the excerpt comes from.
    public var kind: SearchMatchKind
    /// The message's sequence when `kind` is `.message`.
    public var sequence: Int64?
    /// How many indexed texts of this conversation matched.
    public var matchCount: Int
    public var excerpt: Excerpt
}

/// The answer to one search.
public enum SearchOutcome: Sendable, Hashable {
    /// Conversations, best first (at most the requested limit).
    case results([SearchHit])
    /// More than `SessionSearch.refineThreshold` conversations matched: ask for a narrower query.
    case refine
    /// Nothing searchable was typed.
    case emptyQuery
}

extension LocalStore {
    /// The grouped, ranked query: one row per conversation with its best match.
    /// Titles weigh twice (bm25 ranks are negative, lower is better).
    /// Parameters: ?1 the FTS5 expression, ?2 the connection id, ?3 the row limit.
    public static let searchSQL = """
        SELECT session_id, rowid, min(rank * CASE kind WHEN 'title' THEN 2.0 ELSE 1.0 END) AS score, count(*)
        FROM search_fts WHERE search_fts MATCH ?1 AND connection_id = ?2
        GROUP BY session_id ORDER BY score LIMIT ?3
        """

    /// Searches cached titles, messages and web searches. More than 100
    /// matching conversations answers `.refine`. `isCancelled` is polled
    /// while SQLite works, so a superseded search stops early (CancellationError).
    public func search(_ text: String, limit: Int = 50, width: Int = 80,
                       isCancelled: @escaping @Sendable () -> Bool = { false }) throws -> SearchOutcome {
        let query = SearchQuery(text)
        guard let expression = query.ftsExpression else { return .emptyQuery }
        return try database.read { db in
            try db.interruptible(when: isCancelled) {
                let groups = try db.query(Self.searchSQL,
                                          [.text(expression), .int(connectionID), .int(Int64(SessionSearch.refineThreshold + 1))]) {
                    (session: $0.text(0), rowid: $0.int64(1), count: $0.int(3))
                }
                if groups.count > SessionSearch.refineThreshold { return .refine }
                var hits: [SearchHit] = []
                for group in groups.prefix(limit) {
                    if isCancelled() { throw CancellationError() }
                    hits.append(try hit(for: group.session, rowid: group.rowid, count: group.count,
                                        query: query, width: width, db: db))
                }
                return .results(hits)
            }
        }
    }

    private func hit(for sessionID: String, rowid: Int64, count: Int, query: SearchQuery, width: Int,
                     db: SQLiteConnection) throws -> SearchHit {
        let body = try db.scalarText("SELECT body FROM search_fts WHERE rowid = ?", [.int(rowid)]) ?? ""
        let doc = try db.query("SELECT kind, ref FROM search_docs WHERE id = ?", [.int(rowid)]) {
            (kind: SearchMatchKind(rawValue: $0.text(0)) ?? .message, ref: $0.text(1))
        }.first
        let session = try db.query("SELECT title, local_title, updated_at FROM sessions WHERE connection_id = ? AND id = ?",
                                   [.int(connectionID), .text(sessionID)]) {
            (title: $0.optionalText(0) ?? $0.optionalText(1), updatedAt: $0.text(2))
        }.first
        let kind = doc?.kind ?? .message
        return SearchHit(sessionID: sessionID, title: session?.title, updatedAt: session?.updatedAt ?? "",
                         kind: kind, sequence: kind == .message ? doc.flatMap { Int64($0.ref) } : nil,
                         matchCount: count, excerpt: Excerpt.make(body: body, query: query, width: width))
    }
}

/// Search as you type: a newer query supersedes one still running, which
/// stops early (SQLite is interrupted) and answers nil.
public actor SessionSearch {
    /// More matching conversations than this asks the user to refine the query.
    public static let refineThreshold = 100

    public let store: LocalStore
    private let latest = GenerationCounter()

    public init(store: LocalStore) {
        self.store = store
    }

    /// Runs `text`; nil when a newer call superseded this one before it finished.
    public func search(_ text: String, limit: Int = 50, width: Int = 80) async throws -> SearchOutcome? {
        let mine = latest.next()
        let counter = latest
        let work = Task.detached { [store] in
            try store.search(text, limit: limit, width: width, isCancelled: { counter.current != mine })
        }
        do {
            let outcome = try await work.value
            return counter.current == mine ? outcome : nil
        } catch {
            if counter.current != mine { return nil }
            throw error
        }
    }
}

/// The number of the newest search, readable from SQLite's progress callback.
final class GenerationCounter: Sendable {
    private let value = Atomic<Int>(0)

    func next() -> Int { value.add(1, ordering: .sequentiallyConsistent).newValue }
    var current: Int { value.load(ordering: .sequentiallyConsistent) }
}
