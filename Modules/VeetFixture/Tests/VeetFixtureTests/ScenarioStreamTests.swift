import Foundation
import Testing
import VeetFixture

/// Each scripted scenario, streamed live from its first frame, against the matching recording.
@Suite struct ScenarioStreamTests {
    /// The prompt of a recording (the text of its first `user.message.created`).
    static func prompt(of frames: [SSEFrame]) throws -> String {
        let content = frames.first?.object["content"] as? [[String: Any]]
        guard let text = content?.first?["text"] as? String else { throw TestFailure("recording has no prompt") }
        return text
    }

    /// Submits while runs are held, attaches, then releases: the stream sees every frame, deltas included.
    static func attachFromStart(_ harness: Harness, prompt: String) throws -> (run: String, stream: EventStreamReader) {
        harness.server.holdRuns(true)
        let session = try harness.createSession()
        let run = try harness.startRun(session, prompt)
        let stream = try harness.openStream(run)
        harness.server.holdRuns(false)
        return (run, stream)
    }

    @Test(arguments: ["sse-tool.txt", "sse-reasoning.txt", "sse-model-failure.txt"])
    func scriptedRunMatchesRecordingFrameForFrame(recording: String) throws {
        let golden = try Golden.frames(recording)
        let harness = try Harness()
        let (_, stream) = try Self.attachFromStart(harness, prompt: try Self.prompt(of: golden))
        let frames = try stream.readToEnd()
        #expect(FrameShape.withoutHeartbeats(frames) == FrameShape.withoutHeartbeats(golden))
        #expect(stream.ending == .finished)
    }

    @Test func plainAnswerHasTheSimpleRecordingsShapeAndIdsAndIsMarkdown() throws {
        let golden = try Golden.frames("sse-simple.txt")
        let harness = try Harness()
        let (_, stream) = try Self.attachFromStart(harness, prompt: try Self.prompt(of: golden))
        let frames = try stream.readToEnd()
        #expect(frames.compactMap(\.id) == golden.compactMap(\.id))
        #expect(FrameShape.collapsedShapes(frames) == FrameShape.collapsedShapes(golden))
        #expect(frames.filter { $0.event == "message.delta" }.count > 3)
        let message = frames.first { $0.event == "assistant.message.completed" }?.object["message"] as? [String: Any]
        let text = ((message?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text.hasPrefix("## ") && text.contains("\n- ") && text.contains("**") && text.contains("`"))
        let streamed = frames.filter { $0.event == "message.delta" }.compactMap { $0.object["text"] as? String }.joined()
        #expect(streamed == text)
    }

    @Test(arguments: [("sse-approval.txt", "approve_once", "APPROVED"), ("sse-deny.txt", "deny", "DENIED")])
    func approvalRoundTripMatchesRecording(recording: String, decision: String, status: String) throws {
        let golden = try Golden.frames(recording)
        let harness = try Harness()
        let (run, stream) = try Self.attachFromStart(harness, prompt: try Self.prompt(of: golden))
        let requested = try #require(try stream.read(untilEvent: "approval.requested"))
        let approvalID = try #require(requested.object["approval_id"] as? String)
        #expect(harness.server.runStatus(run) == "WAITING_FOR_APPROVAL")
        let resolved = try harness.resolve(approvalID, decision)
        #expect(resolved.status == 200)
        #expect(resolved.object["status"] as? String == status)
        _ = try stream.readToEnd()
        #expect(FrameShape.withoutHeartbeats(stream.received) == FrameShape.withoutHeartbeats(golden))
    }

    @Test func questionRoundTripMatchesRecordingThenAnswersWithTheReply() throws {
        let golden = try Golden.frames("sse-ask-user.txt")
        let harness = try Harness()
        let (run, stream) = try Self.attachFromStart(harness, prompt: try Self.prompt(of: golden))
        let waiting = try #require(try stream.read(untilEvent: "run.waiting_for_user"))
        let questionID = try #require(waiting.object["question_id"] as? String)
        let suspension = waiting.object["suspension"] as? [String: Any]
        #expect(suspension?["invocation_id"] as? String == questionID)
        let answer = try harness.answer(run, "Use the EU region.", questionID: questionID)
        #expect(answer.status == 202)
        #expect(answer.object["status"] as? String == "QUEUED")
        let frames = try stream.readToEnd()
        // The recorded server then failed with an internal error (a defect); ours goes on to answer.
        let sharedPrefix = golden.prefix { ($0.id ?? 0) <= 27 }
        #expect(FrameShape.withoutHeartbeats(Array(frames.prefix(sharedPrefix.count))) ==
            FrameShape.withoutHeartbeats(Array(sharedPrefix)))
        let tail = frames.dropFirst(sharedPrefix.count).compactMap(\.event)
        #expect(tail.first == "model.request.started")
        #expect(tail.suffix(2) == ["assistant.message.completed", "run.completed"])
        let final = frames.last?.object["final_message"] as? [String: Any]
        let text = ((final?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        #expect(text.contains("Use the EU region."))
    }

    @Test(arguments: ["sse-cancel.txt", "sse-cancel-running-full.txt"])
    func cancelWhileStreamingKeepsTheReplyThenCancels(recording: String) throws {
        let golden = try Golden.frames(recording)
        var options = FixtureOptions.testing
        options.slowReplyDuration = 1.5
        let harness = try Harness(options: options)
        let (run, stream) = try Self.attachFromStart(harness, prompt: try Self.prompt(of: golden))
        try stream.read(untilEvent: "message.delta")
        let cancel = try harness.cancel(run)
        #expect(cancel.status == 202)
        #expect(cancel.object["status"] as? String == "RUNNING")
        #expect(cancel.object["cancel_requested_at"] is String)
        _ = try stream.readToEnd()
        #expect(FrameShape.withoutHeartbeats(stream.received) == FrameShape.withoutHeartbeats(golden))
    }

    @Test(arguments: [
        ("sse-cancel-waiting-approval.txt", "approval.requested"), ("sse-cancel-waiting-user.txt", "run.waiting_for_user"),
    ])
    func cancelWhileWaitingAppendsOnlyRunCancelled(recording: String, waitEvent: String) throws {
        let golden = try Golden.frames(recording)
        let harness = try Harness()
        let (run, stream) = try Self.attachFromStart(harness, prompt: try Self.prompt(of: golden))
        try stream.read(untilEvent: waitEvent)
        let cancel = try harness.cancel(run)
        #expect(cancel.status == 200)
        #expect(cancel.object["status"] as? String == "CANCELLED")
        _ = try stream.readToEnd()
        #expect(FrameShape.withoutHeartbeats(stream.received) == FrameShape.withoutHeartbeats(golden))
    }

    @Test func cancelWhileQueuedMatchesRecording() throws {
        let golden = try Golden.frames("sse-cancel-queued.txt")
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let run = try harness.startRun(session, try Self.prompt(of: golden))
        let stream = try harness.openStream(run)
        try stream.read(untilEvent: "run.checkpointed")
        let cancel = try harness.cancel(run)
        #expect(cancel.status == 200)
        #expect(cancel.object["step_count"] as? Int == 0)
        _ = try stream.readToEnd()
        #expect(FrameShape.withoutHeartbeats(stream.received) == FrameShape.withoutHeartbeats(golden))
    }

    @Test func artifactScenarioMatchesRecordingAndStoresTheFile() throws {
        let golden = try Golden.frames("sse-artifact.txt") + Golden.frames("sse-artifact-part2.txt")
        let harness = try Harness()
        let (run, stream) = try Self.attachFromStart(harness, prompt: try Self.prompt(of: golden))
        let requested = try #require(try stream.read(untilEvent: "approval.requested"))
        let approvalID = try #require(requested.object["approval_id"] as? String)
        let approval = try harness.request("GET", "/v1/approvals/\(approvalID)")
        #expect(approval.object["risk"] as? String == "MEDIUM")
        #expect(approval.object["policy_reason"] as? String == "policy.matrix.workspace_write")
        #expect(try harness.resolve(approvalID, "approve_once").status == 200)
        _ = try stream.readToEnd()
        #expect(FrameShape.withoutHeartbeats(stream.received) == FrameShape.withoutHeartbeats(golden))

        let sessionID = try #require(harness.server.sessionIDs().first)
        let artifactID = try #require(harness.server.artifactIDs(inSession: sessionID).first)
        let metadata = try harness.request("GET", "/v1/artifacts/\(artifactID)")
        let recorded = try Golden.object("artifact-get.json")
        #expect(Set(metadata.object.keys) == Set(recorded.keys))
        for key in ["name", "media_type", "sha256", "size_bytes"] {
            #expect((metadata.object[key] as? NSObject) == (recorded[key] as? NSObject))
        }
        #expect(metadata.object["run_id"] as? String == run)
    }
}
