import Foundation
import Testing
import VeetStore
import VeetTransport

/// `sortedByActivity` returns rows already in order as they are, and any
/// other order the same as a full sort: instants (not spellings), then id.
@Suite struct ActivityOrderTests {
    @Test func everyOrderOfTheRowsSortsTheSame() throws {
        let (store, _) = try makeStore()
        var respelled = view("s4", updated: 3)
        respelled.updatedAt = "2026-01-01T00:03:00.000+00:00"
        var odd = view("s0")
        odd.updatedAt = "sometime"
        try store.upsert(sessions: [view("s1", updated: 1), view("s2", updated: 3), view("s3", updated: 2), respelled, odd])
        let rows = try store.sessions()
        let expected = ["s4", "s2", "s3", "s1", "s0"]
        #expect(rows.sortedByActivity().map(\.id) == expected)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            #expect(rows.shuffled(using: &generator).sortedByActivity().map(\.id) == expected)
        }
        let sorted = rows.sortedByActivity()
        #expect(sorted.sortedByActivity() == sorted)
        #expect([CachedSession]().sortedByActivity().isEmpty)
    }
}
