import Foundation
import Testing
@testable import VeetChat
import VeetTransport
import VeetWire

/// The run reducer fed with real recordings.
@Suite struct RunProgressTests {
    func reduce(_ name: String) throws -> (RunProgress, [RunChange]) {
        let frames = try Recordings.frames(name)
        var progress = RunProgress(runID: frames.first?.runID ?? "run")
        var changes: [RunChange] = []
        for frame in frames { changes += progress.apply(frame) }
        return (progress, changes)
    }

    @Test func aToolCallRecordingEndsWithTheSavedAnswer() throws {
        let (progress, changes) = try reduce("sse-tool.txt")
        #expect(progress.status == .completed)
        #expect(progress.answerText == "The answer is 391.")
        #expect(progress.tools.map(\.name) == ["math.calculate"])
        #expect(progress.tools.first?.state == .completed)
        #expect(progress.tools.first?.resultText == "391")
        // The saved message equals what streamed, so nothing is printed twice.
        #expect(changes.contains(.answerSaved(text: "The answer is 391.", streamedBefore: "The answer is 391.")))
        #expect(changes.last == .ended(.completed(text: "The answer is 391.")))
        #expect(progress.statusLine == nil)
    }

    @Test func anApprovalRecordingAsksOnceAndClears() throws {
        let (progress, changes) = try reduce("sse-approval.txt")
        let asks = changes.filter { if case .approvalNeeded = $0 { true } else { false } }
        #expect(asks == [.approvalNeeded(approvalID: "d19e8b88-ffce-435c-a885-8589aa7d4970")])
        #expect(progress.pendingApprovalID == nil)
        #expect(progress.tools.first?.name == "demo.external_write")
        #expect(progress.tools.first?.state == .completed)
    }

    @Test func theStatusLineNamesWhatTheOwnerMustDo() throws {
        let frames = try Recordings.frames("sse-approval.txt")
        var progress = RunProgress(runID: "r")
        for frame in frames {
            _ = progress.apply(frame)
            if frame.type == "run.waiting_for_approval" { break }
        }
        #expect(progress.statusLine == "Needs your approval")
    }

    @Test func aQuestionRecordingCarriesTheQuestionText() throws {
        let frames = try Recordings.frames("sse-ask-user.txt")
        var progress = RunProgress(runID: "r")
        var asked: PendingQuestion?
        for frame in frames {
            for case .questionAsked(let question) in progress.apply(frame) { asked = question }
        }
        let question = try #require(asked)
        #expect(question.questionID != nil)
        #expect(question.text?.isEmpty == false)
    }

    @Test func aFailureKeepsReasonAndStep() throws {
        let (progress, _) = try reduce("sse-model-failure.txt")
        #expect(progress.status == .failed)
        #expect(progress.failure?.reason == .modelPermanentError)
    }

    @Test func aCancelledRunClearsWhatItWaitedFor() throws {
        let (progress, _) = try reduce("sse-cancel-waiting-approval.txt")
        #expect(progress.status == .cancelled)
        #expect(progress.pendingApprovalID == nil)
        #expect(progress.cancelReason == .requested)
    }

    @Test func reasoningShowsOnlyThatTheAgentThinks() throws {
        let (progress, changes) = try reduce("sse-reasoning.txt")
        #expect(changes.contains { if case .thinking = $0 { true } else { false } })
        #expect(changes.contains(.thinkingEnded))
        #expect(!progress.isThinking)
        // Raw reasoning text never reaches the answer.
        let deltas = changes.compactMap { if case .textDelta(let t) = $0 { t } else { nil } }.joined()
        #expect(deltas == progress.answerText)
    }

    @Test func aCompletedCallWithAnErrorResultCountsAsFailed() throws {
        var tool = ToolActivity(callID: "c", name: "web.fetch", arguments: .object([:]))
        let json = #"{"call_id":"c","name":"web.fetch","reason_code":null,"result_item":{"call_id":"c","content":[{"kind":"text","text":"boom"}],"is_error":true,"kind":"tool_result","trust":"internal_tool"},"run_id":"r"}"#
        let event = try WireJSON.decoder().decode(RunEvent.ToolCallEvent.self, from: Data(json.utf8))
        tool.apply(phase: .completed, event: event)
        #expect(tool.state == .failed)
    }

    @Test func reasoningSummaryHeadings() {
        #expect(ReasoningSummary.latestHeading(in: "**Planning**\nsome text\n**Checking rates**") == "Checking rates")
        #expect(ReasoningSummary.latestHeading(in: "## Looking\nmore") == "Looking")
        #expect(ReasoningSummary.latestHeading(in: "no heading") == nil)
    }
}
