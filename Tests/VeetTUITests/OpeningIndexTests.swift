import Foundation
import Testing
@testable import veet_tui
import VeetStore
import VeetTestSupport
import VeetTransport
import VeetWire

/// The first frame is painted from a bounded read of the index (OpeningIndex.swift): a screenful of the most
/// recent rows, every scheduled row, the conversation a link opens. On stores of random shapes it must hold
/// fewer rows than the store and paint the frame the whole index paints, at every size and fold.
@Suite struct OpeningIndexTests {
    static func store(rows: Int, scheduledEvery: Int, seed: UInt64) throws -> (LocalStore, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-opening-\(UUID().uuidString)")
        let paths = VeetPaths(configDirectory: root.appendingPathComponent("c"), dataDirectory: root.appendingPathComponent("d"))
        let store = try LocalStore.open(paths: paths, connection: "main")
        var random = SplitMix64(seed: seed)
        let views = (0..<rows).map { index in
            let minutes = Int.random(in: 0...(60 * 24 * 30), using: &random)
            let scheduled = scheduledEvery > 0 && Int.random(in: 0..<scheduledEvery, using: &random) == 0
            let stamp = ScreenGoldenTests.stamp(minutesAgo: minutes).text
            return SessionView(id: "s\(index)", agentID: "agent", agentVersion: "1",
                               title: Bool.random(using: &random) ? "Conversation \(index)" : nil,
                               metadata: .object(scheduled ? ["schedule_id": .string("0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b6\(index % 3)")] : [:]),
                               createdAt: Timestamp(stamp), updatedAt: Timestamp(stamp))
        }
        try store.upsert(sessions: views)
        return (store, root)
    }

    @Test func theFirstReadIsBoundedAndPaintsWhatTheWholeIndexPaints() throws {
        var boundedReads = 0
        for (seed, rows, scheduledEvery) in [(1 as UInt64, 600, 0), (2, 600, 9), (3, 900, 4), (4, 30, 5), (5, 400, 2)] {
            let (store, root) = try Self.store(rows: rows, scheduledEvery: scheduledEvery, seed: seed)
            defer { try? FileManager.default.removeItem(at: root) }
            let whole = try store.sessions()
            for (width, height) in [(160, 48), (120, 30), (100, 20)] {
                let deepID = "s\(rows - 1)"
                let opening = OpeningIndex.read(store, height: height, opening: [deepID])
                let scheduled = whole.filter { $0.scheduleID != nil }.count
                let limit = OpeningIndex.limit(height: height)
                let bounded = whole.count > limit
                    && whole.prefix(limit).filter { $0.scheduleID == nil }.count >= max(height, 24)
                #expect(opening.isWhole == !bounded)
                if bounded {
                    // A bounded read: the first screenful, the scheduled rows and the linked one, not the store.
                    boundedReads += 1
                    #expect(opening.sessions.count <= limit + scheduled + 1)
                    #expect(opening.sessions.count < whole.count)
                    #expect(opening.sessions.contains { $0.id == deepID })
                } else {
                    #expect(opening.sessions.map(\.id) == whole.map(\.id))
                }
                for collapsed in [Set<String>(), [Sidebar.recentID], [Sidebar.historyID]] {
                    var first = ScreenState()
                    first.connectionLabel = "test"
                    first.sidebar.collapsed = collapsed
                    first.conversation.sessionID = deepID
                    var full = first
                    first.sessions = opening.sessions
                    full.sessions = whole
                    let now = ScreenGoldenTests.now
                    #expect(ScreenPainter.frame(&first, width: width, height: height, now: now)
                            == ScreenPainter.frame(&full, width: width, height: height, now: now),
                            "seed \(seed), \(width)x\(height), folded \(collapsed)")
                }
            }
        }
        #expect(boundedReads >= 6)
    }
}
