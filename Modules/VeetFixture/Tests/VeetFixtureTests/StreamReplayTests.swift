import Foundation
import Testing
import VeetFixture

/// Replay, `Last-Event-ID`, heartbeats and the stream's end (docs/wire/streaming.md §3-5).
@Suite struct StreamReplayTests {
    /// Runs `prompt` to its end in a new session and returns the run id.
    static func finishedRun(_ harness: Harness, _ prompt: String) throws -> String {
        let run = try harness.startRun(try harness.createSession(), prompt)
        _ = try harness.streamToEnd(run)
        return run
    }

    @Test func replayOfAFinishedRunFromAnIdMatchesRecording() throws {
        let harness = try Harness()
        let run = try Self.finishedRun(harness, "What is 17 * 23?")
        let stream = try harness.openStream(run, lastEventID: "18")
        let frames = try stream.readToEnd()
        #expect(FrameShape.withoutHeartbeats(frames) == FrameShape.withoutHeartbeats(try Golden.frames("sse-replay-completed.txt")))
        #expect(stream.ending == .finished)
    }

    @Test func replayTailIncludesTheMemoryEventWrittenAfterTheTerminalEvent() throws {
        let harness = try Harness()
        let run = try Self.finishedRun(harness, "Hello there, contract check")
        let frames = try harness.openStream(run, lastEventID: "14").readToEnd()
        let golden = try Golden.frames("sse-replay-tail-post-terminal.txt")
        #expect(frames.map(FrameShape.shape) == golden.map(FrameShape.shape))
        #expect(frames.compactMap(\.id) == golden.compactMap(\.id))
        #expect((frames.last?.object["not_before"] as? String)?.hasSuffix("+00:00") == true)
    }

    @Test func liveStreamEndsRightAfterTheTerminalEventAndStoresNoDeltas() throws {
        let harness = try Harness()
        let run = try harness.startRun(try harness.createSession(), "Hello")
        let stream = try harness.openStream(run)
        let frames = try stream.readToEnd()
        #expect(frames.last?.event == "run.completed")
        #expect(stream.ending == .finished)
        let replay = try harness.streamToEnd(run)
        #expect(replay.last?.event == "memory.formation.requested")
        #expect(!replay.contains { $0.id == nil })
        #expect(harness.server.eventTypes(ofRun: run) == replay.compactMap(\.event))
    }

    @Test func runsOfOneSessionShareOneSequenceCounter() throws {
        let harness = try Harness()
        let session = try harness.createSession()
        let first = try harness.startRun(session, "Hello")
        _ = try harness.streamToEnd(first)
        let second = try harness.startRun(session, "Hello again")
        let frames = try harness.streamToEnd(second)
        // 1 is session.created; the first run's replay ends with its memory event.
        #expect(frames.first?.id == harness.server.lastSequence(ofRun: first) + 1)
        #expect(try harness.streamToEnd(first).first?.id == 2)
        let ids = frames.compactMap(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
    }

    @Test func reconnectWithLastEventIDGetsOnlyNewerPersistedFrames() throws {
        var options = FixtureOptions.testing
        options.slowReplyDuration = 0.6
        let harness = try Harness(options: options)
        let (run, first) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Tell me a slow story")
        try first.read { $0.object["text"] as? String == "slow chunk 6. " }
        let lastID = try #require(first.received.compactMap(\.id).last)
        #expect(lastID == 11)
        let second = try harness.openStream(run, lastEventID: String(lastID))
        let frames = try second.readToEnd()
        #expect(frames.allSatisfy { ($0.id ?? Int.max) > lastID })
        #expect(FrameShape.persisted(frames) == FrameShape.persisted(try Golden.frames("sse-reconnect-part2.txt")))
    }

    @Test func idBeyondTheEndOfAFinishedRunGivesAnEmptyStream() throws {
        let harness = try Harness()
        let run = try Self.finishedRun(harness, "Hello")
        for lastID in ["9999", "99999999999999999999999"] {
            let stream = try harness.openStream(run, lastEventID: lastID)
            #expect(stream.status == 200)
            #expect(try stream.readToEnd().isEmpty)
            #expect(stream.ending == .finished)
        }
    }

    @Test func idBeyondInt64OnALiveRunClosesAtOnce() throws {
        let harness = try Harness(holdRuns: true)
        let run = try harness.startRun(try harness.createSession(), "Hello")
        let stream = try harness.openStream(run, lastEventID: "9223372036854775808")
        #expect(stream.status == 200)
        #expect(try stream.readToEnd().isEmpty)
    }

    @Test func idBeyondTheEndOfALiveRunGetsHeartbeatsAndDeltasButNoPersistedFrame() throws {
        let harness = try Harness()
        let (run, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please approve an external write after a pause")
        let requested = try #require(try stream.read(untilEvent: "approval.requested"))
        let beyond = try harness.openStream(run, lastEventID: "9999")
        let heartbeat = try beyond.next()
        #expect(heartbeat?.isHeartbeat == true)
        #expect(try harness.resolve(try #require(requested.object["approval_id"] as? String), "approve_once").status == 200)
        let frames = try beyond.readToEnd()
        #expect(!frames.contains { $0.id != nil })
        #expect(beyond.ending == .finished)
        let golden = try Golden.frames("sse-beyond-end-live.txt")
        #expect(FrameShape.withoutHeartbeats(frames) == FrameShape.withoutHeartbeats(golden))
    }

    @Test func idleStreamGetsHeartbeatComments() throws {
        let harness = try Harness()
        let (_, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please approve this")
        try stream.read(untilEvent: "approval.requested")
        let next = try #require(try stream.next())
        #expect(next.isHeartbeat)
        let golden = try Golden.frames("sse-heartbeat.txt")
        #expect(golden.last?.isHeartbeat == true)
    }

    @Test func streamResponseHeadersMatchTheRecording() throws {
        let harness = try Harness()
        let run = try Self.finishedRun(harness, "Hello")
        let stream = try harness.openStream(run, lastEventID: "0")
        #expect(stream.header("content-type") == "text/event-stream; charset=utf-8")
        #expect(stream.header("cache-control") == "no-cache")
        #expect(stream.header("x-accel-buffering") == "no")
        #expect(stream.header("transfer-encoding") == "chunked")
        #expect(stream.header("x-request-id") != nil)
        #expect(try stream.readToEnd().first?.id == 2)
    }

    @Test(arguments: [
        ("abc", "Last-Event-ID must be an integer"), ("5.0", "Last-Event-ID must be an integer"),
        ("1e3", "Last-Event-ID must be an integer"), ("0x10", "Last-Event-ID must be an integer"),
        ("", "Last-Event-ID must be an integer"), ("-1", "Last-Event-ID must not be negative"),
    ])
    func badLastEventIDIsAJSONErrorBeforeTheStream(value: String, message: String) throws {
        let harness = try Harness()
        let run = try Self.finishedRun(harness, "Hello")
        let response = try harness.request("GET", "/v1/runs/\(run)/events", headers: [("Last-Event-ID", value)])
        #expect(response.status == 400)
        #expect(response.errorCode == "malformed_request")
        #expect(response.errorMessage == message)
        let golden = try Golden.error(
            "errors-3.txt", section: message.hasSuffix("negative") ? "400 negative" : "400 fractional")
        #expect(response.errorMessage == golden["message"] as? String)
    }

    @Test func unknownRunStreamIsA404BeforeTheStream() throws {
        let harness = try Harness()
        let response = try harness.request("GET", "/v1/runs/\(UUID().uuidString.lowercased())/events")
        #expect(response.status == 404)
        let golden = try Golden.error("errors-1.txt", section: "404 unknown run events")
        #expect(response.errorMessage == golden["message"] as? String)
    }
}
