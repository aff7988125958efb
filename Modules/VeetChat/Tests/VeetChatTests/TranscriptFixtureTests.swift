import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport
import VeetWire

/// The transcript rules on live streams from the in-process reference server:
/// a conversation followed as it happens, then restored and replayed.
@Suite(.serialized) struct TranscriptFixtureTests {
    struct Followed {
        var transcript: Transcript
        var sessionID: String
        var runID: String
        var statusLines: [String]
        var frames: [RunEventFrame]
    }

    /// Sends `prompt` the way a frontend does (optimistic first) and follows the run,
    /// deciding approvals with `decision` and answering questions with `answer`.
    func follow(_ live: LiveFixture, _ prompt: String, decision: ApprovalDecision = .approveOnce,
                answer: String = "12 to 15 September.") async throws -> Followed {
        let session = try await live.api.createSession()
        var transcript = Transcript()
        let key = IdempotencyKey()
        transcript.addOptimisticUserMessage([.text(prompt)], clientKey: key.rawValue)
        // Held until the stream is open: transient frames (deltas) are never replayed.
        live.server.holdRuns(true)
        let runID = try await live.api.submit(sessionID: session.id, content: [.text(prompt)], key: key).runID
        transcript.submissionAccepted(clientKey: key.rawValue, runID: runID)
        var lines: [String] = []
        var frames: [RunEventFrame] = []
        for try await output in live.api.events(runID: runID).events() {
            if case .connected = output { live.server.holdRuns(false) }
            guard case .frame(let frame) = output else { continue }
            frames.append(frame)
            transcript.apply(frame)
            if let line = transcript.statusLine, lines.last != line { lines.append(line) }
            switch frame.event {
            case .approvalRequested(let requested):
                _ = try await live.api.resolve(approvalID: requested.approvalID, decision: decision)
            case .runWaitingForUser(let waiting):
                _ = try await live.api.answer(runID: runID, questionID: waiting.questionID, text: answer)
            default: break
            }
        }
        return Followed(transcript: transcript, sessionID: session.id, runID: runID, statusLines: lines, frames: frames)
    }

    /// Selecting the conversation later: durable transcript first, then the latest run replayed.
    func reopen(_ live: LiveFixture, _ followed: Followed) async throws -> Transcript {
        var transcript = Transcript(restoring: try await live.api.transcript(sessionID: followed.sessionID))
        for try await output in live.api.events(runID: followed.runID).events() {
            if case .frame(let frame) = output { transcript.apply(frame) }
        }
        return transcript
    }

    func texts(_ transcript: Transcript) -> [String] {
        transcript.items.compactMap { $0.user?.text ?? $0.assistant?.text }
    }

    @Test func anAnswerStreamsAfterTheOptimisticMessageAndReopensIdentically() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let followed = try await follow(live, "Hello there")
        let users = followed.transcript.items.filter { $0.user != nil }
        #expect(users.count == 1)
        #expect(users.first?.id.hasPrefix("optimistic:") == true)
        #expect(users.first?.user?.isOptimistic == false)
        #expect(followed.transcript.items.last?.assistant?.phase == .final)
        #expect(followed.statusLines == ["Working..."])
        let reopened = try await reopen(live, followed)
        #expect(texts(reopened) == texts(followed.transcript))
    }

    @Test func approvedCallsShareABundleAndSitBeforeTheAnswerWhenReopened() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let followed = try await follow(live, "Write the report artifact")
        #expect(followed.statusLines.contains("Needs your approval"))
        let reopened = try await reopen(live, followed)
        for transcript in [followed.transcript, reopened] {
            let entries = transcript.entries
            guard let bundleIndex = entries.firstIndex(where: { if case .bundle = $0 { true } else { false } }),
                  case .bundle(let bundle) = entries[bundleIndex] else {
                Issue.record("no bundle in \(entries.map(\.id))"); continue
            }
            #expect(bundle.toolNames == ["workspace.write_text", "artifact.export"])
            #expect(bundle.calls.first?.approval?.state == .approvedOnce)
            let answerIndex = try #require(entries.lastIndex { if case .item(let item) = $0 { item.assistant?.phase == .final } else { false } })
            #expect(bundleIndex < answerIndex)
        }
        #expect(texts(reopened) == texts(followed.transcript))
    }

    @Test func aDeniedApprovalShowsTheCallAsDeniedAtItsApproval() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let followed = try await follow(live, "Please approve an external write", decision: .deny)
        let call = try #require(followed.transcript.toolCalls.first)
        #expect(call.wasDeniedAtApproval)
        #expect(call.outcomeLabel == .denied)
        #expect(call.isBundleable)
        #expect(call.approval?.decisionText == "Denied")
    }

    @Test func aQuestionAsksForAnAnswerAndIsMarkedAnswered() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let followed = try await follow(live, "Please ask me which dates")
        #expect(followed.statusLines.contains("Needs your answer"))
        let question = try #require(followed.transcript.items.compactMap(\.question).first)
        #expect(question.state == .answered)
        #expect(question.answer == "12 to 15 September.")
        #expect(followed.transcript.statusLine == nil)
    }

    @Test func reasoningNeverReachesTheTranscript() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let followed = try await follow(live, "Think about it")
        let reasoning = followed.frames.compactMap { if case .reasoningDelta(let d) = $0.event { d.text } else { nil } }
        #expect(!reasoning.isEmpty)
        for text in reasoning { #expect(!String(describing: followed.transcript).contains(text)) }
    }

    @Test func aFailedRunEndsWithItsPublicMessageReasonAndStep() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let followed = try await follow(live, "Please fail")
        let outcome = try #require(followed.transcript.items.last?.outcome)
        #expect(outcome.kind == .failed)
        #expect(!outcome.reason.isEmpty && !outcome.message.isEmpty)
        #expect(outcome.stepNumber != nil)
    }

    @Test func aSubmissionRefusedBeforeAcceptanceRemovesTheOptimisticMessage() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        var transcript = Transcript()
        let key = IdempotencyKey()
        transcript.addOptimisticUserMessage([.text("hello")], clientKey: key.rawValue)
        #expect(transcript.items.count == 1)
        do {
            _ = try await live.api.submit(sessionID: "no-such-session", content: [.text("hello")], key: key)
            Issue.record("the submission should have failed")
        } catch {
            transcript.submissionFailed(clientKey: key.rawValue)
        }
        #expect(transcript.items.isEmpty)
    }
}
