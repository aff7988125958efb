import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport

/// Approvals and questions against the in-process reference server.
@Suite(.serialized) struct ApprovalLiveTests {
    /// Starts a run that parks at an approval and returns its session and run.
    private func parkedRun(_ live: LiveFixture) async throws -> TurnResult {
        let result = try await live.send("approve this", interaction: RecordingInteraction(approval: .leavePending))
        try #require(result.status == .waitingForApproval)
        return result
    }

    /// A run parked on an approval, with the approval's id and a board for its conversation loaded from the server.
    private func parkedApproval(_ live: LiveFixture) async throws -> (TurnResult, approvalID: String, board: ApprovalBoard) {
        let parked = try await parkedRun(live)
        var board = ApprovalBoard(scope: live.scope(sessionID: parked.sessionID))
        try await live.approvals.refresh(&board)
        return (parked, try #require(board.cards.first?.id), board)
    }

    @Test func pendingApprovalsLoadForTheSelectedConversation() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let parked = try await parkedRun(live)
        let other = try await parkedRun(live)
        let service = live.approvals
        var board = ApprovalBoard(scope: live.scope(sessionID: parked.sessionID))
        try await service.refresh(&board)
        #expect(board.cards.map(\.id) == live.server.pendingApprovalIDs(ofRun: parked.runID))
        #expect(!board.cards.contains { $0.approval.runID == other.runID })
        let query = live.server.recordedRequests.last { $0.path.hasPrefix("/v1/approvals") }
        #expect(query?.query?.contains("session_id=\(parked.sessionID)") == true)
    }

    @Test func approveOnceSettlesTheCardAndReadsTheRun() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let (parked, id, loaded) = try await parkedApproval(live)
        let service = live.approvals
        var board = loaded
        let card = try #require(await service.decide(.approveOnce, approvalID: id, on: &board))
        #expect(card.approval.status == .approved)
        #expect(card.collapsedText?.hasPrefix("Approved once") == true)
        #expect(card.runOutcome != nil)
        #expect(card.progress == .done)
        // Once the run has ended, a run read shows its outcome in place of the wait.
        _ = try await live.runner.follow(runID: parked.runID, sessionID: parked.sessionID, interaction: RecordingInteraction())
        board.applyRun(try await service.run(id: parked.runID, sessionID: parked.sessionID))
        #expect(board[id]?.runOutcome == .completed)
        #expect(board[id]?.statusText == "The run completed.")
    }

    @Test func denySettlesTheCardAsDenied() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let (_, id, loaded) = try await parkedApproval(live)
        let service = live.approvals
        var board = loaded
        let card = await service.decide(.deny(reason: "not today"), approvalID: id, on: &board)
        #expect(card?.approval.status == .denied)
        #expect(try await live.api.approval(id: id).decision == .deny)
    }

    @Test func aDecisionMadeElsewhereIsShownAsAlreadyResolved() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let (_, id, loaded) = try await parkedApproval(live)
        let service = live.approvals
        var board = loaded
        _ = try await live.api.resolve(approvalID: id, decision: .deny)  // another device
        let card = await service.decide(.approveOnce, approvalID: id, on: &board)
        #expect(card?.notice == .alreadyResolved(.deny))
        #expect(card?.approval.status == .denied)
    }

    @Test func aCardSettledElsewhereIsRefreshedWhenItLeavesThePendingList() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let (_, id, loaded) = try await parkedApproval(live)
        let service = live.approvals
        var board = loaded
        _ = try await live.api.resolve(approvalID: id, decision: .approveOnce)
        try await service.refresh(&board)
        #expect(board[id]?.approval.status == .approved)
        #expect(board.pending.isEmpty)
    }

    @Test func aCancelledRunsApprovalAnswersCancelled() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let (parked, id, loaded) = try await parkedApproval(live)
        let service = live.approvals
        var board = loaded
        _ = try await live.api.cancel(runID: parked.runID)
        let card = await service.decide(.approveOnce, approvalID: id, on: &board)
        #expect(card?.notice == .cancelled)
        #expect(card?.collapsedText?.hasPrefix("Cancelled") == true)
        #expect(card?.runOutcome == .cancelled)
    }

    @Test func resultsFromAnotherConnectionNeverReachTheBoard() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let parked = try await parkedRun(live)
        let otherAccount = ConversationScope(
            connection: ConnectionIdentity(server: live.connection.server, tokenDigest: "someone-else"),
            sessionID: parked.sessionID)
        var board = ApprovalBoard(scope: otherAccount)
        let listed = try await live.approvals.pending(sessionID: parked.sessionID)
        let vanished = board.applyPendingList(listed)
        #expect(vanished == nil)
        #expect(board.cards.isEmpty)
    }

    @Test func aQuestionIsAnsweredWithItsDisplayedID() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let waiting = try await live.send("Please ask me which region", interaction: RecordingInteraction(answer: nil))
        try #require(waiting.status == .waitingForUser)
        let questionID = try #require(live.server.outstandingQuestionID(ofRun: waiting.runID))
        let prompt = QuestionPrompt(scope: live.scope(sessionID: waiting.sessionID), runID: waiting.runID,
                                    questionID: questionID, text: "Which region should I use?")
        #expect(prompt.label == "question \(questionID)")
        let answered = await live.api.answer(prompt, text: "The EU region.")
        #expect(answered.state == .answered)
        #expect(live.server.outstandingQuestionID(ofRun: waiting.runID) == nil)
        // The same answer again, with the same id, is harmless: the prompt stays answered and sends nothing.
        #expect(await live.api.answer(answered, text: "The EU region.").state == .answered)
    }

    @Test func aQuestionThatIsNoLongerAskedIsClosed() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let waiting = try await live.send("Please ask me which region", interaction: RecordingInteraction(answer: nil))
        let prompt = QuestionPrompt(scope: live.scope(sessionID: waiting.sessionID), runID: waiting.runID,
                                    questionID: live.server.outstandingQuestionID(ofRun: waiting.runID), text: nil)
        _ = try await live.api.cancel(runID: waiting.runID)
        let answered = await live.api.answer(prompt, text: "Too late.")
        guard case .closed = answered.state else {
            Issue.record("expected closed, got \(answered.state)")
            return
        }
        #expect(!answered.canAnswer)
    }

    @Test func aSecondAnswerWhileOneIsInFlightIsIgnored() {
        var prompt = QuestionPrompt(scope: ChatServiceSamples.scope, runID: "r", questionID: "q", text: nil)
        let started = prompt.beginAnswer("first")
        #expect(started)
        let started2 = prompt.beginAnswer("second")
        #expect(!started2)
        #expect(prompt.state == .sending)
        var blank = QuestionPrompt(scope: ChatServiceSamples.scope, runID: "r", questionID: "q", text: nil)
        let started3 = blank.beginAnswer("   ")
        #expect(!started3)
        #expect(blank.prompt == "The agent needs your answer to continue.")
    }
}
