import Foundation
import Testing
@testable import VeetChat
import VeetTransport
import VeetWire

/// The changes and the run view the transcript reports, fed with real recordings
/// (what `TurnRunner` and the CLI's progress lines read).
@Suite struct RunChangesTests {
    func reduce(_ name: String) throws -> (Transcript, RunProgressView, [RunChange]) {
        let frames = try Recordings.frames(name)
        let runID = frames.first { $0.runID != nil }?.runID ?? "run"
        var transcript = Transcript(followingRun: runID)
        var changes: [RunChange] = []
        for frame in frames { changes += transcript.applyReportingChanges(frame) }
        return (transcript, transcript.run(runID), changes)
    }

    @Test func aToolCallRecordingEndsWithTheSavedAnswer() throws {
        let (transcript, run, changes) = try reduce("sse-tool.txt")
        #expect(run.status == .completed)
        #expect(run.answerText == "The answer is 391.")
        #expect(transcript.toolCalls.map(\.name) == ["math.calculate"])
        #expect(transcript.toolCalls.first?.state == .completed)
        #expect(transcript.toolCalls.first?.resultText == "391")
        // The saved message equals what streamed, so nothing is printed twice.
        #expect(changes.contains(.answerSaved(text: "The answer is 391.", streamedBefore: "The answer is 391.")))
        #expect(changes.last == .ended(.completed(text: "The answer is 391.")))
        #expect(changes.first == .userMessage(text: "What is 17 * 23?", questionID: nil))
        #expect(run.statusLine == nil)
    }

    @Test func anApprovalRecordingAsksOnceAndClears() throws {
        let (transcript, run, changes) = try reduce("sse-approval.txt")
        let asks = changes.filter { if case .approvalNeeded = $0 { true } else { false } }
        #expect(asks == [.approvalNeeded(approvalID: "d19e8b88-ffce-435c-a885-8589aa7d4970")])
        #expect(changes.contains(.approvalResolved(approvalID: "d19e8b88-ffce-435c-a885-8589aa7d4970",
                                                   resolution: .approveOnce)))
        #expect(run.pendingApprovalIDs.isEmpty)
        #expect(transcript.toolCalls.first?.name == "demo.external_write")
        #expect(transcript.toolCalls.first?.state == .completed)
    }

    @Test func theStatusLineNamesWhatTheOwnerMustDo() throws {
        let frames = try Recordings.frames("sse-approval.txt")
        var transcript = Transcript(followingRun: "r")
        var statuses: [RunStatus] = []
        for frame in frames {
            for case .status(let status) in transcript.applyReportingChanges(frame) { statuses.append(status) }
            if frame.type == "run.waiting_for_approval" { break }
        }
        #expect(statuses.last == .waitingForApproval)
        #expect(transcript.run(frames[0].runID ?? "r").statusLine == "Needs your approval")
    }

    @Test func aQuestionRecordingCarriesTheQuestionText() throws {
        let (_, _, changes) = try reduce("sse-ask-user.txt")
        let asked = changes.compactMap { if case .questionAsked(let question) = $0 { question } else { nil } }
        let question = try #require(asked.first)
        #expect(asked.count == 1)
        #expect(question.questionID != nil)
        #expect(question.text?.isEmpty == false)
    }

    @Test func aFailureKeepsReasonAndStep() throws {
        let (_, run, changes) = try reduce("sse-model-failure.txt")
        #expect(run.status == .failed)
        #expect(run.failure?.reason == .modelPermanentError)
        #expect(changes.last == .ended(.failed(run.failure)))
        #expect(run.failure?.stepNumber != nil)
    }

    @Test func aCancelledRunClearsWhatItWaitedFor() throws {
        let (_, run, changes) = try reduce("sse-cancel-waiting-approval.txt")
        #expect(run.status == .cancelled)
        #expect(run.pendingApprovalIDs.isEmpty)
        #expect(run.cancelReason == .requested)
        #expect(changes.last == .ended(.cancelled(reason: .requested)))
    }

    @Test func aDuplicateFrameReportsNothing() throws {
        let frames = try Recordings.frames("sse-tool.txt")
        var transcript = Transcript()
        for frame in frames { _ = transcript.applyReportingChanges(frame) }
        for frame in frames where frame.sequence != nil { #expect(transcript.applyReportingChanges(frame).isEmpty) }
    }

    @Test func reasoningShowsOnlyThatTheAgentThinks() throws {
        let (transcript, run, changes) = try reduce("sse-reasoning.txt")
        #expect(changes.contains { if case .thinking = $0 { true } else { false } })
        #expect(changes.contains(.thinkingEnded))
        #expect(!transcript.isThinking)
        // Raw reasoning text never reaches the answer.
        let deltas = changes.compactMap { if case .textDelta(let t) = $0 { t } else { nil } }.joined()
        #expect(deltas == run.answerText)
    }

    @Test func liveEventsSayWhatTheOwnerIsNeededFor() {
        func frame(_ type: String, _ data: String, id: Int?) -> RunEventFrame {
            RunEventFrame.decode(SSEEvent(event: type, data: data, id: id.map(String.init)))
        }
        var transcript = Transcript(followingRun: "r")
        func attention(_ type: String, _ data: String, id: Int?) -> [RunAttention] {
            transcript.applyReportingChanges(frame(type, data, id: id)).flatMap(\.attention)
        }
        // Starting is not moving on: an alert the inbox raised for this run must survive a replay from the start.
        #expect(attention("run.claimed", #"{"run_id":"r"}"#, id: 4).isEmpty)
        #expect(attention("approval.requested", #"{"approval_id":"ap-9","run_id":"r"}"#, id: 5)
                == [.approvalPending(approvalID: "ap-9")])
        #expect(attention("approval.resolved", #"{"approval_id":"ap-9","resolution":"deny","run_id":"r"}"#, id: 6)
                == [.approvalSettled(approvalID: "ap-9")])
        #expect(attention("run.waiting_for_user", #"{"question_id":"q-1","run_id":"r"}"#, id: 7)
                == [.questionAsked(questionID: "q-1")])
        #expect(attention("run.resumed", #"{"run_id":"r"}"#, id: 8) == [.runMovedOn])
        #expect(attention("message.delta", #"{"text":"hi","run_id":"r"}"#, id: nil).isEmpty)
        #expect(attention("run.failed", #"{"run_id":"r","failure":{"reason":"x","message":"m"}}"#, id: 9)
                == [.runMovedOn, .runFailed])
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
