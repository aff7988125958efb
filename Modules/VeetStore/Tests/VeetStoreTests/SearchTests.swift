import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

@Suite struct SearchTests {
    func storeWith(_ conversations: [(id: String, title: String?, messages: [String])]) throws -> LocalStore {
        let (store, _) = try makeStore()
        for (index, conversation) in conversations.enumerated() {
            _ = try store.upsert(session: view(conversation.id, title: conversation.title, updated: index))
            try store.saveTranscript(sessionID: conversation.id, messages: conversation.messages.enumerated().map {
                SessionMessageView(sequence: Int64($0.offset + 1), role: $0.offset % 2 == 0 ? .user : .assistant,
                                   content: [.text($0.element)])
            })
        }
        return store
    }

    func hits(_ outcome: SearchOutcome) -> [SearchHit] {
        if case .results(let hits) = outcome { return hits }
        Issue.record("expected results, got \(outcome)")
        return []
    }

    @Test func userTextBecomesSafePrefixTerms() {
        #expect(SearchQuery("plan").ftsExpression == "\"plan\"*")
        #expect(SearchQuery(#"Plan "NEAR" title:x OR -y*"#).ftsExpression == #""plan"* "near"* "title"* "x"* "or"* "y"*"#)
        #expect(SearchQuery("Café").terms == ["cafe"])
        #expect(SearchQuery("  ** ").ftsExpression == nil)
    }

    @Test func aWordPrefixFindsLongerWordsAndResultsAreGroupedByConversation() throws {
        let store = try storeWith([
            ("a", "Weekend", ["We are planning a trip", "Planning notes: day one", "More planning"]),
            ("b", nil, ["Nothing relevant here"]),
        ])
        let found = hits(try store.search("plan"))
        #expect(found.map(\.sessionID) == ["a"])
        #expect(found.first?.matchCount == 3)
        #expect(try store.search("zzz") == .results([]))
        #expect(try store.search("   ") == .emptyQuery)
    }

    @Test func titlesAndDenserMatchesRankFirst() throws {
        let store = try storeWith([
            ("passing", nil, ["long text that mentions lisbon once among many many other words about trains and food"]),
            ("titled", "Lisbon hotels", ["where to stay"]),
            ("dense", nil, ["lisbon lisbon lisbon"]),
        ])
        let order = hits(try store.search("lisbon")).map(\.sessionID)
        // bm25: a title match or a short text full of the word beats one passing mention.
        #expect(Set(order.prefix(2)) == ["titled", "dense"])
        #expect(order.last == "passing")
    }

    @Test func equalRanksGoByActivityNewestFirst() throws {
        // "a" is the older of the two (storeWith dates them in order); the same words rank alike.
        let store = try storeWith([("a", nil, ["Lisbon hotels near the river"]),
                                   ("b", nil, ["Lisbon hotels near the river"]),
                                   ("c", nil, ["Lisbon hotels near the river"])])
        #expect(hits(try store.search("lisbon")).map(\.sessionID) == ["c", "b", "a"])
    }

    @Test func webSearchQueriesAndAnswersAreSearchable() throws {
        let (store, _) = try makeStore()
        _ = try store.upsert(session: view("w"))
        // The query arrives with the planned call, the answer when it completes; neither erases the other.
        try store.saveCacheEntries(TranscriptCacheEntries(webSearches: [
            CachedWebSearch(callID: "c1", query: "ferry timetable Cacilhas", answer: nil, sequence: 4),
        ]), sessionID: "w")
        try store.saveCacheEntries(TranscriptCacheEntries(webSearches: [
            CachedWebSearch(callID: "c1", query: nil, answer: "Boats leave every twenty minutes", sequence: 6),
        ]), sessionID: "w")
        #expect(hits(try store.search("timetab")).first?.kind == .webQuery)
        #expect(hits(try store.search("twent")).first?.kind == .webAnswer)
    }

    @Test func excerptsMarkMatchedWordsAndElideTheMiddle() {
        let query = SearchQuery("plan")
        let short = Excerpt.make(body: "We are\nplanning  a trip", query: query, width: 80)
        #expect(short.text == "We are planning a trip")
        #expect(short.marked(open: "[", close: "]") == "We are [planning] a trip")

        let long = "Start of a long message " + String(repeating: "filler words ", count: 20)
            + "the Plan is here " + String(repeating: "more text ", count: 20) + "end."
        let excerpt = Excerpt.make(body: long, query: query, width: 60)
        #expect(excerpt.text.count <= 60)
        #expect(excerpt.text.hasPrefix("Start of"))
        #expect(excerpt.text.contains("…"))
        #expect(excerpt.marked(open: "[", close: "]").contains("[Plan]"))

        let headMatch = Excerpt.make(body: "plan " + String(repeating: "x ", count: 100) + "final words", query: query, width: 30)
        #expect(excerpt.text.count <= 60)
        #expect(headMatch.text.count == 30)
        #expect(headMatch.text.hasSuffix("final words"))
        #expect(headMatch.highlights == [0..<4])
    }

    @Test func excerptsMatchPlainAndAccentedWordsAlike() {
        let excerpt = Excerpt.make(body: "CAFÉ and cafes, Cafeteria; decaf x2 X2y", query: SearchQuery("cafe x2"), width: 80)
        #expect(excerpt.marked(open: "[", close: "]") == "[CAFÉ] and [cafes], [Cafeteria]; decaf [x2] [X2y]")
    }

    @Test func moreThanAHundredMatchingConversationsAsksToRefine() throws {
        let store = try storeWith((0..<101).map { ("s\($0)", nil, ["budget review \($0)"]) })
        guard case .refine(let firstOnes) = try store.search("budget") else { Issue.record("expected refine"); return }
        // More than 100: still the first ones, listed (not ranked), newest first, each once.
        #expect(firstOnes.count == 50)
        #expect(Set(firstOnes.map(\.sessionID)).count == 50)
        #expect(firstOnes.map(\.updatedAt) == firstOnes.map(\.updatedAt).sorted(by: >))
        #expect(firstOnes.allSatisfy { $0.excerpt.marked(open: "[", close: "]").contains("[budget]") })
        #expect(hits(try store.search("budget 42")).map(\.sessionID) == ["s42"])
        try store.completeDelete(sessionID: "s0")
        #expect(hits(try store.search("budget")).count == 50) // 100 match now: listed, 50 per page
    }

    @Test func searchIsScopedToItsConnection() throws {
        let store = try storeWith([("mine", "Tapas list", [])])
        let other = try LocalStore(database: store.database, connection: "other")
        #expect(try other.search("tapas") == .results([]))
    }

    @Test func theQueryPlanNeverFullScansTheIndex() throws {
        let store = try storeWith([("a", "x", ["plan"])])
        for sql in [LocalStore.searchSQL, LocalStore.matchingConversationsSQL, LocalStore.firstMatchesSQL] {
            let plan = try store.database.read { db in
                #expect(SearchRanking.register(on: db.handle))
                let parameters: [SQLValue] = [.text("\"plan\"*"), .int(store.connectionID), .int(101)]
                return try db.query("EXPLAIN QUERY PLAN " + sql,
                                    Array(parameters.prefix(sql.contains("?3") ? 3 : 2))) { $0.text(3) }
            }
            let fts = plan.filter { $0.contains("search_fts") }
            #expect(!fts.isEmpty)
            // FTS5 marks a MATCH-driven lookup with "M" in its index string ("0:M1", or "0:rM1"
            // with a rank function); a full scan has none.
            #expect(fts.allSatisfy { $0.contains("VIRTUAL TABLE INDEX") && ($0.split(separator: ":").last ?? "").contains("M") })
            // The texts' rows are reached by key from each match, never scanned.
            let docs = plan.filter { $0.contains("search_docs") }
            #expect(!docs.isEmpty && docs.allSatisfy { $0.contains("INTEGER PRIMARY KEY") })
        }
        let detail = try store.database.read { db in
            try db.query("EXPLAIN QUERY PLAN SELECT body FROM search_fts WHERE rowid = ?", [.int(1)]) { $0.text(3) }
        }
        #expect(detail.allSatisfy { !$0.contains(":M") && $0.contains("VIRTUAL TABLE INDEX") })
    }

    @Test func aNewerQuerySupersedesAnOlderOne() async throws {
        let store = try storeWith((0..<50).map { ("s\($0)", nil, ["alpha beta \($0)"]) })
        let search = SessionSearch(store: store)
        async let first = search.search("alpha")
        async let second = search.search("beta 7")
        let (a, b) = try await (first, second)
        // Whichever ran second wins; the superseded one answers nil unless it had already finished.
        let answers = [a, b].compactMap { $0 }
        #expect(!answers.isEmpty)
        let latest = try await search.search("beta 7")
        #expect(latest.map(hits)?.map(\.sessionID) == ["s7"])
        // A superseded run is interrupted inside SQLite.
        #expect(throws: CancellationError.self) {
            try store.search("alpha", isCancelled: { true })
        }
    }

    @Test func deletingASessionRemovesItsSearchRows() throws {
        let store = try storeWith([("gone", "Secret plan", ["hidden plan text"])])
        try store.completeDelete(sessionID: "gone")
        #expect(try store.search("plan") == .results([]))
        let orphans = try store.database.read { db in try db.scalarInt("SELECT count(*) FROM search_fts") }
        #expect(orphans == 0)
    }
}
