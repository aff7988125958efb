import Foundation
import Testing
import VeetStore
import VeetTransport
import VeetWire

/// The session columns keep the server's text for its times, though the
/// rows carry them typed.
@Suite struct TimestampColumnTests {
    @Test func theColumnsKeepTheServersSpelling() throws {
        let (store, _) = try makeStore()
        var session = view("s1")
        session.updatedAt = "2026-01-01T00:05:00.250000+00:00"
        try store.upsert(session: session)
        let row = try #require(try store.session(id: "s1"))
        #expect(row.updatedAt.text == "2026-01-01T00:05:00.250000+00:00")
        #expect(row.createdAt.text == "2026-01-01T00:00:00Z")
        #expect(row.updatedAt.date == Date(timeIntervalSince1970: 1_767_225_900.25))
    }

    /// Equal instants are one `Timestamp`, but a respelled time is still a
    /// change to the row: the column must hold what the server sent last.
    @Test func aRespelledTimeIsWrittenAgain() throws {
        let (store, _) = try makeStore()
        var session = view("s1")
        session.updatedAt = "2026-01-01T00:05:00Z"
        try store.upsert(session: session)
        #expect(try store.upsert(session: session) == false)
        session.updatedAt = "2026-01-01T00:05:00+00:00"
        #expect(try store.upsert(session: session))
        #expect(try store.session(id: "s1")?.updatedAt.text == "2026-01-01T00:05:00+00:00")
    }

    /// Text that is no time is stored and read back as it came, and sorts
    /// as the distant past (after every readable time, then by id).
    @Test func anUnreadableTimeIsKeptAndSortsLast() throws {
        let (store, _) = try makeStore()
        var odd = view("s9")
        odd.updatedAt = "sometime"
        try store.upsert(sessions: [odd, view("s1", updated: 1), view("s2", updated: 2)])
        let rows = try store.sessions()
        #expect(rows.first { $0.id == "s9" }?.updatedAt.text == "sometime")
        #expect(rows.first { $0.id == "s9" }?.updatedAt.date == nil)
        #expect(rows.sortedByActivity().map(\.id) == ["s2", "s1", "s9"])
    }
}
