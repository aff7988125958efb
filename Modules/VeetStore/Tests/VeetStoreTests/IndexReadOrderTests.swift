import Foundation
import Testing
import VeetTestSupport
import VeetTransport
import VeetWire
@testable import VeetStore

/// The whole index is read in the table's key order and sorted in Swift; a
/// limited read still asks SQLite's `ORDER BY updated_at DESC, id DESC`. On
/// random stores (times repeated and spelled several ways, ids of different
/// lengths, shared prefixes and non-ASCII letters) both must give the same
/// rows in the same order.
@Suite struct IndexReadOrderTests {
    @Test func theSortedScanGivesTheIndexOrder() throws {
        var random = SplitMix64(seed: 22)
        let letters = ["a", "b", "z", "é", "ß", "日", "😀", "A", "0", "-"]
        let times = ["2026-11-30T09:00:00Z", "2026-11-30T09:00:00+00:00", "2026-11-30T09:00:00.5Z",
                     "2026-11-30T10:00:00Z", "2026-12-01T08:59:59Z", "2026-11-29T23:00:00+01:00", "junk"]
        for _ in 0..<30 {
            let (store, _) = try makeStore()
            var seen = Set<String>()
            var views: [SessionView] = []
            for _ in 0..<Int.random(in: 0...300, using: &random) {
                let id = "s" + (0..<Int.random(in: 0...4, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined()
                guard seen.insert(id).inserted else { continue }
                views.append(SessionView(id: id, agentID: "agent", agentVersion: "1", title: "t " + id, metadata: .object([:]),
                                         createdAt: "2026-01-01T00:00:00Z",
                                         updatedAt: Timestamp(times.randomElement(using: &random)!)))
            }
            try store.upsert(sessions: views)
            let scanned = try store.sessions()
            let ordered = try store.sessions(limit: 1_000_000)
            #expect(scanned.count == views.count)
            #expect(scanned.map(\.id) == ordered.map(\.id))
            #expect(zip(scanned, ordered).allSatisfy { $0.hasSameColumns(as: $1) })
        }
    }

    /// The scheduled rows alone, in the index's order: what the TUI's first frame adds to its bounded read.
    @Test func theScheduledReadHoldsEveryScheduledRowAndNoOther() throws {
        let (store, _) = try makeStore()
        let views = (0..<40).map { index in
            SessionView(id: "s\(index)", agentID: "agent", agentVersion: "1", title: "t\(index)",
                        metadata: .object(index % 3 == 0 ? ["schedule_id": .string("0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b6\(index % 2)")] : [:]),
                        createdAt: "2026-01-01T00:00:00Z",
                        updatedAt: Timestamp("2026-11-30T09:\(10 + index % 7):00Z"))
        }
        try store.upsert(sessions: views)
        let scheduled = try store.scheduledSessions()
        #expect(scheduled.count == 14)
        #expect(scheduled.map(\.id) == (try store.sessions()).filter { $0.scheduleID != nil }.map(\.id))
    }

    /// Migration 11's partial index carries the read: SQLite searches it instead of scanning the table,
    /// so a first frame's scheduled rows cost what they are, not what the index is.
    @Test func theScheduledReadSearchesItsPartialIndex() throws {
        let (store, _) = try makeStore()
        let plan = try store.database.read { db in
            try db.query("EXPLAIN QUERY PLAN " + LocalStore.scheduledSessionsSQL, [.int(store.connectionID)]) { $0.text(3) }
        }
        #expect(plan.contains { $0.contains("USING INDEX sessions_scheduled") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN sessions") && !$0.contains("INDEX") }, "\(plan)")
    }

    @Test func theBinaryOrderIsMemcmpsOrder() {
        var random = SplitMix64(seed: 23)
        let pieces = ["", "a", "b", "é", "e\u{301}", "日", "😀", "Z", "0"]
        for _ in 0..<2_000 {
            let left = (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let right = (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let expected = Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8)) ? -1 : (Array(left.utf8) == Array(right.utf8) ? 0 : 1)
            #expect(LocalStore.binaryOrder(left, right).signum() == expected, "\(left) vs \(right)")
        }
    }
}
