import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// The transcript rules of issue 4 item 1, one test per rule, on the recordings
/// (and on scripted streams where no recording shows the case).
@Suite struct TranscriptReducerTests {
    func kinds(_ transcript: Transcript) -> [String] {
        transcript.items.map { item in
            switch item.kind {
            case .user: "user"
            case .assistant: "assistant"
            case .tool(let tool): "tool:\(tool.name)"
            case .approval: "approval"
            case .question: "question"
            case .outcome: "outcome"
            }
        }
    }

    @Test func durableEventsArePlacedBySequenceSoAReplayedCallLandsBeforeItsAnswer() throws {
        let frames = try recorded("sse-tool.txt")
        // Restore the saved transcript first (it has the answer), then replay the run.
        let restored = reduce(frames, into: Transcript(restoring: durableTranscript(of: frames)))
        #expect(kinds(restored) == ["user", "tool:math.calculate", "assistant"])
        #expect(restored.items.map(\.position) == restored.items.map(\.position).sorted())
    }

    @Test func liveAndTransientItemsGoAtTheEnd() {
        var script = StreamScript()
        script.user("hello")
        script.delta("partial ")
        script.succeed("web.fetch", "c1")
        let transcript = reduce(script.frames)
        #expect(kinds(transcript) == ["user", "tool:web.fetch", "assistant"])
        #expect(transcript.items.last?.position.isLive == true)
        #expect(transcript.items.last?.assistant?.phase == .streaming)
    }

    @Test func theOptimisticUserMessageAppearsBeforeAnyNetworkCall() {
        var transcript = Transcript()
        let id = transcript.addOptimisticUserMessage([.text("Find hotels")], clientKey: "k1")
        #expect(transcript.items.map(\.id) == [id])
        #expect(transcript.items.first?.user?.isOptimistic == true)
        #expect(transcript.items.first?.user?.text == "Find hotels")
    }

    @Test func userMessageCreatedReplacesTheOptimisticMessageInPlaceByClientKey() throws {
        let frames = try recorded("sse-simple.txt")
        let runID = try #require(frames.first?.runID)
        guard case .userMessageCreated(let sent)? = frames.first?.event else { Issue.record("no user message"); return }
        var transcript = Transcript()
        // The text differs on purpose: the accepted run, not the text, makes the match.
        let id = transcript.addOptimisticUserMessage([.text(sent.plainText + " (draft)")], clientKey: "k1")
        transcript.submissionAccepted(clientKey: "k1", runID: runID)
        transcript.apply(frames)
        let users = transcript.items.filter { $0.user != nil }
        #expect(users.count == 1)
        #expect(users.first?.id == id)
        #expect(users.first?.user?.isOptimistic == false)
        #expect(users.first?.user?.text == sent.plainText)
        #expect(users.first?.position == .durable(sequence: try #require(frames.first?.sequence), index: 0))
    }

    @Test func userMessageCreatedReplacesTheOptimisticMessageByTextWhenTheRunIsNotKnownYet() throws {
        var script = StreamScript()
        script.user("Same words")
        var transcript = Transcript()
        let id = transcript.addOptimisticUserMessage([.text("Same words")], clientKey: "k1")
        transcript.apply(script.frames)
        #expect(transcript.items.map(\.id) == [id])
        #expect(transcript.items.first?.user?.isOptimistic == false)
    }

    @Test func aSubmissionFailureBeforeAcceptanceRemovesTheOptimisticMessage() {
        var transcript = Transcript()
        transcript.addOptimisticUserMessage([.text("one")], clientKey: "k1")
        transcript.addOptimisticUserMessage([.text("two")], clientKey: "k2")
        transcript.submissionAccepted(clientKey: "k2", runID: "run-2")
        let removedUnaccepted = transcript.submissionFailed(clientKey: "k1")
        // Once accepted the message stays: the server has it.
        let removedAccepted = transcript.submissionFailed(clientKey: "k2")
        #expect(removedUnaccepted)
        #expect(!removedAccepted)
        #expect(transcript.items.compactMap(\.user?.text) == ["two"])
    }

    @Test func streamedTextIsReplacedByTheSavedMessage() throws {
        let frames = try recorded("sse-simple.txt")
        var transcript = Transcript()
        var streamingID: String?
        for frame in frames {
            transcript.apply(frame)
            if streamingID == nil, let live = transcript.items.first(where: { $0.assistant?.phase == .streaming }) {
                streamingID = live.id
            }
        }
        let answers = transcript.items.filter { $0.assistant != nil }
        #expect(answers.count == 1)
        #expect(answers.first?.id == streamingID)
        #expect(answers.first?.assistant?.phase == .final)
        #expect(answers.first?.position.isLive == false)
        guard case .runCompleted(let completed)? = frames.last(where: { $0.type == "run.completed" })?.event else {
            Issue.record("no run.completed"); return
        }
        #expect(answers.first?.assistant?.text == completed.finalMessage?.plainText)
    }

    @Test func rawReasoningIsDroppedAtTheBoundary() throws {
        let frames = try recorded("sse-reasoning.txt")
        var transcript = Transcript()
        var sawThinking = false
        for frame in frames {
            transcript.apply(frame)
            sawThinking = sawThinking || transcript.isThinking
            // Nothing the reducer holds, public or private, contains the reasoning text.
            #expect(!String(describing: transcript).contains("consider this carefully"))
        }
        #expect(sawThinking)
        #expect(!transcript.isThinking)
    }

    @Test func aReasoningSummaryShowsOnlyItsLatestHeadingUntilTheAnswerStarts() {
        var script = StreamScript()
        script.started()
        script.reasoning("**Comparing rates**\nraw detail one", summary: true)
        var transcript = reduce(script.frames)
        #expect(transcript.thinkingLine == "Thinking: Comparing rates")
        var next = StreamScript(startingAt: script.sequence)
        next.transient("reasoning.delta", "\"is_summary\":true,\"item_index\":1,\"step_number\":1,\"text\":\"**Checking avail\"")
        next.transient("reasoning.delta", "\"is_summary\":true,\"item_index\":1,\"step_number\":1,\"text\":\"ability**\\nmore\"")
        transcript.apply(next.frames)
        #expect(transcript.thinkingLine == "Thinking: Checking availability")
        #expect(!String(describing: transcript.items).contains("raw detail"))
        var answer = StreamScript(startingAt: next.sequence)
        answer.delta("Here")
        transcript.apply(answer.frames)
        #expect(!transcript.isThinking)
        #expect(transcript.thinkingLine == nil)
    }

    @Test func aFailedRunShowsThePublicMessageTheStableReasonAndStepAndAttempt() throws {
        let transcript = reduce(try recorded("sse-model-failure.txt"))
        let outcome = try #require(transcript.items.last?.outcome)
        #expect(outcome.kind == .failed)
        #expect(outcome.reason == "model_permanent_error")
        #expect(!outcome.message.isEmpty)
        #expect(outcome.stepNumber != nil)
        #expect(outcome.attemptNumber != nil)
        #expect(outcome.summary.contains("model_permanent_error"))
        #expect(transcript.runStatus == .failed)
    }

    @Test func aCancellationForADeadlineGetsTheSameExplanationAsADeadlineFailure() throws {
        var failed = StreamScript(runID: "a")
        failed.persisted("run.failed", """
            "failure":{"attempt_number":1,"details":{},"error_class":"DeadlineExceeded","message":"deadline exceeded",\
            "occurred_at":"2026-08-22T18:05:02Z","reason":"deadline_exceeded","step_number":4}
            """)
        var cancelled = StreamScript(runID: "b", startingAt: 10)
        cancelled.persisted("run.cancelled", "\"reason\":\"deadline\"")
        let failure = try #require(reduce(failed.frames).items.last?.outcome)
        let cancellation = try #require(reduce(cancelled.frames).items.last?.outcome)
        #expect(cancellation.message == failure.message)
        #expect(cancellation.reason == failure.reason)
        #expect(cancellation.kind == .failed)
        #expect(cancellation.isDeadline && failure.isDeadline)
        // Rebuilt locally: no diagnostic reference.
        #expect(cancellation.isReconstructed && cancellation.reference == nil)
        #expect(!failure.isReconstructed)
    }

    @Test func aRequestedCancellationSaysSoAndClearsWhatTheRunWaitedFor() throws {
        let transcript = reduce(try recorded("sse-cancel-waiting-approval.txt"))
        #expect(transcript.items.last?.outcome?.kind == .cancelled)
        #expect(transcript.items.last?.outcome?.reason == "requested")
        #expect(transcript.pendingApprovalIDs.isEmpty)
        let card = try #require(transcript.items.compactMap(\.approval).first)
        #expect(card.state == .cancelled)
        #expect(transcript.statusLine == nil)
    }

    @Test func theStatusLineSaysNeedsYourApprovalWhileAnApprovalIsPending() throws {
        var transcript = Transcript()
        for frame in try recorded("sse-approval.txt") {
            transcript.apply(frame)
            if frame.type == "approval.requested" { break }
        }
        #expect(transcript.statusLine == "Needs your approval")
        #expect(transcript.items.compactMap(\.approval).map(\.state) == [.pending])
    }

    @Test func theStatusLineSaysNeedsYourAnswerForAQuestion() throws {
        var transcript = Transcript()
        for frame in try recorded("sse-ask-user.txt") {
            transcript.apply(frame)
            if frame.type == "run.waiting_for_user" { break }
        }
        #expect(transcript.statusLine == "Needs your answer")
        let question = try #require(transcript.pendingQuestion)
        #expect(question.questionID != nil)
        #expect(question.text?.isEmpty == false)
    }

    @Test func theStatusLineSaysWorkingWhenAWaitingRunHasNothingLeftToDecide() {
        var script = StreamScript()
        script.started()
        script.plan("web.fetch", "c1")
        script.persisted("run.waiting_for_approval", "\"suspension\":{\"approval_id\":\"a1\",\"kind\":\"approval\"}")
        script.persisted("approval.requested", "\"approval_id\":\"a1\"")
        script.persisted("approval.resolved", "\"approval_id\":\"a1\",\"resolution\":\"approve_once\"")
        let transcript = reduce(script.frames)
        #expect(transcript.runStatus == .waitingForApproval)
        #expect(transcript.statusLine == "Working...")
    }

    @Test func theStatusLineIsGoneOnceTheRunEnds() throws {
        let transcript = reduce(try recorded("sse-tool.txt"))
        #expect(transcript.runStatus == .completed)
        #expect(transcript.statusLine == nil)
    }

    @Test func restoringSeedsTheDurableTranscriptThenDeDuplicatesTheStreamBySequence() throws {
        let frames = try recorded("sse-approval.txt")
        let restored = Transcript(restoring: durableTranscript(of: frames))
        let before = restored.items.count
        let replayed = reduce(frames + frames, into: restored)
        #expect(replayed.items.filter { $0.user != nil }.count == 1)
        #expect(replayed.items.filter { $0.assistant?.phase == .final }.count == 1)
        #expect(before == 2)
        #expect(kinds(replayed).last == "assistant")
    }

    @Test func aPersistedFrameSeenBeforeIsIgnoredCompletely() throws {
        let frames = try recorded("sse-tool.txt")
        var transcript = reduce(frames)
        let once = transcript
        for frame in frames where frame.isPersisted {
            let changed = transcript.apply(frame)
            #expect(!changed)
        }
        #expect(transcript == once)
    }

    @Test func aQuestionIsShownWithItsIdAndMarkedAnsweredByTheOwnersReply() throws {
        let transcript = reduce(try recorded("sse-ask-user.txt"))
        let question = try #require(transcript.items.compactMap(\.question).first)
        #expect(question.state == .answered)
        #expect(question.questionID != nil)
        // The ask_user call is the question card, not a tool row.
        #expect(!transcript.toolCalls.contains { $0.name == ToolActivity.askUserTool })
    }

    @Test func aCancelledWaitingQuestionIsWithdrawn() throws {
        let transcript = reduce(try recorded("sse-cancel-waiting-user.txt"))
        #expect(transcript.items.compactMap(\.question).first?.state == .withdrawn)
        #expect(transcript.pendingQuestion == nil)
    }

    @Test func textStreamedBeforeACancellationIsKeptAsInterrupted() throws {
        let transcript = reduce(try recorded("sse-cancel.txt"))
        let streamed = try #require(transcript.items.first { $0.assistant != nil }?.assistant)
        #expect(streamed.phase == .interrupted)
        #expect(!streamed.text.isEmpty)
    }

    @Test func exportedFilesArriveAsReferencesUnderTheAnswer() throws {
        var script = StreamScript()
        script.user("export it")
        script.answer("Here is the report.", files: ",{\"kind\":\"file\",\"artifact_id\":\"art-1\",\"media_type\":\"text/plain\",\"filename\":\"report.txt\"}")
        let answer = try #require(reduce(script.frames).items.last)
        #expect(answer.files == [FileReference(artifactID: "art-1", mediaType: "text/plain", filename: "report.txt", isImage: false)])
        #expect(answer.assistant?.text == "Here is the report.")
    }

    @Test func interimTextBeforeAToolCallIsKeptInItsPlaceOnReplay() throws {
        // Replays carry no deltas: the interim text comes from the model response itself.
        let frames = try recorded("sse-deny.txt").filter(\.isPersisted)
        let transcript = reduce(frames)
        #expect(kinds(transcript) == ["user", "assistant", "tool:demo.external_write", "approval", "assistant"])
        #expect(transcript.items[1].assistant?.phase == .interim)
    }

    @Test func anApprovalReadLaterNeverReopensASettledCard() throws {
        var transcript = reduce(try recorded("sse-approval.txt"))
        let card = try #require(transcript.items.compactMap(\.approval).first)
        transcript.attach(ApprovalView(id: card.approvalID, runID: transcript.latestRunID ?? "", sessionID: "s",
                                       status: .pending, toolName: "demo.external_write", risk: .high, createdAt: ""))
        let after = try #require(transcript.items.compactMap(\.approval).first)
        #expect(after.state == .approvedOnce)
        #expect(after.risk == .high)
        #expect(transcript.toolCalls.first?.risk == .high)
        #expect(transcript.pendingApprovalIDs.isEmpty)
    }
}
