// The store suite: reconciliation and search, each next to a baseline measured in the same run.
import CSQLite
import Foundation
import VeetStore
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

let storeSuite = BenchSuite(name: "store") { quick in
    await StoreBench.run(quick: quick)
}

enum StoreBench {
    static func run(quick: Bool) async {
        print("store: cold reconcile from a local index source serving pre-encoded JSON pages")
        print("(the fixture has no bulk seeding in this build; decoding each page is the shared cost),")
        print("baseline = the same pages fetched and decoded without storing; search vs bare FTS5 via the C API\n")
        for count in quick ? [2_000, 10_000] : [10_000, 100_000] {
            await reconcileCase(sessions: count)
        }
        searchCase(messages: quick ? 100_000 : 1_000_000, runs: quick ? 40 : 200)
    }

    // MARK: Reconcile

    static func reconcileCase(sessions count: Int) async {
        let source = EncodedIndex(sessions: count, pageSize: 200)
        let clock = ContinuousClock()
        let baseline = await clock.measure { _ = try? await source.fetchAll() }
        let directory = temporaryDirectory()
        let store = try! LocalStore(database: Database(path: directory.appendingPathComponent("r.sqlite").path),
                                    connection: "bench")
        var cold = ReconcileReport()
        let coldTime = await clock.measure { cold = try! await store.reconcile(from: source) }
        precondition(cold.added.count == count, "cold reconcile added \(cold.added.count) of \(count)")
        var warm = ReconcileReport()
        let warmTime = await clock.measure { warm = try! await store.reconcile(from: source) }
        precondition(!warm.changed)
        print("reconcile \(count) sessions: cold \(ms(coldTime)) ms, fetch+decode only \(ms(baseline)) ms, "
              + "ratio \(fixed(coldTime.seconds / baseline.seconds, 2))x (aim <= 2x); "
              + "warm (nothing changed) \(ms(warmTime)) ms, ratio \(fixed(warmTime.seconds / baseline.seconds, 2))x; "
              + "peak RSS \(peakMemoryMiB()) MiB")
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: Search

    /// Topics each shared by 80 conversations, so a topic query lists 50 of at most 100.
    static let topics = (0..<676).map { i in
        let letters: [Character] = Array("abcdefghijklmnopqrstuvwxyz")
        let first: Character = letters[i / 26]
        let second: Character = letters[i % 26]
        return "topic\(first)\(second)x"
    }
    static let common = ["the", "plan", "hotel", "ferry", "budget", "meeting", "review", "notes", "travel", "dinner",
                         "weekend", "morning", "city", "river", "museum", "ticket", "train", "price", "walk", "list",
                         "draft", "email", "report", "garden", "market", "coffee", "answer", "question", "idea", "week"]

    static func searchCase(messages: Int, runs: Int) {
        let perSession = 50
        let sessions = messages / perSession
        let directory = temporaryDirectory()
        let path = directory.appendingPathComponent("s.sqlite").path
        let store = try! LocalStore(database: Database(path: path), connection: "bench")
        let clock = ContinuousClock()
        var generator = SplitMix(seed: 7)
        let fill = clock.measure {
            var batch: [SessionView] = []
            for index in 0..<sessions {
                batch.append(SessionView(id: "session-\(index)", title: index % 3 == 0 ? "About \(topics[(index / 80) % topics.count])" : nil,
                                         createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z"))
                if batch.count == 2_000 { try! store.upsert(sessions: batch); batch.removeAll() }
            }
            try! store.upsert(sessions: batch)
            for index in 0..<sessions {
                let topic = topics[(index / 80) % topics.count]
                var items: [SessionMessageView] = []
                for sequence in 0..<perSession {
                    let role: MessageRole = sequence % 2 == 0 ? .user : .assistant
                    let text = sentence(topic: topic, mention: sequence % 7 == 0, &generator)
                    items.append(SessionMessageView(sequence: Int64(sequence + 1), role: role, content: [.text(text)]))
                }
                try! store.saveTranscript(sessionID: "session-\(index)", messages: items)
            }
        }
        print("\nsearch over \(sessions * perSession) cached messages (\(sessions) conversations), filled in \(fixed(fill.seconds, 1)) s")

        let queries = (0..<runs).map { run in
            let topic = topics[(run * 37) % min(topics.count, max(1, sessions / 80))]
            return run % 2 == 0 ? String(topic.prefix(7)) : "\(topic) \(common[run % common.count].prefix(3))"
        }
        var storeTimes: [Duration] = []
        var listed = 0
        for query in queries {
            let time = clock.measure {
                if case .results(let hits) = try! store.search(query, limit: 50, width: 80) { listed += hits.count }
            }
            storeTimes.append(time)
        }
        let bareTimes = bareSearch(path: path, queries: queries, connectionID: store.connectionID)
        let p50 = percentile(storeTimes, 0.5), p95 = percentile(storeTimes, 0.95)
        let b50 = percentile(bareTimes, 0.5), b95 = percentile(bareTimes, 0.95)
        print("search, 50 results with excerpts (\(listed / max(1, runs)) listed per query on average):")
        print("  store p50 \(fixed(p50 * 1000, 2)) ms, p95 \(fixed(p95 * 1000, 2)) ms (aim p95 < 30 ms)")
        print("  bare FTS5 p50 \(fixed(b50 * 1000, 2)) ms, p95 \(fixed(b95 * 1000, 2)) ms")
        print("  ratio p50 \(fixed(p50 / b50, 2))x, p95 \(fixed(p95 / b95, 2))x (aim <= 1.5x); peak RSS \(peakMemoryMiB()) MiB")
        try? FileManager.default.removeItem(at: directory)
    }

    /// The same grouped MATCH statement and the 50 best texts, through the C API only.
    static func bareSearch(path: String, queries: [String], connectionID: Int64) -> [Duration] {
        var db: OpaquePointer?
        precondition(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
        defer { sqlite3_close(db) }
        var grouped: OpaquePointer?, body: OpaquePointer?
        sqlite3_prepare_v2(db, LocalStore.searchSQL, -1, &grouped, nil)
        sqlite3_prepare_v2(db, "SELECT body FROM search_fts WHERE rowid = ?", -1, &body, nil)
        defer { sqlite3_finalize(grouped); sqlite3_finalize(body) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let clock = ContinuousClock()
        var bytes = 0
        let times = queries.map { query in
            // The expression a user's words become: each word a quoted prefix term.
            let expression = query.split(separator: " ").map { "\"\($0)\"*" }.joined(separator: " ")
            return clock.measure {
                sqlite3_reset(grouped)
                sqlite3_bind_text(grouped, 1, expression, -1, transient)
                sqlite3_bind_int64(grouped, 2, connectionID)
                sqlite3_bind_int64(grouped, 3, 101)
                var rowids: [Int64] = []
                while sqlite3_step(grouped) == SQLITE_ROW { rowids.append(sqlite3_column_int64(grouped, 1)) }
                for rowid in rowids.prefix(rowids.count > 100 ? 0 : 50) {
                    sqlite3_reset(body)
                    sqlite3_bind_int64(body, 1, rowid)
                    if sqlite3_step(body) == SQLITE_ROW { bytes &+= Int(sqlite3_column_bytes(body, 0)) }
                }
            }
        }
        precondition(bytes > 0, "bare search read no text")
        return times
    }

    static func sentence(topic: String, mention: Bool, _ generator: inout SplitMix) -> String {
        var words: [String] = []
        for _ in 0..<(12 + Int(generator.next() % 16)) {
            words.append(common[Int(generator.next() % UInt64(common.count))])
        }
        if mention { words.insert(topic, at: Int(generator.next() % UInt64(words.count))) }
        return words.joined(separator: " ").capitalized(firstOnly: true) + "."
    }

    // MARK: Helpers

    static func percentile(_ times: [Duration], _ p: Double) -> Double {
        let sorted = times.map(\.seconds).sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }

    static func ms(_ d: Duration) -> String { fixed(d.seconds * 1000, 0) }

    static func peakMemoryMiB() -> String {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return fixed(Double(usage.ru_maxrss) / 1024, 0) // Linux reports KiB
    }

    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("veet-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A session index served from pre-encoded pages: the cost of a page is its decoding.
struct EncodedIndex: SessionIndexSource {
    let pages: [Data]

    init(sessions count: Int, pageSize: Int) {
        var pages: [Data] = []
        var start = 0
        while start < count {
            let end = min(count, start + pageSize)
            var json = "{\"items\":["
            for index in start..<end {
                if index > start { json += "," }
                json += """
                    {"id":"0198d6a2-0000-7000-8000-\(String(format: "%012d", index))","status":"ACTIVE",\
                    "agent_id":"6b1f2c7e-3d48-4a9b-8e05-7c2d9f1a3b64","agent_version":"1",\
                    "title":"Conversation \(index) about plans","metadata":{"client":"veet-cli"},\
                    "created_at":"2026-08-22T18:04:11.532871Z","updated_at":"2026-08-22T18:\(String(format: "%02d", (count - index) % 60)):40.118204Z",\
                    "active_run_id":null,"last_run_id":"0198d6a2-5a07-7c44-8e19-2b6f3c9d1e08","folder_id":null}
                    """
            }
            json += "],\"next_cursor\":\(end < count ? "\"p\(pages.count + 1)\"" : "null")}"
            pages.append(Data(json.utf8))
            start = end
        }
        self.pages = pages
    }

    func page(cursor: String?, limit: Int) async throws -> Page<SessionView> {
        let index = cursor.flatMap { Int($0.dropFirst()) } ?? 0
        return try JSONDecoder().decode(Page<SessionView>.self, from: pages[index])
    }

    func session(id: String) async throws -> SessionView? { nil }

    /// The baseline: every page fetched and decoded, nothing stored.
    func fetchAll() async throws -> Int {
        var cursor: String?
        var total = 0
        repeat {
            let page = try await page(cursor: cursor, limit: 200)
            total += page.items.count
            cursor = page.nextCursor
        } while cursor != nil
        return total
    }
}

/// A small deterministic generator so every run fills the same corpus.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    func capitalized(firstOnly: Bool) -> String { prefix(1).uppercased() + dropFirst() }
}
