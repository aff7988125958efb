import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// The light reconciliation while nobody looks (`glance`) and the rule that picks it (`ReconcileCadence`).
@Suite struct GlanceTests {
    /// s0 (newest) ... s(n-1) (oldest).
    func index(_ n: Int) -> [SessionView] { (0..<n).map { view("s\($0)", title: "Title \($0)", updated: 59 - $0) } }

    @Test func anUnchangedIndexCostsOneSmallPage() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(50))
        _ = try await store.reconcile(from: source)
        let glance = try await store.glance(from: source, limit: 20)
        #expect(glance.report.pagesRead == 1)
        #expect(!glance.report.changed)
        #expect(!glance.needsFullWalk)
    }

    @Test func activityOnTheFirstPageIsAppliedWithoutAWalk() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(50))
        _ = try await store.reconcile(from: source)
        // s30 gets activity: it moves to the top; a new conversation appears too.
        var sessions = await source.sessions
        var moved = sessions.remove(at: 30)
        moved.updatedAt = "2026-01-01T01:00:00Z"
        moved.title = "Moved"
        sessions.insert(moved, at: 0)
        sessions.insert(view("new", title: "New", updated: 59), at: 0)
        await source.set(sessions)
        let glance = try await store.glance(from: source, limit: 20)
        #expect(glance.report.pagesRead == 1)
        #expect(Set(glance.report.added) == ["new"])
        #expect(glance.report.updated == ["s30"])
        #expect(!glance.needsFullWalk)
        #expect(try store.session(id: "s30")?.title == "Moved")
    }

    @Test func changesReachingPastThePageAskForAFullWalk() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(50))
        _ = try await store.reconcile(from: source)
        // 25 new conversations: the page's oldest row is new too, so more may lie past it.
        await source.set((0..<25).map { view("n\($0)", updated: 59) } + index(50))
        let glance = try await store.glance(from: source, limit: 20)
        #expect(glance.needsFullWalk)
        #expect(glance.report.added.count == 20)
    }

    @Test func aDeletionInASmallIndexAsksForAFullWalkAndPrunesNothing() async throws {
        let (store, _) = try makeStore()
        let source = FakeIndex(index(5))
        _ = try await store.reconcile(from: source)
        await source.set(Array(index(5).dropLast()))
        let glance = try await store.glance(from: source, limit: 20)
        #expect(glance.needsFullWalk)
        #expect(glance.report.pruned.isEmpty)
        #expect(try store.session(id: "s4") != nil)
        #expect(await source.pointReadIDs.isEmpty)
    }
}

/// The cadence on a scripted clock.
@Suite struct ReconcileCadenceTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func startsWithAFullWalkAtOnce() {
        let cadence = ReconcileCadence()
        #expect(cadence.next(looking: false) == .init(kind: .full, at: .distantPast))
        #expect(cadence.next(looking: true).kind == .full)
    }

    @Test func whileSomeoneLooksAFullWalkEveryThirtySeconds() {
        var cadence = ReconcileCadence()
        cadence.record(.full, startedAt: t0, outcome: .done)
        #expect(cadence.next(looking: true) == .init(kind: .full, at: t0 + 30))
        cadence.record(.full, startedAt: t0 + 30, outcome: .done)
        #expect(cadence.next(looking: true) == .init(kind: .full, at: t0 + 60))
    }

    @Test func whileNobodyLooksAGlanceAMinuteAndAFullWalkHourly() {
        var cadence = ReconcileCadence()
        cadence.record(.full, startedAt: t0, outcome: .done)
        var now = t0
        var fulls = 0, glances = 0
        // A day on the scripted clock, nothing found.
        while now < t0 + 86_400 {
            let due = cadence.next(looking: false)
            #expect(due.at > now)
            now = due.at
            if due.kind == .full { fulls += 1 } else { glances += 1 }
            cadence.record(due.kind, startedAt: now, outcome: .done)
        }
        #expect(fulls == 24)
        #expect(glances > 1380 && glances <= 1440)
    }

    @Test func aGlanceThatCannotPlaceAChangeBringsAFullWalkAtOnce() {
        var cadence = ReconcileCadence()
        cadence.record(.full, startedAt: t0, outcome: .done)
        cadence.record(.glance, startedAt: t0 + 60, outcome: .unplaced)
        #expect(cadence.next(looking: false) == .init(kind: .full, at: t0 + 60))
        cadence.record(.full, startedAt: t0 + 61, outcome: .done)
        #expect(cadence.next(looking: false) == .init(kind: .glance, at: t0 + 121))
    }

    @Test func aFailureRetriesWithAFullWalkAtThePace() {
        var cadence = ReconcileCadence()
        cadence.record(.full, startedAt: t0, outcome: .done)
        cadence.record(.glance, startedAt: t0 + 60, outcome: .failed)
        #expect(cadence.next(looking: false) == .init(kind: .full, at: t0 + 120))
        #expect(cadence.next(looking: true) == .init(kind: .full, at: t0 + 90))
        cadence.record(.full, startedAt: t0 + 120, outcome: .done)
        #expect(cadence.next(looking: false).kind == .glance)
    }

    @Test func someoneLookingAgainAfterALongIdleGetsAFullWalkAtOnce() {
        var cadence = ReconcileCadence()
        cadence.record(.full, startedAt: t0, outcome: .done)
        cadence.record(.glance, startedAt: t0 + 600, outcome: .done)
        // Looking now: the last full walk is ten minutes old, so one is due (in the past: at once).
        let due = cadence.next(looking: true)
        #expect(due.kind == .full)
        #expect(due.at <= t0 + 601)
    }
}
