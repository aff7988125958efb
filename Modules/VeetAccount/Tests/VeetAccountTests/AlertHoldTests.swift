import Foundation
import Testing
import VeetAccount
import VeetTransport
import VeetWire

/// The hold counts from when the owner was asked, not from when the daemon heard of it.
@Suite struct AlertHoldTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    func approval(_ id: String = "ap-1", askedAt: Date? = nil) -> AlertCandidate {
        AlertCandidate(kind: .approval, targets: NotificationTargets(sessionID: "s-1", runID: "r-1", approvalID: id),
                       askedAt: askedAt)
    }

    @Test func anApprovalAskedLongerAgoThanTheHoldIsDueAtOnce() {
        var board = AlertBoard(hold: 30)
        board.offer(approval(askedAt: start.addingTimeInterval(-45)), now: start)
        #expect(board.nextDue == start.addingTimeInterval(-15))
        #expect(board.takeDue(now: start).map(\.key) == ["approval:ap-1"])
    }

    @Test func anApprovalAskedRecentlyWaitsOnlyTheRestOfTheHold() {
        var board = AlertBoard(hold: 30)
        board.offer(approval(askedAt: start.addingTimeInterval(-10)), now: start)
        #expect(board.takeDue(now: start.addingTimeInterval(19.9)).isEmpty)
        #expect(board.takeDue(now: start.addingTimeInterval(20)).count == 1)
    }

    @Test func aServerClockAheadOfOursDelaysNothing() {
        let board = AlertBoard(hold: 30)
        #expect(board.dueAt(of: approval(askedAt: start.addingTimeInterval(600)), now: start) == start.addingTimeInterval(30))
        #expect(board.dueAt(of: approval(), now: start) == start.addingTimeInterval(30))
        let failure = AlertCandidate(kind: .runFailed, targets: NotificationTargets(runID: "r"))
        #expect(board.dueAt(of: failure, now: start) == start)
    }

    @Test func aTimeLearnedAfterTheOfferBringsTheAlertForwardNeverBack() {
        var board = AlertBoard(hold: 30)
        board.offer(approval(), now: start)
        #expect(board.nextDue == start.addingTimeInterval(30))
        // The server says it was asked 25 s before the daemon heard of it.
        board.learnAskedAt(key: "approval:ap-1", askedAt: start.addingTimeInterval(-25), now: start.addingTimeInterval(1))
        #expect(board.nextDue == start.addingTimeInterval(5))
        #expect(board.pending["approval:ap-1"]?.candidate.askedAt == start.addingTimeInterval(-25))
        // A later time (or one for a key no longer pending) changes nothing.
        board.learnAskedAt(key: "approval:ap-1", askedAt: start.addingTimeInterval(20), now: start.addingTimeInterval(2))
        #expect(board.nextDue == start.addingTimeInterval(5))
        board.learnAskedAt(key: "approval:other", askedAt: start, now: start)
        #expect(board.pending.count == 1)
        #expect(board.takeDue(now: start.addingTimeInterval(5)).count == 1)
    }

    @Test func anInboxApprovalIsAskedWhenItsItemWasMade() throws {
        let json = """
            {"notification": {"id": "n-1", "kind": "approval_requested", "session_id": "s", "run_id": "r",
              "approval_id": "a-1", "status": "dispatched", "created_at": "2026-09-21T12:00:00Z", "payload": {}}}
            """
        let item = try JSONDecoder().decode(NotificationItem.self, from: Data(json.utf8))
        #expect(AlertCandidate(item)?.askedAt == Date(timeIntervalSince1970: 1_789_992_000))
    }
}
