import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetStore
import VeetTransport

/// The chat feature against the in-process reference server.
@Suite(.serialized) struct TurnRunnerTests {
    @Test func aPlainAnswerStreamsAndIsSaved() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let view = RecordingInteraction()
        let result = try await live.send("Hello there", interaction: view)
        #expect(result.status == .completed)
        #expect(!result.text.isEmpty)
        let transcript = try await live.api.transcript(sessionID: result.sessionID)
        #expect(transcript.map(\.role) == [.user, .assistant])
        #expect(transcript.last?.plainText == result.text)
        #expect(await view.userMessages == ["Hello there"])
        #expect(try live.store.outbox(sessionID: result.sessionID).isEmpty, "the outbox entry was confirmed")
    }

    @Test func aToolCallIsShownAndAnswered() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let view = RecordingInteraction()
        let result = try await live.send("What is 17 multiplied by 23?", interaction: view)
        #expect(result.status == .completed)
        #expect(result.text == "The answer is 391.")
        let tools = await view.tools
        #expect(tools.map(\.name) == ["math.calculate"])
        #expect(tools.first?.state == .completed)
        #expect(tools.first?.resultText == "391")
        #expect(tools.first?.arguments["expression"]?.stringValue == "17 * 23")
    }

    @Test func anApprovalIsResolvedThroughTheAPI() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let view = RecordingInteraction(approval: .approveOnce)
        let result = try await live.send("Please approve an external write", interaction: view)
        #expect(result.status == .completed)
        let seen = await view.approvalsSeen
        #expect(seen.count == 1)
        #expect(seen.first?.toolName == "demo.external_write")
        #expect(seen.first?.risk == .high)
        let approval = try await live.api.approval(id: try #require(seen.first?.id))
        #expect(approval.status == .approved)
        #expect(approval.decision == .approveOnce)
        #expect(await view.tools.first?.state == .completed)
    }

    @Test func aDeniedApprovalShowsTheCallAsDenied() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let view = RecordingInteraction(approval: .deny(reason: "not today"))
        let result = try await live.send("Please approve an external write", interaction: view)
        #expect(result.status == .completed)
        #expect(await view.tools.first?.state == .denied)
    }

    @Test func leavingAnApprovalPendingStopsFollowing() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let result = try await live.send("approve this", interaction: RecordingInteraction(approval: .leavePending))
        #expect(result.status == .waitingForApproval)
        #expect(result.isWaitingForOwner)
        #expect(live.server.pendingApprovalIDs(ofRun: result.runID).count == 1)
    }

    @Test func aQuestionIsAskedAndAnswered() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let view = RecordingInteraction(answer: "12 to 15 September.")
        let result = try await live.send("Please ask me which dates", interaction: view)
        #expect(result.status == .completed)
        let questions = await view.questionsSeen
        #expect(questions.count == 1)
        #expect(questions.first?.questionID != nil)
        #expect(questions.first?.text?.isEmpty == false)
        #expect(await view.userMessages.contains("12 to 15 September."))
    }

    @Test func cancellingARunningRunEndsItCancelled() async throws {
        var options = FixtureOptions.testing
        options.slowReplyDuration = 2
        let live = try LiveFixture(options: options)
        defer { live.stop() }
        let api = live.api
        let runs = RunIDBox()
        let view = RecordingInteraction(onFirstDelta: {
            if let runID = await runs.value { _ = try? await api.cancel(runID: runID) }
        })
        let result = try await live.send(
            "Tell me a slow story", interaction: view,
            onRunStarted: { _, runID in await runs.set(runID) })
        #expect(result.status == .cancelled)
        #expect(result.cancelReason == .requested)
    }

    @Test func aFailedRunKeepsItsReason() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let result = try await live.send("please fail", interaction: RecordingInteraction())
        #expect(result.status == .failed)
        #expect(result.failure?.reason == .modelPermanentError)
        #expect(result.failure?.stepNumber != nil)
    }

    @Test func aSubmitWhoseAnswerIsLostMakesExactlyOneRun() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let session = try await live.api.createSession()
        live.server.updateFaults { $0.dropAfterSubmit = 1 }
        let key = IdempotencyKey()
        let outcome = try await live.api.submit(sessionID: session.id, content: [.text("What is 2 * 3?")], key: key)
        guard case .accepted(_, let replayed) = outcome else {
            Issue.record("expected the run, got \(outcome)")
            return
        }
        #expect(replayed, "the retry should have been answered as a replay (200)")
        #expect(live.server.runCount(inSession: session.id) == 1)
        let keys = live.server.recordedRequests.filter { $0.method == "POST" && $0.path.hasSuffix("/messages") }
            .compactMap { $0.headers["idempotency-key"] }
        #expect(keys.count == 2)
        #expect(Set(keys) == [key.rawValue])
    }

    @Test func aSecondSubmitDuringARunAttachesToIt() async throws {
        var options = FixtureOptions.testing
        options.slowReplyDuration = 1
        let live = try LiveFixture(options: options)
        defer { live.stop() }
        let session = try await live.api.createSession()
        let first = try await live.api.submit(sessionID: session.id, content: [.text("a slow one")], key: IdempotencyKey())
        let second = try await live.api.submit(sessionID: session.id, content: [.text("and another")], key: IdempotencyKey())
        #expect(second == .activeRunExists(runID: first.runID, status: .running)
                || second == .activeRunExists(runID: first.runID, status: .queued))
        // docs/chat.md, Meeting another run: the runner attaches to the active run and queues no second
        // message; the words come back to the owner (before the run is
        // followed, and with the result), and nothing of them stays in the outbox.
        let view = RecordingInteraction()
        let result = try await live.send("and another", sessionID: session.id, interaction: view)
        #expect(result.status == .completed)
        #expect(result.runID == first.runID, "the active run was followed")
        #expect(result.unsentMessage == UnsentMessage(content: [.text("and another")], activeRunID: first.runID))
        let handedBack = await view.handedBack
        #expect(handedBack.map(\.runID) == [first.runID])
        #expect(handedBack.first?.message.text == "and another")
        #expect(live.server.runCount(inSession: session.id) == 1, "no second message was sent")
        #expect(try live.store.outbox(sessionID: session.id).isEmpty, "nor kept for a later delivery")
        let transcript = try await live.api.transcript(sessionID: session.id)
        #expect(!transcript.contains { $0.plainText == "and another" })
    }
}

actor RunIDBox {
    var value: String?
    func set(_ id: String) { value = id }
}
