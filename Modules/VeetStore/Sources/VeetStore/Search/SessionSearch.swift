import CSQLite
import Foundation
import Synchronization
import VeetTransport

/// One conversation that matched, with its best-ranked match. The excerpt
/// is made when asked for (`excerpt(width:)`), at the width the row that
/// shows it has: a search costs no excerpt work for hits nobody draws.
public struct SearchHit: Sendable, Hashable {
    public var sessionID: String
    public var title: String?
    public var updatedAt: Timestamp
    /// Which kind of text the excerpt comes from.
    public var kind: SearchMatchKind
    /// The message's sequence when `kind` is `.message`.
    public var sequence: Int64?
    /// How many indexed texts of this conversation matched (at least 1; for
    /// the first hits of a `.refine` answer, 1: they were not counted).
    public var matchCount: Int
    /// The matched text, whole, and the query that matched it.
    public var text: String
    public var query: SearchQuery
    /// The width `excerpt` uses (the search's `width`).
    public var width: Int

    public init(sessionID: String, title: String?, updatedAt: Timestamp, kind: SearchMatchKind, sequence: Int64?,
                matchCount: Int, text: String, query: SearchQuery, width: Int = 80) {
        self.sessionID = sessionID
        self.title = title
        self.updatedAt = updatedAt
        self.kind = kind
        self.sequence = sequence
        self.matchCount = matchCount
        self.text = text
        self.query = query
        self.width = width
    }

    /// The one-line excerpt at `width` characters (`Excerpt.make`).
    public func excerpt(width: Int) -> Excerpt { Excerpt.make(body: text, query: query, width: width) }

    /// The excerpt at the search's width.
    public var excerpt: Excerpt { excerpt(width: width) }
}

/// The answer to one search.
public enum SearchOutcome: Sendable, Hashable {
    /// Conversations, best first (at most the requested limit).
    case results([SearchHit])
    /// More than `SessionSearch.refineThreshold` conversations matched: ask for
    /// a narrower query. `firstOnes` are the first conversations found (not
    /// ranked: ranking them all is what a narrower query saves), newest first.
    case refine(firstOnes: [SearchHit])
    /// Nothing searchable was typed.
    case emptyQuery
}

extension LocalStore {
    /// The grouped, ranked query: one row per conversation with its best match.
    /// Titles weigh twice (ranks are negative, lower is better; `SearchRanking`
    /// explains `veet_rank`, bm25 without the per-query document counts). The FTS
    /// table drives the join (CROSS JOIN keeps that order); `search_docs` is
    /// reached by its integer key. Equal ranks go by activity, newest first
    /// (the conversation's row read by key, for the at most ?3 groups).
    /// Parameters: ?1 the FTS5 expression, ?2 the connection id, ?3 the row limit.
    public static let searchSQL = """
        SELECT search_docs.session_id, search_fts.rowid,
            min(search_fts.rank * CASE search_docs.kind WHEN 'title' THEN 2.0 ELSE 1.0 END) AS score, count(*),
            (SELECT sessions.updated_at FROM sessions
             WHERE sessions.connection_id = ?2 AND sessions.id = search_docs.session_id) AS activity
        FROM search_fts CROSS JOIN search_docs ON search_docs.id = search_fts.rowid
        WHERE search_fts MATCH ?1 AND search_fts.rank MATCH 'veet_rank()' AND search_docs.connection_id = ?2
        GROUP BY search_docs.session_id ORDER BY score, activity DESC, search_docs.session_id LIMIT ?3
        """

    /// How many conversations match, counted only up to ?3: matches come in
    /// rowid order without ranking, so a common word stops after ?3 distinct
    /// conversations instead of ranking every text it appears in.
    /// Parameters as `searchSQL`.
    public static let matchingConversationsSQL = """
        SELECT count(*) FROM (
            SELECT DISTINCT search_docs.session_id
            FROM search_fts CROSS JOIN search_docs ON search_docs.id = search_fts.rowid
            WHERE search_fts MATCH ?1 AND search_docs.connection_id = ?2 LIMIT ?3)
        """

    /// Every matching text in rowid order, unranked: the first conversations
    /// of a `.refine` answer are read from it until enough are found.
    /// Parameters: ?1 the FTS5 expression, ?2 the connection id.
    public static let firstMatchesSQL = """
        SELECT search_docs.session_id, search_fts.rowid
        FROM search_fts CROSS JOIN search_docs ON search_docs.id = search_fts.rowid
        WHERE search_fts MATCH ?1 AND search_docs.connection_id = ?2
        """

    /// What one listed hit shows: the matched text and its conversation. Parameter: ?1 the doc id.
    static let hitDetailSQL = """
        SELECT search_docs.kind, search_docs.ref, search_docs.body,
            sessions.title, sessions.local_title, sessions.updated_at, search_docs.session_id
        FROM search_docs LEFT JOIN sessions
            ON sessions.connection_id = search_docs.connection_id AND sessions.id = search_docs.session_id
        WHERE search_docs.id = ?1
        """

    /// Searches cached titles, messages and web searches. More than 100
    /// matching conversations answers `.refine` with the first ones found. `isCancelled` is polled
    /// while SQLite works, so a superseded search stops early (CancellationError).
    public func search(_ text: String, limit: Int = 50, width: Int = 80,
                       isCancelled: @escaping @Sendable () -> Bool = { false }) throws -> SearchOutcome {
        let query = SearchQuery(text)
        guard let expression = query.ftsExpression else { return .emptyQuery }
        let overflow = Int64(SessionSearch.refineThreshold + 1)
        return try database.read { db in
            try db.interruptible(when: isCancelled) {
                let parameters: [SQLValue] = [.text(expression), .int(connectionID), .int(overflow)]
                // Phase 1: too many conversations ends here, before any ranking.
                let matching = try db.scalarInt(Self.matchingConversationsSQL, parameters) ?? 0
                if matching >= overflow {
                    let first = try Self.firstMatches(parameters, limit: limit, db: db)
                    let hits = try first.map { try hit(rowid: $0, count: 1, query: query, width: width, db: db) }
                    return .refine(firstOnes: hits.compactMap { $0 }.sorted { $0.updatedAt > $1.updatedAt })
                }
                if matching == 0 { return .results([]) }
                // Phase 2: rank and group, only as many groups as are listed; no excerpt is made here.
                let ranked: [SQLValue] = [.text(expression), .int(connectionID), .int(Int64(max(0, limit)))]
                let groups = try Self.rankedGroups(ranked, db: db)
                var hits: [SearchHit] = []
                for group in groups {
                    if isCancelled() { throw CancellationError() }
                    if let hit = try hit(rowid: group.rowid, count: group.count, query: query, width: width, db: db) {
                        hits.append(hit)
                    }
                }
                return .results(hits)
            }
        }
    }

    /// Runs `searchSQL`. A connection learns `veet_rank` the first time it
    /// needs it (SQLite then answers "no such function"), so a search costs
    /// no check of its own.
    private static func rankedGroups(_ parameters: [SQLValue], db: SQLiteConnection) throws -> [(rowid: Int64, count: Int)] {
        let read = { try db.query(searchSQL, parameters) { (rowid: $0.int64(1), count: $0.int(3)) } }
        do {
            return try read()
        } catch StoreError.sqlite(_, let message) where message.contains(SearchRanking.functionName) {
            guard SearchRanking.register(on: db.handle) else { throw StoreError.sqlite(code: SQLITE_ERROR, message: message) }
            return try read()
        }
    }

    /// The first matching text of each of the first `limit` conversations, in rowid order.
    private static func firstMatches(_ parameters: [SQLValue], limit: Int, db: SQLiteConnection) throws -> [Int64] {
        let statement = try db.prepare(firstMatchesSQL)
        try statement.bind(Array(parameters.prefix(2)))
        defer { statement.reset() }
        var seen: Set<String> = []
        var rowids: [Int64] = []
        while rowids.count < limit, try statement.step() {
            if seen.insert(statement.text(0)).inserted { rowids.append(statement.int64(1)) }
        }
        return rowids
    }

    private func hit(rowid: Int64, count: Int, query: SearchQuery, width: Int,
                     db: SQLiteConnection) throws -> SearchHit? {
        let statement = try db.prepare(Self.hitDetailSQL)
        try statement.bind([.int(rowid)])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        let kind = SearchMatchKind(rawValue: statement.text(0)) ?? .message
        return SearchHit(sessionID: statement.text(6), title: statement.optionalText(3) ?? statement.optionalText(4),
                         updatedAt: Timestamp(statement.text(5)), kind: kind,
                         sequence: kind == .message ? Int64(statement.text(1)) : nil, matchCount: count,
                         text: statement.text(2), query: query, width: width)
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
