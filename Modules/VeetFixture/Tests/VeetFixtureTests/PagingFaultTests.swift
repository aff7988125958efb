import Foundation
import Testing
import VeetFixture

/// Rows moving between pages while a client walks them, and the repeated-cursor fault.
@Suite struct PagingFaultTests {
    static func seeded(_ count: Int) throws -> (Harness, SeedReport) {
        let harness = try Harness()
        return (harness, harness.server.seedSessions(count: count, messagesPerSession: 2))
    }

    @Test func promotedSessionIsMissingFromTheWalkButStillExists() throws {
        let (harness, report) = try Self.seeded(30)
        harness.server.updateFaults { $0.touchSessionsDuringPaging = .promoteUnseen; $0.touchSessionsLimit = 1 }
        let walk = try harness.walkSessions(limit: 10)
        let moved = try #require(harness.server.churnedSessionIDs.first)
        #expect(harness.server.churnedSessionIDs.count == 1)
        #expect(moved == report.sessionIDs[10], "the session that would have opened page 2")
        #expect(walk.ids.count == 29 && !walk.ids.contains(moved))
        #expect(try harness.request("GET", "/v1/sessions/\(moved)").status == 200)
        #expect(try harness.walkSessions(limit: 10).ids.first == moved)
    }

    @Test func demotedSessionIsListedTwice() throws {
        let (harness, report) = try Self.seeded(30)
        harness.server.updateFaults { $0.touchSessionsDuringPaging = .demoteSeen; $0.touchSessionsLimit = 1 }
        let walk = try harness.walkSessions(limit: 10)
        #expect(harness.server.churnedSessionIDs == [report.sessionIDs[0]])
        #expect(walk.ids.count == 31)
        #expect(walk.ids.filter { $0 == report.sessionIDs[0] }.count == 2)
        #expect(walk.ids.last == report.sessionIDs[0])
    }

    @Test func churnWithoutLimitMovesAfterEveryFullPage() throws {
        let (harness, _) = try Self.seeded(30)
        harness.server.faults.touchSessionsDuringPaging = .promoteUnseen
        _ = try harness.walkSessions(limit: 10, maximumPages: 3)
        #expect(harness.server.churnedSessionIDs.count >= 2)
    }

    @Test func repeatedCursorComesBackAsNextCursorOnce() throws {
        let (harness, _) = try Self.seeded(30)
        harness.server.faults.repeatSessionCursor = 1
        let first = try harness.request("GET", "/v1/sessions?limit=10")
        let cursor = try #require(first.object["next_cursor"] as? String)
        let second = try harness.request("GET", "/v1/sessions?limit=10&cursor=\(cursor)")
        #expect(second.object["next_cursor"] as? String == cursor)
        let again = try harness.request("GET", "/v1/sessions?limit=10&cursor=\(cursor)")
        #expect(again.object["next_cursor"] as? String != cursor)
        #expect((again.object["items"] as? [[String: Any]])?.count == 10)
    }

    @Test func touchSessionMovesItToTheTop() throws {
        let (harness, report) = try Self.seeded(8)
        let oldest = try #require(report.sessionIDs.last)
        let before = try harness.request("GET", "/v1/sessions/\(oldest)").object["updated_at"] as? String ?? ""
        #expect(harness.server.touchSession(oldest))
        #expect(harness.server.sessionIDs().first == oldest)
        let after = try harness.request("GET", "/v1/sessions/\(oldest)").object["updated_at"] as? String ?? ""
        #expect(after > before)
        let page = try harness.request("GET", "/v1/sessions?limit=1").object["items"] as? [[String: Any]]
        #expect(page?.first?["id"] as? String == oldest)
        #expect(!harness.server.touchSession(HTTPBehaviourTests.missingID))
    }
}
