import Foundation
import Testing
import VeetFixture

/// `/v1/runs/{id}`, `/cancel` (cancel-sequence.txt) and `/input`.
@Suite struct RunRouteTests {
    @Test func runViewHasEveryRecordedField() throws {
        let harness = try Harness()
        let run = try harness.startRun(try harness.createSession(), "What is 17 * 23?")
        _ = try harness.streamToEnd(run)
        let view = try harness.request("GET", "/v1/runs/\(run)").object
        let recorded = try Golden.object("cancel-running.txt")
        #expect(Set(view.keys) == Set(recorded.keys))
        #expect(view["status"] as? String == "COMPLETED")
        #expect(view["step_count"] as? Int == 2)
        #expect(view["model_call_count"] as? Int == 2)
        #expect(view["tool_call_count"] as? Int == 1)
        #expect((view["usage"] as? [String: Any])?["cost_usd"] as? String == "0")
        #expect((view["limits"] as? [String: Any])?.keys.sorted() == ["deadline_at", "max_cost_usd", "max_steps"])
        #expect(view["failure"] is NSNull && view["parent_run_id"] is NSNull)
    }

    @Test func failedRunShowsItsFailure() throws {
        let harness = try Harness()
        let run = try harness.startRun(try harness.createSession(), "Please fail now")
        _ = try harness.streamToEnd(run)
        let view = try harness.request("GET", "/v1/runs/\(run)").object
        #expect(view["status"] as? String == "FAILED")
        let failure = view["failure"] as? [String: Any] ?? [:]
        #expect(failure.keys.sorted() == ["attempt_number", "message", "occurred_at", "reason", "step_number"])
        #expect(failure["reason"] as? String == "model_permanent_error")
    }

    @Test func unknownAndMalformedRunIDs() throws {
        let harness = try Harness()
        let missing = try harness.request("GET", "/v1/runs/\(HTTPBehaviourTests.missingID)")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == (try Golden.error("errors-1.txt", section: "404 unknown run"))["message"] as? String)
        #expect(try harness.request("GET", "/v1/runs/123").status == 400)
        #expect(try harness.cancel(HTTPBehaviourTests.missingID).status == 404)
    }

    @Test func cancelWhileRunningIs202AndKeepsTheFirstRequestTime() throws {
        var options = FixtureOptions.testing
        options.slowReplyDuration = 1
        let harness = try Harness(options: options)
        let (run, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Tell me a slow story")
        try stream.read(untilEvent: "message.delta")
        let first = try harness.cancel(run)
        let second = try harness.cancel(run)
        let recordedFirst = try Golden.section("cancel-sequence.txt", "POST /v1/runs/{id}/cancel while RUNNING (first)")
        let recordedRepeat = try Golden.section("cancel-sequence.txt", "POST /v1/runs/{id}/cancel while RUNNING (repeat")
        #expect(first.status == recordedFirst.status && second.status == recordedRepeat.status)
        #expect(Set(first.object.keys) == Set(recordedFirst.body.keys))
        #expect(first.object["status"] as? String == recordedFirst.body["status"] as? String)
        let requestedAt = try #require(first.object["cancel_requested_at"] as? String)
        #expect(second.object["cancel_requested_at"] as? String == requestedAt)
        #expect(try stream.readToEnd().last?.event == "run.cancelled")
        let after = try harness.cancel(run)
        let recordedAfter = try Golden.section("cancel-sequence.txt", "POST /v1/runs/{id}/cancel after run.cancelled")
        #expect(after.status == recordedAfter.status)
        #expect(after.object["status"] as? String == recordedAfter.body["status"] as? String)
        #expect(after.object["cancel_requested_at"] as? String == requestedAt)
    }

    @Test func cancelWhileWaitingForApprovalLeavesTheApprovalCancelled() throws {
        let harness = try Harness()
        let (run, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please approve; I will cancel")
        let requested = try #require(try stream.read(untilEvent: "approval.requested"))
        let approvalID = try #require(requested.object["approval_id"] as? String)
        let cancel = try harness.cancel(run)
        let recordedCancel = try Golden.section("cancel-sequence.txt", "POST /v1/runs/{id}/cancel while WAITING_FOR_APPROVAL")
        #expect(cancel.status == recordedCancel.status)
        #expect(cancel.object["status"] as? String == recordedCancel.body["status"] as? String)
        #expect(cancel.object["cancel_requested_at"] is NSNull)
        let approval = try harness.request("GET", "/v1/approvals/\(approvalID)").object
        let recordedApproval = try Golden.section("cancel-sequence.txt", "GET /v1/approvals/{id} of that run afterwards").body
        #expect(approval["status"] as? String == recordedApproval["status"] as? String)
        #expect(approval["resolved_at"] is String)
        #expect(approval["resolved_by"] is NSNull && approval["decision"] is NSNull)
        let pending = try harness.request("GET", "/v1/approvals").object["items"] as? [Any]
        #expect(pending?.isEmpty == true)
        let resolve = try harness.resolve(approvalID, "approve_once")
        let golden = try Golden.error("errors-3.txt", section: "409 resolve an approval whose run was cancelled")
        #expect(resolve.status == 409)
        #expect(resolve.errorMessage == golden["message"] as? String)
        #expect(resolve.errorDetails as NSDictionary == golden["details"] as? NSDictionary)
    }

    @Test func inputAnswersTheOutstandingQuestionOnce() throws {
        let harness = try Harness()
        let (run, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please ask me which region to use")
        let waiting = try #require(try stream.read(untilEvent: "run.waiting_for_user"))
        let questionID = try #require(waiting.object["question_id"] as? String)
        #expect(harness.server.outstandingQuestionID(ofRun: run) == questionID)

        let wrong = try harness.answer(run, "EU", questionID: HTTPBehaviourTests.missingID)
        let wrongGolden = try Golden.error("errors-3.txt", section: "409 input with a question_id that is not the outstanding one")
        #expect(wrong.status == 409)
        #expect(wrong.errorCode == wrongGolden["code"] as? String)
        #expect(wrong.errorMessage == wrongGolden["message"] as? String)

        let delivered = try harness.answer(run, "Use the EU region.", questionID: questionID)
        let recorded = try Golden.object("input-deliver.txt")
        #expect(delivered.status == 202)
        #expect(delivered.object["status"] as? String == recorded["status"] as? String)
        #expect(delivered.text == #"{"run_id":"\#(run)","status":"QUEUED"}"#)
        _ = try stream.readToEnd()
        let eventCount = harness.server.eventTypes(ofRun: run).count
        let repeated = try harness.answer(run, "Something else", questionID: questionID)
        #expect(repeated.status == 202)
        #expect(repeated.object["status"] as? String == "COMPLETED")
        #expect(harness.server.eventTypes(ofRun: run).count == eventCount)
    }

    @Test func inputToARunThatIsNotWaiting() throws {
        let harness = try Harness(holdRuns: true)
        let run = try harness.startRun(try harness.createSession(), "Hello")
        let golden = try Golden.error("errors-1.txt", section: "409 input to a run that is not waiting")
        for questionID in [nil, HTTPBehaviourTests.missingID] as [String?] {
            let response = try harness.answer(run, "x", questionID: questionID)
            #expect(response.status == 409)
            #expect(response.errorCode == golden["code"] as? String)
            #expect(response.errorMessage == golden["message"] as? String)
            #expect(response.errorDetails.isEmpty)
        }
        #expect(try harness.request("POST", "/v1/runs/\(run)/input", body: #"{"content":[]}"#).status == 400)
        let noType = try harness.request(
            "POST", "/v1/runs/\(run)/input", headers: [("Content-Type", "text/plain")], body: Harness.messageBody("x"))
        #expect(noType.status == 415)
        #expect(try harness.answer(HTTPBehaviourTests.missingID, "x", questionID: nil).status == 404)
    }
}
