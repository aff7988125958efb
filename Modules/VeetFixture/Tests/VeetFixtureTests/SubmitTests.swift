import Foundation
import Testing
import VeetFixture

/// `POST /v1/sessions/{id}/messages`: idempotency, active runs, routing to questions, validation.
@Suite struct SubmitTests {
    @Test func freshSubmitIsQueuedLikeTheRecording() throws {
        let harness = try Harness(holdRuns: true)
        let response = try harness.submit(try harness.createSession(), "Hello")
        #expect(response.status == 202)
        let recorded = try Golden.object("submit-simple.txt")
        #expect(Set(response.object.keys) == Set(recorded.keys))
        #expect(response.object["status"] as? String == "QUEUED")
    }

    @Test func sameKeyAndBodyReplaysWithTheCurrentStatus() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let first = try harness.submit(session, "hello idempotent", key: "key-1")
        #expect(first.status == 202)
        let runID = try #require(first.object["run_id"] as? String)
        let whileQueued = try harness.submit(session, "hello idempotent", key: "key-1")
        #expect(whileQueued.status == 200)
        #expect(whileQueued.object["run_id"] as? String == runID)
        #expect(whileQueued.object["status"] as? String == "QUEUED")
        harness.server.holdRuns(false)
        _ = try harness.streamToEnd(runID)
        let afterCompletion = try harness.submit(session, "hello idempotent", key: "key-1")
        #expect(afterCompletion.status == 200)
        #expect(afterCompletion.object["status"] as? String == "COMPLETED")
        #expect(harness.server.runCount(inSession: session) == 1)
    }

    @Test func keyReusedWithAnotherBodyOrSessionIsAConflict() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let other = try harness.createSession()
        #expect(try harness.submit(session, "first body", key: "key-2").status == 202)
        let golden = try Golden.error("errors-2.txt", section: "409 same key + different body")
        for (target, text) in [(session, "second body"), (other, "first body")] {
            let response = try harness.submit(target, text, key: "key-2")
            #expect(response.status == 409)
            #expect(response.errorCode == golden["code"] as? String)
            #expect(response.errorMessage == golden["message"] as? String)
            #expect(response.errorDetails as NSDictionary == golden["details"] as? NSDictionary)
        }
    }

    @Test func emptyKeyIsAKeyToo() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        #expect(try harness.submit(session, "same", key: "").status == 202)
        #expect(try harness.submit(session, "same", key: "").status == 200)
        #expect(try harness.submit(session, "other", key: "").status == 409)
    }

    @Test func keyLongerThan255IsMalformed() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        #expect(try harness.submit(session, "x", key: String(repeating: "k", count: 256)).status == 400)
        #expect(try harness.submit(session, "x", key: String(repeating: "k", count: 255)).status == 202)
    }

    @Test func activeRunConflictNamesTheRunAndItsStatus() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let run = try harness.startRun(session, "Hello")
        let golden = try Golden.object("err-409-active-run.txt")["error"] as? [String: Any] ?? [:]
        let response = try harness.submit(session, "Again", key: "fresh-key")
        #expect(response.status == 409)
        #expect(response.errorMessage == golden["message"] as? String)
        #expect(response.errorDetails.keys.sorted() == ["reason", "run_id", "run_status"])
        #expect(response.errorDetails["reason"] as? String == "active_run_exists")
        #expect(response.errorDetails["run_id"] as? String == run)
        #expect(response.errorDetails["run_status"] as? String == "QUEUED")
        // The refused key was not kept: it works once the run is over.
        #expect(try harness.cancel(run).status == 200)
        #expect(try harness.submit(session, "Again", key: "fresh-key").status == 202)
    }

    @Test func activeRunWaitingForApprovalAlsoConflicts() throws {
        let harness = try Harness()
        let (_, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please approve")
        try stream.read(untilEvent: "approval.requested")
        let session = try #require(harness.server.sessionIDs().first)
        let response = try harness.submit(session, "Another")
        #expect(response.status == 409)
        #expect(response.errorDetails["run_status"] as? String == "WAITING_FOR_APPROVAL")
    }

    @Test func messageToARunWaitingForTheUserIsItsAnswer() throws {
        let harness = try Harness()
        let (run, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please ask me which region to use")
        let waiting = try #require(try stream.read(untilEvent: "run.waiting_for_user"))
        let session = try #require(harness.server.sessionIDs().first)
        let routed = try harness.submit(session, "Use the EU region.", key: "answer-key")
        let recordedRouted = try Golden.section("idempotency-routed.txt", "POST /v1/sessions/{id}/messages with Idempotency-Key")
        let recordedReplay = try Golden.section("idempotency-routed.txt", "same request again")
        #expect(routed.status == recordedRouted.status)
        #expect(routed.object["run_id"] as? String == run)
        #expect(routed.object["status"] as? String == "QUEUED")
        let replay = try harness.submit(session, "Use the EU region.", key: "answer-key")
        #expect(replay.status == recordedReplay.status)
        #expect(replay.object["run_id"] as? String == run)
        let answer = try #require(try stream.read(untilEvent: "user.message.created"))
        #expect(answer.object["question_id"] as? String == waiting.object["question_id"] as? String)
        #expect(try stream.readToEnd().last?.event == "run.completed")
        #expect(harness.server.runCount(inSession: session) == 1)
    }

    @Test(arguments: [
        #"{"content":[]}"#, #"{}"#, #"{"content":[{"type":"text","text":""}]}"#,
        #"{"content":[{"kind":"text","text":"hi"}]}"#, #"{"content":[{"type":"text","text":"hi","extra":1}]}"#,
        #"{"content":[{"type":"video","url":"x"}]}"#, #"{"content":[{"type":"text","text":"hi"}],"extra":true}"#,
        #"{"content":[{"type":"text","text":5}]}"#, #"{"content":"hi"}"#, "nonsense",
        #"{"content":[{"type":"image","artifact_id":"nope","media_type":"image/png"}]}"#,
        #"{"content":[{"type":"file","artifact_id":"00000000-0000-4000-8000-000000000000","media_type":""}]}"#,
    ])
    func invalidContentIsMalformed(body: String) throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let response = try harness.request("POST", "/v1/sessions/\(session)/messages", body: body)
        #expect(response.status == 400)
        #expect(response.errorCode == "malformed_request")
        #expect(harness.server.runCount(inSession: session) == 0)
    }

    @Test func attachmentBlocksGetTheirDefaultsInTheTranscriptAndKindInEvents() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let artifact = HTTPBehaviourTests.missingID
        let body = #"{"content":[{"type":"text","text":"see"},{"type":"image","artifact_id":"\#(artifact)","media_type":"image/png"},{"type":"file","artifact_id":"\#(artifact)","media_type":"application/pdf"}]}"#
        let run = try #require(try harness.request("POST", "/v1/sessions/\(session)/messages", body: body).object["run_id"] as? String)
        let items = try harness.request("GET", "/v1/sessions/\(session)/messages").object["items"] as? [[String: Any]]
        let content = items?.first?["content"] as? [[String: Any]] ?? []
        #expect(content.map { $0["type"] as? String } == ["text", "image", "file"])
        #expect(content[1]["detail"] as? String == "auto")
        #expect(content[2].keys.contains("filename") && content[2]["filename"] is NSNull)
        let created = try #require(try harness.openStream(run).read(untilEvent: "user.message.created"))
        let parts = created.object["content"] as? [[String: Any]] ?? []
        #expect(parts.map { $0["kind"] as? String } == ["text", "image", "file"])
        #expect(parts.allSatisfy { $0["type"] == nil })
    }

    @Test func unknownOrClosedSessionsAndWrongContentType() throws {
        let harness = try Harness(holdRuns: true)
        #expect(try harness.submit(HTTPBehaviourTests.missingID, "x").status == 404)
        let session = try harness.createSession()
        let wrongType = try harness.request(
            "POST", "/v1/sessions/\(session)/messages", headers: [("Content-Type", "text/plain")], body: Harness.messageBody("x"))
        #expect(wrongType.status == 415)
        harness.server.closeSession(session)
        let closed = try harness.submit(session, "x")
        #expect(closed.status == 409)
        #expect(closed.errorCode == "invalid_state_transition")
        #expect(closed.errorDetails.isEmpty)
    }
}
