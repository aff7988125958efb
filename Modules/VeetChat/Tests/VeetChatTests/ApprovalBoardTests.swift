import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// The approval card rules, one test per rule, on pure values.
struct ApprovalBoardTests {
    typealias S = ChatServiceSamples

    private func boardWithOnePending(_ view: ApprovalView = S.approval()) -> ApprovalBoard {
        var board = ApprovalBoard(scope: S.scope)
        board.applyPendingList(Scoped([view], scope: S.scope))
        return board
    }

    @Test func aPendingListFillsTheBoardOldestFirst() {
        var board = ApprovalBoard(scope: S.scope)
        let newer = S.approval("b", createdAt: "2026-08-22T18:06:00Z")
        let older = S.approval("a", createdAt: "2026-08-22T18:05:00Z")
        board.applyPendingList(Scoped([newer, older], scope: S.scope))
        #expect(board.cards.map(\.id) == ["a", "b"])
        #expect(board.pending.count == 2)
        #expect(board["a"]?.statusText == "Needs your approval")
    }

    @Test func aListReadForAnotherConversationIsDropped() {
        var board = ApprovalBoard(scope: S.scope)
        let elsewhere = ConversationScope(connection: S.connection, sessionID: S.otherSessionID)
        let vanished = board.applyPendingList(Scoped([S.approval(sessionID: S.otherSessionID)], scope: elsewhere))
        #expect(vanished == nil)
        #expect(board.cards.isEmpty)
    }

    @Test func aListReadFromAnotherConnectionIsDropped() {
        var board = ApprovalBoard(scope: S.scope)
        let otherAccount = ConversationScope(connection: S.otherConnection, sessionID: S.sessionID)
        let vanished = board.applyPendingList(Scoped([S.approval()], scope: otherAccount))
        #expect(vanished == nil)
        let applied = board.applyRead(Scoped(S.approval(), scope: otherAccount))
        #expect(!applied)
        #expect(board.cards.isEmpty)
    }

    @Test func itemsOfAnotherSessionInsideARightlyScopedAnswerAreDropped() {
        var board = ApprovalBoard(scope: S.scope)
        board.applyPendingList(Scoped([S.approval("x", sessionID: S.otherSessionID), S.approval("y")], scope: S.scope))
        #expect(board.cards.map(\.id) == ["y"])
    }

    @Test func approveOnceSendsTheDecisionAndASecondPressIsIgnored() throws {
        var board = boardWithOnePending()
        let id = try #require(board.cards.first?.id)
        let pressed = board.press(.approveOnce, on: id)
        let command = try #require(pressed)
        #expect(command.request.decision == .approveOnce)
        #expect(command.request.taskGrant == nil)
        #expect(board[id]?.progress == .sending(.approveOnce))
        let pressed2 = board.press(.approveOnce, on: id)
        #expect(pressed2 == nil)
        let pressed3 = board.press(.deny(reason: nil), on: id)
        #expect(pressed3 == nil)
    }

    @Test func denyCarriesItsReason() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.deny(reason: "not now"), on: S.approval().id)
        let command = try #require(pressed)
        #expect(command.request.decision == .deny)
        #expect(command.request.reason == "not now")
    }

    @Test func aStoredDecisionCollapsesTheCardAndAsksForTheRun() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.approveOnce, on: S.approval().id)
        let command = try #require(pressed)
        let runID = board.finish(command, with: Scoped(.stored(S.approval(status: .approved, decision: .approveOnce)),
                                                       scope: S.scope))
        #expect(runID == S.runID)
        let card = try #require(board[S.approval().id])
        #expect(card.isSettled)
        #expect(card.collapsedText == "Approved once · workspace.write_text")
        #expect(card.progress == .readingRun)
        #expect(board.pending.isEmpty)
    }

    @Test func aCompletedRunReplacesTheWait() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.approveOnce, on: S.approval().id)
        let command = try #require(pressed)
        board.finish(command, with: Scoped(.stored(S.approval(status: .approved, decision: .approveOnce)), scope: S.scope))
        let runApplied = board.applyRun(Scoped(S.run(.completed), scope: S.scope))
        #expect(runApplied)
        #expect(board[S.approval().id]?.runOutcome == .completed)
        #expect(board[S.approval().id]?.statusText == "The run completed.")
        #expect(board[S.approval().id]?.progress == .done)
    }

    @Test func aFailedRunReplacesTheWaitWithItsMessage() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.deny(reason: nil), on: S.approval().id)
        let command = try #require(pressed)
        board.finish(command, with: Scoped(.stored(S.approval(status: .denied, decision: .deny)), scope: S.scope))
        let failure = RunFailureView(reason: .unknown("model_permanent_error"), message: "The model refused.", stepNumber: 2)
        board.applyRun(Scoped(S.run(.failed, failure: failure), scope: S.scope))
        #expect(board[S.approval().id]?.statusText == "The run failed: The model refused.")
    }

    @Test func aRunReadOfAnotherConversationIsDropped() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.approveOnce, on: S.approval().id)
        let command = try #require(pressed)
        board.finish(command, with: Scoped(.stored(S.approval(status: .approved, decision: .approveOnce)), scope: S.scope))
        let runApplied = board.applyRun(Scoped(S.run(.completed, sessionID: S.otherSessionID), scope: S.scope))
        #expect(!runApplied)
        #expect(board[S.approval().id]?.runOutcome == nil)
    }

    @Test func theFirstStoredResolutionWinsOverAnOlderPendingRead() throws {
        var board = boardWithOnePending()
        board.applyRead(Scoped(S.approval(status: .denied, decision: .deny), scope: S.scope))
        board.applyPendingList(Scoped([S.approval()], scope: S.scope))
        board.applyRead(Scoped(S.approval(), scope: S.scope))
        #expect(board[S.approval().id]?.approval.status == .denied)
        #expect(board[S.approval().id]?.collapsedText?.hasPrefix("Denied") == true)
    }

    @Test func aLaterDifferentResolutionDoesNotReplaceTheFirst() {
        var board = boardWithOnePending()
        board.applyRead(Scoped(S.approval(status: .approved, decision: .approveOnce), scope: S.scope))
        board.applyRead(Scoped(S.approval(status: .cancelled), scope: S.scope))
        #expect(board[S.approval().id]?.approval.status == .approved)
    }

    @Test func aCardMissingFromTheListIsReportedForAPointRead() {
        var board = boardWithOnePending()
        let vanished = board.applyPendingList(Scoped([], scope: S.scope))
        #expect(vanished == [S.approval().id])
        #expect(board.cards.count == 1)  // kept until the point read says what happened
    }

    @Test func alreadyResolvedElsewhereSettlesWithTheRecordedDecision() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.approveOnce, on: S.approval().id)
        let command = try #require(pressed)
        let runID = board.finish(command, with: Scoped(.refused(.alreadyResolved(.deny)), scope: S.scope))
        let card = try #require(board[S.approval().id])
        #expect(runID == S.runID)
        #expect(card.approval.status == .denied)
        #expect(card.notice?.description == "Already resolved elsewhere: Denied.")
    }

    @Test func expiredAndCancelledAnswersSettleTheCard() throws {
        for (notice, status) in [(ApprovalNotice.expired, ApprovalStatus.expired), (.cancelled, .cancelled)] {
            var board = boardWithOnePending()
            let pressed = board.press(.approveOnce, on: S.approval().id)
            let command = try #require(pressed)
            board.finish(command, with: Scoped(.refused(notice), scope: S.scope))
            #expect(board[S.approval().id]?.approval.status == status)
            #expect(board[S.approval().id]?.canDecide == false)
        }
    }

    @Test func aFailedSendLeavesTheCardLiveForAnotherPress() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.approveOnce, on: S.approval().id)
        let command = try #require(pressed)
        let runToRead = board.finish(command, with: Scoped(.refused(.failed("no answer")), scope: S.scope))
        #expect(runToRead == nil)
        #expect(board[S.approval().id]?.progress == .idle)
        let pressed2 = board.press(.approveOnce, on: S.approval().id)
        #expect(pressed2 != nil)
    }

    @Test func anAnswerTaggedForAnotherScopeIsIgnored() throws {
        var board = boardWithOnePending()
        let pressed = board.press(.approveOnce, on: S.approval().id)
        let command = try #require(pressed)
        let otherAccount = ConversationScope(connection: S.otherConnection, sessionID: S.sessionID)
        let runToRead = board.finish(command, with: Scoped(.stored(S.approval(status: .approved)), scope: otherAccount))
        #expect(runToRead == nil)
        #expect(board[S.approval().id]?.isSettled == false)
    }

    @Test func runCancellationSettlesItsPendingCards() {
        var board = boardWithOnePending()
        board.runCancelled(runID: S.runID)
        #expect(board[S.approval().id]?.collapsedText?.hasPrefix("Cancelled") == true)
    }

    @Test func the409AnswersMapToClearNotices() {
        let resolved = ApprovalService.notice(for: APIError(response: S.errorResponse(409, code: "conflict",
            details: #"{"reason":"approval_already_resolved","approval_id":"a","decision":"approve_once"}"#)))
        #expect(resolved == .alreadyResolved(.approveOnce))
        #expect(ApprovalService.notice(for: APIError(response: S.errorResponse(409, code: "conflict",
            details: #"{"status":"expired"}"#))) == .expired)
        #expect(ApprovalService.notice(for: APIError(response: S.errorResponse(409, code: "conflict",
            details: #"{"status":"cancelled"}"#))) == .cancelled)
        #expect(ApprovalService.notice(for: APIError(response: S.errorResponse(409, code: "conflict",
            details: #"{"reason":"task_grant_unavailable"}"#))) == .taskPermissionUnavailable)
        #expect(ApprovalService.notice(for: APIError(response: S.errorResponse(409, code: "conflict",
            details: #"{"reason":"task_grant_offer_mismatch"}"#))) == .taskPermissionOfferChanged)
        #expect(ApprovalService.notice(for: APIError(response: S.errorResponse(404, code: "not_found"))) == .notFound)
    }
}
