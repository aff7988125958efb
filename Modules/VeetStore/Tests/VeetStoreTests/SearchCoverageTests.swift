import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// What search can see (`SearchCoverage`), the transcripts still to read,
/// excerpts made at the width of the row, and the store in memory.
@Suite struct SearchCoverageTests {
    @Test func theLineSaysHowManyAreNotYetSearchable() {
        #expect(SearchCoverage(notYetSearchable: 0).line == nil)
        #expect(SearchCoverage(notYetSearchable: 0).isComplete)
        #expect(SearchCoverage(notYetSearchable: 1).line == "1 conversation not yet searchable")
        #expect(SearchCoverage(notYetSearchable: 12).line == "12 conversations not yet searchable")
        #expect(SearchCoverage(notYetSearchable: -3).line == nil)
    }

    @Test func aConversationIsSearchableOnceItsTranscriptWasReadInFull() throws {
        let (store, _) = try makeStore()
        for (index, id) in ["old", "mid", "new"].enumerated() { _ = try store.upsert(session: view(id, updated: index)) }
        #expect(try store.searchCoverage() == SearchCoverage(notYetSearchable: 3))
        #expect(try store.sessionsNeedingTranscript(limit: 10) == ["new", "mid", "old"])
        #expect(try store.sessionsNeedingTranscript(limit: 1) == ["new"])
        #expect(try store.sessionsNeedingTranscript(limit: 10, skipping: ["new"]) == ["mid", "old"])

        try store.saveTranscript(sessionID: "mid", messages: [SessionMessageView(sequence: 1, role: .user, content: [.text("ferry times")])])
        #expect(try store.searchCoverage().notYetSearchable == 2)
        #expect(try store.sessionsNeedingTranscript(limit: 10) == ["new", "old"])

        // Activity after the read makes it due again (after the never-read ones), yet it stays searchable.
        _ = try store.upsert(session: view("mid", updated: 30))
        #expect(try store.searchCoverage().notYetSearchable == 2)
        #expect(try store.sessionsNeedingTranscript(limit: 10) == ["new", "old", "mid"])
        // An empty transcript read in full counts too.
        try store.saveTranscript(sessionID: "old", messages: [])
        #expect(try store.sessionsNeedingTranscript(limit: 10) == ["new", "mid"])
    }

    @Test func refreshingTranscriptsFromASourceMakesThemSearchable() async throws {
        let (store, _) = try makeStore()
        for index in 0..<5 { _ = try store.upsert(session: view("s\(index)", updated: index)) }
        let source = FixedTranscripts(texts: ["s1": "the ferry leaves at nine", "s3": "ferry back at six"])
        let due = try store.sessionsNeedingTranscript(limit: 10)
        #expect(await store.refreshTranscripts(due, from: source) == 5)
        #expect(try store.searchCoverage().isComplete)
        guard case .results(let hits) = try store.search("ferry") else { Issue.record("no results"); return }
        #expect(Set(hits.map(\.sessionID)) == ["s1", "s3"])
    }

    @Test func anExcerptIsMadeAtTheWidthItIsDrawnAtAndKeepsTheMatch() throws {
        let (store, _) = try makeStore()
        _ = try store.upsert(session: view("a", title: "Trip"))
        let long = "At the start we talked about many things, then later the ferry came up near the end of a long day"
        try store.saveTranscript(sessionID: "a", messages: [SessionMessageView(sequence: 1, role: .user, content: [.text(long)])])
        guard case .results(let hits) = try store.search("ferry"), let hit = hits.first else { Issue.record("no hit"); return }
        #expect(hit.text == long)
        for width in [14, 20, 26, 40] {
            let excerpt = hit.excerpt(width: width)
            #expect(excerpt.text.count <= width)
            #expect(excerpt.text.contains("…"))
            #expect(excerpt.marked(open: "[", close: "]").contains("[ferry]"))
        }
        #expect(hit.excerpt(width: 200).text == long)
        // Narrow: no head kept, the room goes to the text around the match.
        #expect(hit.excerpt(width: 20).text.hasPrefix("…"))
        #expect(hit.excerpt(width: 40).text.hasPrefix("At the"))
    }

    @Test func theStoreCanLiveInMemoryWithTheSameTables() async throws {
        let store = try LocalStore.inMemory(connection: "main", url: "http://127.0.0.1:1")
        #expect(store.database.isInMemory)
        #expect(try store.database.read { try $0.scalarInt("PRAGMA user_version") } == Int64(Schema.latestVersion))
        _ = try store.upsert(session: view("a", title: "Lisbon hotels"))
        try store.saveTranscript(sessionID: "a", messages: [SessionMessageView(sequence: 1, role: .user, content: [.text("near the river")])])
        guard case .results(let hits) = try store.search("river") else { Issue.record("no results"); return }
        #expect(hits.map(\.sessionID) == ["a"])
        // A read inside a write (and a write inside a read) runs on the open transaction instead of waiting for itself.
        let nested = try store.database.write { _ in try store.sessions().count }
        #expect(nested == 1)
        try store.database.read { _ in try store.saveTranscript(sessionID: "a", messages: []) }
        // Reads and writes from many tasks at once take turns.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    if index % 2 == 0 { _ = try store.upsert(session: view("t\(index)", updated: index)) }
                    else { _ = try store.search("lisbon") }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.sessions().count == 11)
        // Another in-memory store shares nothing with it.
        #expect(try LocalStore.inMemory(connection: "main").sessions().isEmpty)
    }

    @Test func aStoreThatCannotOpenSaysWhyInAFewWords() throws {
        #expect(StoreError.cannotOpen(path: "/x", detail: "unable to open database file").shortReason == "it cannot be created or opened")
        #expect(StoreError.corrupt(path: "/x", detail: "file is not a database").shortReason == "the file is damaged")
        #expect(StoreError.locked(path: "/x").shortReason == "another veet holds it locked")
        // A read-only directory: the open fails with cannotOpen, never a trap.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(root.path, 0o500)
        defer { chmod(root.path, 0o700); try? FileManager.default.removeItem(at: root) }
        let paths = VeetPaths(configDirectory: root.appendingPathComponent("config"), dataDirectory: root.appendingPathComponent("data/veet"))
        if getuid() != 0 {  // root writes anywhere
            #expect(throws: StoreError.self) { try LocalStore.open(paths: paths, connection: "main") }
        }
        // A data folder under a file: refused to root too, in the system's words, not Foundation's dump.
        let underFile = VeetPaths(configDirectory: root.appendingPathComponent("config"),
                                  dataDirectory: URL(fileURLWithPath: "/dev/null/veet"))
        do {
            _ = try LocalStore.open(paths: underFile, connection: "main")
            Issue.record("opened a store under /dev/null")
        } catch let error as StoreError {
            #expect(error.description == "Could not open the local store /dev/null/veet/veet.sqlite: its folder /dev/null/veet cannot be made (Not a directory)")
            #expect(error.shortReason == "it cannot be created or opened")
        }
    }
}

/// Transcripts by session id (one text message each; none for the others).
struct FixedTranscripts: TranscriptSource {
    let texts: [String: String]

    func transcript(sessionID: String) async throws -> [SessionMessageView] {
        texts[sessionID].map { [SessionMessageView(sequence: 1, role: .user, content: [.text($0)])] } ?? []
    }
}

/// The background fill: bounded, stops when the server does not answer, cancellable.
@Suite struct TranscriptFillTests {
    @Test func fillsEveryConversationInBatchesAndReportsProgress() async throws {
        let (store, _) = try makeStore()
        for index in 0..<40 { _ = try store.upsert(session: view("s\(index)", updated: index)) }
        let heard = Heard()
        let report = await store.fillTranscripts(from: FixedTranscripts(texts: ["s7": "ferry"]), batch: 16) { heard.add($0) }
        #expect(report.read == 40 && report.failed == 0)
        #expect(report.coverage.isComplete)
        #expect(heard.values.map(\.notYetSearchable) == [24, 8, 0])
    }

    @Test func aLimitBoundsOneCall() async throws {
        let (store, _) = try makeStore()
        for index in 0..<10 { _ = try store.upsert(session: view("s\(index)", updated: index)) }
        let report = await store.fillTranscripts(from: FixedTranscripts(texts: [:]), limit: 4, batch: 3)
        #expect(report.read == 4)
        #expect(report.coverage.notYetSearchable == 6)
    }

    @Test func aServerThatDoesNotAnswerEndsTheCallAndFailuresAreNotRetriedInIt() async throws {
        let (store, _) = try makeStore()
        for index in 0..<10 { _ = try store.upsert(session: view("s\(index)", updated: index)) }
        let down = FailingTranscripts(failing: nil)
        let report = await store.fillTranscripts(from: down, batch: 4)
        #expect(report.read == 0 && report.failed == 4)
        #expect(down.calls.value == 4)
        // One that fails among others that answer: the rest are read, it is tried once.
        let flaky = FailingTranscripts(failing: "s9")
        let second = await store.fillTranscripts(from: flaky, batch: 4)
        #expect(second.read == 9 && second.failed == 1)
        #expect(second.coverage.notYetSearchable == 1)
    }

    @Test func aCancelledFillStartsNoMoreReads() async throws {
        let (store, _) = try makeStore()
        for index in 0..<50 { _ = try store.upsert(session: view("s\(index)", updated: index)) }
        let task = Task { await store.fillTranscripts(from: SlowTranscripts(), batch: 4, concurrency: 1) }
        try await Task.sleep(for: .milliseconds(30))
        task.cancel()
        let report = await task.value
        #expect(report.read < 50)
        #expect(report.coverage.notYetSearchable == 50 - report.read)
    }
}

final class Heard: Sendable {
    private let lock = ThreadLock<[SearchCoverage]>([])
    func add(_ coverage: SearchCoverage) { lock.withLock { $0.append(coverage) } }
    var values: [SearchCoverage] { lock.withLock { $0 } }
}

/// Fails every read (nil), or only `failing`'s; counts the calls.
struct FailingTranscripts: TranscriptSource {
    let failing: String?
    let calls = Counter()

    func transcript(sessionID: String) async throws -> [SessionMessageView] {
        calls.add()
        if failing == nil || failing == sessionID { throw URLError(.cannotConnectToHost) }
        return []
    }
}

final class Counter: Sendable {
    private let lock = ThreadLock(0)
    func add() { lock.withLock { $0 += 1 } }
    var value: Int { lock.withLock { $0 } }
}

struct SlowTranscripts: TranscriptSource {
    func transcript(sessionID: String) async throws -> [SessionMessageView] {
        try await Task.sleep(for: .milliseconds(10))
        return []
    }
}
