import Foundation
import Testing
import VeetFixture

/// Every switchable fault of `FixtureServer.faults`.
@Suite struct FaultInjectionTests {
    @Test func cutStreamEndsWithoutTerminatingChunkAndReconnectResumes() throws {
        let harness = try Harness()
        let run = try StreamReplayTests.finishedRun(harness, "What is 2 + 2?")
        harness.server.faults.cutStreamsAfterFrames = 4
        harness.server.faults.cutStreamsLimit = 1
        let cut = try harness.openStream(run)
        let frames = try cut.readToEnd()
        #expect(frames.count == 4)
        #expect(cut.ending == .cut)
        let lastID = try #require(frames.compactMap(\.id).last)
        let resumed = try harness.openStream(run, lastEventID: String(lastID))
        let rest = try resumed.readToEnd()
        #expect(resumed.ending == .finished)
        let full = try harness.streamToEnd(run)
        #expect((frames + rest).compactMap(\.id) == full.compactMap(\.id))
    }

    @Test func cutEveryLiveStreamStillLetsAReconnectingClientFinish() throws {
        let harness = try Harness()
        harness.server.faults.cutStreamsAfterFrames = 3
        let run = try harness.startRun(try harness.createSession(), "What is 6 * 7?")
        var lastID = 0
        var types: [String] = []
        for _ in 0..<40 {
            let stream = try harness.openStream(run, lastEventID: String(lastID))
            let frames = try stream.readToEnd()
            types += frames.filter { $0.id != nil }.compactMap(\.event)
            lastID = frames.compactMap(\.id).last ?? lastID
            if types.contains("run.completed") { break }
        }
        #expect(types.contains("run.completed"))
        #expect(types.filter { $0 == "run.completed" }.count == 1)
    }

    @Test func overflowFrameCarriesTheLastSequenceThenCloses() throws {
        let harness = try Harness()
        let run = try StreamReplayTests.finishedRun(harness, "Hello")
        harness.server.faults.overflowAfterFrames = 5
        harness.server.faults.overflowLimit = 1
        let stream = try harness.openStream(run)
        let frames = try stream.readToEnd()
        #expect(stream.ending == .finished)
        #expect(try stream.connection.isClosedByServer())
        let overflow = try #require(frames.last)
        #expect(overflow.event == "stream.overflow")
        #expect(overflow.id == nil)
        #expect(overflow.object.keys.sorted() == ["last_sequence"])
        #expect(overflow.object["last_sequence"] as? Int == frames.dropLast().compactMap(\.id).last)
        let resumed = try harness.openStream(run, lastEventID: String(overflow.object["last_sequence"] as? Int ?? 0))
        #expect(try resumed.readToEnd().contains { $0.event == "run.completed" })
    }

    @Test func droppedSubmitWasAppliedAndTheRetryReplaysIt() throws {
        let harness = try Harness(holdRuns: true)
        harness.server.faults.dropAfterSubmit = 2
        let session = try harness.createSession()
        // The first send creates the run, the retry is a replay: both answers are lost.
        for _ in 0..<2 {
            let connection = try TestConnection(port: harness.port)
            try connection.send(harness.rawRequest(
                "POST", "/v1/sessions/\(session)/messages", headers: [("Idempotency-Key", "retry-1")],
                body: Harness.messageBody("Hello")))
            #expect(try connection.readHead() == nil)
        }
        #expect(harness.server.runCount(inSession: session) == 1)
        let retry = try harness.submit(session, "Hello", key: "retry-1")
        #expect(retry.status == 200)
        #expect(retry.object["run_id"] as? String == harness.server.runIDs(inSession: session).first)
        #expect(harness.server.faults.dropAfterSubmit == 0)
    }

    @Test func failedSubmitsAnswer500AndApplyNothing() throws {
        let harness = try Harness(holdRuns: true)
        harness.server.faults.failSubmits = 1
        let session = try harness.createSession()
        let failed = try harness.submit(session, "Hello", key: "fail-1")
        #expect(failed.status == 500)
        #expect(harness.server.runCount(inSession: session) == 0)
        #expect(harness.server.faults.failSubmits == 0)
        let next = try harness.submit(session, "Hello", key: "fail-1")
        #expect(next.status == 202)
        #expect(harness.server.runCount(inSession: session) == 1)
    }

    @Test(arguments: [(503, "service_unavailable"), (429, "rate_limited")])
    func rejectedRequestsCarryRetryAfterThenServiceResumes(status: Int, code: String) throws {
        let harness = try Harness()
        harness.server.faults.rejectNextRequests = .init(status: status, count: 2, retryAfter: "3")
        #expect(try harness.request("GET", "/health/live").status == 200)
        for _ in 0..<2 {
            let response = try harness.request("GET", "/v1/sessions")
            #expect(response.status == status)
            #expect(response.header("retry-after") == "3")
            #expect(response.errorCode == code)
            #expect(response.error["request_id"] as? String == response.header("x-request-id"))
        }
        #expect(try harness.request("GET", "/v1/sessions").status == 200)
    }

    /// Off by default (routes never redirect); switched on, every /v1/ request gets the
    /// redirect, with its own path and query appended to the target.
    @Test(arguments: [301, 302, 307, 308])
    func everyAPIRequestCanBeRedirectedForClientTests(status: Int) throws {
        let harness = try Harness()
        #expect(harness.server.faults.redirectEveryRequest == nil)
        #expect(try harness.request("GET", "/v1/sessions").status == 200)
        harness.server.faults.redirectEveryRequest = .init(status: status, location: "http://127.0.0.1:9/elsewhere")
        let response = try harness.request("GET", "/v1/sessions?limit=2")
        #expect(response.status == status)
        #expect(response.header("location") == "http://127.0.0.1:9/elsewhere/v1/sessions?limit=2")
        #expect(try harness.request("GET", "/health/live").status == 200)
        harness.server.faults.redirectEveryRequest = nil
        #expect(try harness.request("GET", "/v1/sessions").status == 200)
    }

    @Test func heartbeatIntervalCanBeChangedAtRunTime() throws {
        var options = FixtureOptions.testing
        options.heartbeatInterval = 3600
        let harness = try Harness(options: options)
        harness.server.faults.heartbeatInterval = 0.05
        let (_, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please approve it")
        try stream.read(untilEvent: "approval.requested")
        #expect(try stream.next()?.isHeartbeat == true)
    }
}
