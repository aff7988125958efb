import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

@Suite struct ReconcilerTests {
    /// s0 (newest) ... s(n-1) (oldest).
    func index(_ n: Int) -> [SessionView] { (0..<n).map { view("s\($0)", title: "Title \($0)", updated: 59 - $0) } }

    @Test func coldReconcileFollowsEveryPageAndReportsAdds() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(7))
        let report = try await store.reconcile(from: source, pageSize: 3)
        #expect(report.pagesRead == 3)
        #expect(Set(report.added) == Set((0..<7).map { "s\($0)" }))
        #expect(try store.sessions().map(\.id) == (0..<7).map { "s\($0)" })
        let warm = try await store.reconcile(from: source, pageSize: 3)
        #expect(!warm.changed)
        #expect(warm.pointReads == 0)
    }

    @Test func aRowMovedBetweenPagesMidScanIsKeptAfterAPointRead() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(6))
        _ = try await store.reconcile(from: source, pageSize: 3)
        // After page 0 is read, s4 gets activity and jumps to the top: the walk never sees it.
        await source.onPage(1) { sessions in
            var moved = sessions.remove(at: 4)
            moved.updatedAt = "2026-01-01T01:00:00Z"
            sessions.insert(moved, at: 0)
        }
        let report = try await store.reconcile(from: source, pageSize: 3)
        #expect(report.pruned.isEmpty)
        #expect(await source.pointReadIDs == ["s4"])
        #expect(report.updated == ["s4"]) // refreshed from the point read
        #expect(try store.session(id: "s4")?.updatedAt.text == "2026-01-01T01:00:00Z")
    }

    @Test func aPointRead404PrunesAnd200Keeps() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(4))
        _ = try await store.reconcile(from: source)
        try store.saveTranscript(sessionID: "s1", messages: [SessionMessageView(sequence: 1, role: .user, content: [.text("zebra")])])
        // s1 is deleted on another device; s2 vanishes from the index but still answers its point read.
        let s2 = await source.sessions[2]
        await source.set([index(4)[0], index(4)[3]])
        let keeper = KeepAnswering(s2, inner: source)
        let report = try await store.reconcile(from: keeper)
        #expect(report.pruned == ["s1"])
        #expect(try store.sessions().map(\.id).sorted() == ["s0", "s2", "s3"])
        #expect(try store.transcript(sessionID: "s1").isEmpty)
        #expect(try store.search("zebra") == .results([]))
    }

    @Test func aRepeatedCursorIsAnInvalidResponseAndNothingIsPruned() async throws {
        let (store, _) = try makeStore()
        _ = try await store.reconcile(from: FakeIndex(index(5)))
        let bad = FakeIndex([])
        await bad.set(index(5).filter { $0.id != "s0" } + index(5))
        await bad.setRepeatCursor()
        await #expect(throws: InvalidResponseError.self) { try await store.reconcile(from: bad, pageSize: 2) }
        #expect(try store.sessionCount() == 5)
        #expect(await bad.pointReadIDs.isEmpty)
    }

    @Test func serverValuesWinNullIncluded() async throws {
        let (store, _) = try makeStore()
        let scheduled = JSONValue.object(["schedule_id": .string("0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61")])
        let source = FakeIndex([view("a", title: "Old", folder: "f1", metadata: scheduled)])
        _ = try await store.reconcile(from: source)
        #expect(try store.session(id: "a")?.folderID == "f1")
        #expect(try store.session(id: "a")?.scheduleID != nil)
        await source.set([view("a", title: nil, folder: nil)])
        let report = try await store.reconcile(from: source)
        #expect(report.updated == ["a"])
        let row = try store.session(id: "a")
        #expect(row?.folderID == nil)
        #expect(row?.scheduleID == nil)
        #expect(row?.title == nil)
    }

    @Test func peopleAuditAndImportSessionsAreSkippedAndCachedCopiesPruned() async throws {
        let (store, _) = try makeStore()
        let audit = view("audit", metadata: .object(["purpose": .string("people-management")]))
        let importRun = view("import", metadata: .object(["run_kind": .string("people_import")]))
        // An older cache had them stored (e.g. before this rule existed).
        try store.database.write { db in
            for id in ["audit", "import"] {
                try db.run("INSERT INTO sessions (connection_id, id, created_at, updated_at) VALUES (?, ?, '', '')",
                           [.int(store.connectionID), .text(id)])
            }
        }
        let report = try await store.reconcile(from: FakeIndex([view("chat"), audit, importRun]))
        #expect(report.added == ["chat"])
        #expect(Set(report.pruned) == ["audit", "import"])
        #expect(try store.sessions().map(\.id) == ["chat"])
    }

    @Test func aStalePageAfterDeleteDoesNotBringTheRowBack() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(3))
        _ = try await store.reconcile(from: source)
        // The delete has started; an index answer read meanwhile carries a change to s1.
        store.beginDelete(sessionID: "s1")
        await source.retitle("s1", "Changed elsewhere")
        let during = try await store.reconcile(from: source)
        #expect(!during.updated.contains("s1"))
        #expect(try store.session(id: "s1")?.title == "Title 1")
        try store.completeDelete(sessionID: "s1")
        #expect(try store.session(id: "s1") == nil)
        // A stale answer still listing s1 (and a stale point read) cannot revive it.
        let stale = try await store.reconcile(from: source)
        #expect(!stale.added.contains("s1"))
        #expect(try store.session(id: "s1") == nil)
        #expect(try store.upsert(session: view("s1", title: "back?")) == false)
    }

    @Test func deleteEverywhereKeepsTheRowWhenTheServerRefuses() async throws {
        let (store, _) = try makeStore()
        _ = try await store.reconcile(from: FakeIndex(index(2)))
        let conflict = APIError(status: 409, code: .conflict, message: "active run")
        await #expect(throws: APIError.self) {
            try await store.deleteEverywhere(sessionID: "s0") { throw conflict }
        }
        #expect(try store.session(id: "s0") != nil)
        // The fence was lifted: the row refreshes again.
        #expect(try store.upsert(session: view("s0", title: "Renamed")))
        try await store.deleteEverywhere(sessionID: "s0") {}
        #expect(try store.session(id: "s0") == nil)
    }

    @Test func pointReadsRunAtMostFourAtATime() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(20))
        _ = try await store.reconcile(from: source)
        await source.set([])
        await source.setPointReadDelay(.milliseconds(2))
        let report = try await store.reconcile(from: source)
        #expect(report.pruned.count == 20)
        #expect(await source.maxConcurrentPointReads <= 4)
        #expect(await source.maxConcurrentPointReads > 1)
    }

    @Test func theOptimisticTitleComesFromTheFirstNonEmptyTextBlock() throws {
        let (store, _) = try makeStore()
        _ = try store.upsert(session: view("n"))
        try store.setOptimisticTitle(sessionID: "n", firstMessage: [.text("   "), .text("  Plan a\n long   weekend ")])
        #expect(try store.session(id: "n")?.displayTitle == "Plan a long weekend")
        // No text block: the title stays unset.
        _ = try store.upsert(session: view("m"))
        try store.setOptimisticTitle(sessionID: "m", firstMessage: [.file(artifactID: "x", mediaType: "a/b", filename: nil)])
        #expect(try store.session(id: "m")?.displayTitle == nil)
        // The server's title wins once it has one.
        _ = try store.upsert(session: view("n", title: "Lisbon weekend"))
        #expect(try store.session(id: "n")?.displayTitle == "Lisbon weekend")
    }

    @Test func connectionsAreScopedAndForgettingOneRemovesItsRowsAndToken() async throws {
        let (work, paths) = try makeStore(connection: "work")
        let home = try LocalStore(database: work.database, connection: "home")
        _ = try await work.reconcile(from: FakeIndex(index(2)))
        _ = try await home.reconcile(from: FakeIndex([view("h1")]))
        #expect(try work.sessions().map(\.id) == ["s0", "s1"])
        #expect(try home.sessions().map(\.id) == ["h1"])
        _ = try work.enqueue(sessionID: "s0", content: [.text("hi")])

        let registry = ConnectionRegistry(paths: paths)
        try registry.add(name: "work", url: try ServerURL(validating: "https://work.example"), token: "t")
        try registry.forget(name: "work")
        #expect(try Credentials(paths: paths).token(for: "work") == nil)
        #expect(try LocalStore.connectionNames(in: work.database) == ["home"])
        let reopened = try LocalStore(database: work.database, connection: "work")
        #expect(try reopened.sessions().isEmpty)
        #expect(try reopened.outbox().isEmpty)
        #expect(try home.sessions().map(\.id) == ["h1"])
    }
}

/// Serves `inner`'s index, but answers point reads for `kept` as still existing.
struct KeepAnswering: SessionIndexSource {
    let kept: SessionView
    let inner: FakeIndex
    init(_ kept: SessionView, inner: FakeIndex) {
        self.kept = kept
        self.inner = inner
    }
    func page(cursor: String?, limit: Int) async throws -> Page<SessionView> { try await inner.page(cursor: cursor, limit: limit) }
    func session(id: String) async throws -> SessionView? {
        id == kept.id ? kept : try await inner.session(id: id)
    }
}
