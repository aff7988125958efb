import Foundation
import Testing
import VeetFixture

/// `/v1/approvals…`: list, read, resolve.
@Suite struct ApprovalRouteTests {
    /// A run parked on an approval: (harness, run id, approval id).
    static func waitingApproval(prompt: String = "Please approve an external write of my notes") throws
        -> (Harness, String, String)
    {
        let harness = try Harness()
        let (run, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: prompt)
        let requested = try #require(try stream.read(untilEvent: "approval.requested"))
        return (harness, run, try #require(requested.object["approval_id"] as? String))
    }

    @Test func approvalViewMatchesTheRecording() throws {
        let (harness, run, approvalID) = try Self.waitingApproval()
        let view = try harness.request("GET", "/v1/approvals/\(approvalID)").object
        let recorded = try Golden.object("approval-get.json")
        #expect(Set(view.keys) == Set(recorded.keys))
        for key in ["status", "tool_name", "action_summary", "risk", "policy_reason"] {
            #expect(view[key] as? String == recorded[key] as? String)
        }
        #expect((view["arguments"] as? NSDictionary) == (recorded["arguments"] as? NSDictionary))
        #expect(view["run_id"] as? String == run)
        let created = try #require((view["created_at"] as? String).flatMap(Self.date))
        let expires = try #require((view["expires_at"] as? String).flatMap(Self.date))
        #expect(expires.timeIntervalSince(created) == 4 * 3600)
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    @Test func pendingListFiltersAndPages() throws {
        let (harness, run, approvalID) = try Self.waitingApproval()
        let session = try #require(harness.server.sessionIDs().first)
        for query in ["", "?status=pending", "?run_id=\(run)", "?session_id=\(session)", "?limit=1000"] {
            let page = try harness.request("GET", "/v1/approvals\(query)")
            #expect(page.status == 200)
            #expect((page.object["items"] as? [[String: Any]])?.first?["id"] as? String == approvalID)
        }
        let first = try harness.request("GET", "/v1/approvals?limit=1")
        let cursor = try #require(first.object["next_cursor"] as? String)
        let second = try harness.request("GET", "/v1/approvals?limit=1&cursor=\(cursor)")
        #expect((second.object["items"] as? [Any])?.isEmpty == true)
        #expect(second.object["next_cursor"] is NSNull)
    }

    @Test func pendingListRefusesBadParameters() throws {
        let harness = try Harness()
        let missing = HTTPBehaviourTests.missingID
        let golden = try Golden.error("errors-3.txt", section: "400 approvals status other than pending")
        for query in ["status=PENDING", "status=approved", "run_id=bad", "session_id=bad", "limit=0"] {
            let response = try harness.request("GET", "/v1/approvals?\(query)")
            #expect(response.status == 400)
            #expect(response.errorMessage == golden["message"] as? String)
        }
        #expect(try harness.request("GET", "/v1/approvals?run_id=\(missing)").status == 404)
        #expect(try harness.request("GET", "/v1/approvals?session_id=\(missing)").status == 404)
        let garbled = try harness.request("GET", "/v1/approvals?cursor=garbled", headers: [("X-Request-Id", "trace-500")])
        let quirk = try Golden.error("errors-3.txt", section: "500 internal_error from a garbled approvals cursor")
        #expect(garbled.status == 500)
        #expect(garbled.header("x-request-id") == nil)
        #expect(garbled.errorMessage == quirk["message"] as? String)
        #expect(garbled.error["request_id"] as? String == "trace-500")
    }

    @Test func resolveIsIdempotentForTheSameDecisionOnly() throws {
        let (harness, _, approvalID) = try Self.waitingApproval()
        let resolved = try harness.resolve(approvalID, "approve_once")
        #expect(resolved.status == 200)
        let recorded = try Golden.object("approval-resolve.txt")
        #expect(Set(resolved.object.keys) == Set(recorded.keys))
        #expect(resolved.object["status"] as? String == "APPROVED")
        #expect(resolved.object["decision"] as? String == "approve_once")
        #expect(resolved.object["resolved_by"] as? String == recorded["resolved_by"] as? String)
        let again = try harness.resolve(approvalID, "approve_once")
        #expect(again.status == 200)
        #expect(again.object["resolved_at"] as? String == resolved.object["resolved_at"] as? String)
        let different = try harness.resolve(approvalID, "deny")
        #expect(different.status == 409)
        #expect(different.errorCode == "conflict")
        #expect(different.errorDetails["reason"] as? String == "approval_already_resolved")
        #expect(different.errorDetails["approval_id"] as? String == approvalID)
        #expect(different.errorDetails["decision"] as? String == "approve_once")
    }

    @Test func resolveValidatesItsBody() throws {
        let (harness, _, approvalID) = try Self.waitingApproval()
        let longReason = String(repeating: "r", count: 4097)
        for body in [
            #"{"decision":"approve_for_task"}"#, #"{"decision":"maybe"}"#, #"{}"#,
            #"{"decision":"deny","task_grant":{"origin":"x","path_prefix":"/"}}"#,
            #"{"decision":"deny","reason":"\#(longReason)"}"#, #"{"decision":"deny","reason":5}"#,
        ] {
            #expect(try harness.request("POST", "/v1/approvals/\(approvalID)/resolve", body: body).status == 400)
        }
        let noType = try harness.request(
            "POST", "/v1/approvals/\(approvalID)/resolve", headers: [("Content-Type", "text/plain")], body: #"{"decision":"deny"}"#)
        #expect(noType.status == 415)
        let withReason = try harness.request(
            "POST", "/v1/approvals/\(approvalID)/resolve", body: #"{"decision":"deny","reason":"not now"}"#)
        #expect(withReason.object["status"] as? String == "DENIED")
        let missing = try harness.resolve(HTTPBehaviourTests.missingID, "deny")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == (try Golden.error("errors-1.txt", section: "404 unknown approval"))["message"] as? String)
    }
}
