import Foundation
import Testing
import VeetFixture

/// `/v1/sessions…`: create, read, list, delete, transcript, titles.
@Suite struct SessionRouteTests {
    static let missingID = HTTPBehaviourTests.missingID

    @Test func createReturnsTheRecordedViewShape() throws {
        let harness = try Harness()
        let response = try harness.request("POST", "/v1/sessions", body: #"{"agent_id":"general","metadata":{"client":"veet-cli"}}"#)
        #expect(response.status == 201)
        let recorded = try Golden.object("session-get.json")
        #expect(Set(response.object.keys) == Set(recorded.keys))
        #expect(response.object["agent_id"] as? String == recorded["agent_id"] as? String)
        #expect(response.object["status"] as? String == "ACTIVE")
        #expect(response.object["title"] is NSNull)
        #expect(response.object["active_run_id"] is NSNull && response.object["last_run_id"] is NSNull)
        #expect((response.object["metadata"] as? [String: String]) == ["client": "veet-cli"])
        #expect(response.object["created_at"] as? String == response.object["updated_at"] as? String)
        // Keys in the recorded server's order.
        #expect(response.text.hasPrefix(#"{"id":"#))
        let read = try harness.request("GET", "/v1/sessions/\(response.object["id"] as? String ?? "")")
        #expect((read.object["updated_at"] as? String ?? "") > (read.object["created_at"] as? String ?? ""))
    }

    @Test func createAcceptsTheAgentUUIDAndACharsetParameter() throws {
        let harness = try Harness()
        let agentID = try Golden.object("session-get.json")["agent_id"] as? String ?? ""
        let response = try harness.request(
            "POST", "/v1/sessions", headers: [("Content-Type", "application/json; charset=utf-8")],
            body: #"{"agent_id":"\#(agentID.uppercased())"}"#)
        #expect(response.status == 201)
    }

    @Test(arguments: [
        (#"{"agent_id":"nope"}"#, 404, "404 unknown agent_id"), (#"{"agent_id":"\#(missingID)"}"#, 404, "404 unknown agent_id"),
        (#"{"metadata":{}}"#, 400, "400 invalid body"), (#"{"agent_id":""}"#, 400, "400 invalid body"),
        (#"{"agent_id":"general","extra":1}"#, 400, "400 invalid body"),
        (#"{"agent_id":"general","metadata":[]}"#, 400, "400 invalid body"), ("not json", 400, "400 non-JSON body"),
    ])
    func createRefusesBadRequests(body: String, status: Int, section: String) throws {
        let harness = try Harness()
        let response = try harness.request("POST", "/v1/sessions", body: body)
        let golden = try Golden.error("errors-1.txt", section: section)
        #expect(response.status == status)
        #expect(response.errorCode == golden["code"] as? String)
        #expect(response.errorMessage == golden["message"] as? String)
    }

    @Test func createNeedsJSONContentType() throws {
        let harness = try Harness()
        let golden = try Golden.error("errors-1.txt", section: "415 wrong content type")
        for headers in [[("Content-Type", "text/plain")], [("Content-Type", "")]] {
            let response = try harness.request("POST", "/v1/sessions", headers: headers, body: #"{"agent_id":"general"}"#)
            #expect(response.status == 415)
            #expect(response.errorMessage == golden["message"] as? String)
        }
    }

    @Test func oversizedMetadataIsTheSnapshotsUnhandled500() throws {
        let harness = try Harness()
        let big = String(repeating: "m", count: 9000)
        let response = try harness.request(
            "POST", "/v1/sessions", headers: [("X-Request-Id", "trace-500")], body: #"{"agent_id":"general","metadata":{"k":"\#(big)"}}"#)
        #expect(response.status == 500)
        #expect(response.errorCode == "internal_error")
        #expect(response.header("x-request-id") == nil)
        #expect(response.error["request_id"] as? String == "trace-500")
    }

    @Test func readRefusesBadAndUnknownIDs() throws {
        let harness = try Harness()
        let bad = try harness.request("GET", "/v1/sessions/not-a-uuid")
        #expect(bad.status == 400)
        #expect(bad.errorMessage == (try Golden.error("errors-1.txt", section: "400 bad uuid in path"))["message"] as? String)
        let missing = try harness.request("GET", "/v1/sessions/\(Self.missingID)")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == "session not found")
    }

    @Test func listIsKeysetOrderedAndPagesWithOpaqueCursors() throws {
        let harness = try Harness()
        var created: [String] = []
        for _ in 0..<5 { created.append(try harness.createSession()) }
        // Activity moves a session to the top.
        _ = try harness.streamToEnd(try harness.startRun(created[1], "Hello"))
        let expected = [created[1], created[4], created[3], created[2], created[0]]
        var seen: [String] = []
        var cursor: String?
        repeat {
            let query = "limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try harness.request("GET", "/v1/sessions?\(query)")
            #expect(page.status == 200)
            seen += (page.object["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page.object["next_cursor"] as? String
            if let cursor { #expect(!cursor.contains("=") && !cursor.contains("+") && !cursor.contains("/")) }
        } while cursor != nil && seen.count < 10
        #expect(seen == expected)
    }

    @Test func listPageShapeMatchesTheRecording() throws {
        let harness = try Harness()
        for _ in 0..<3 { _ = try harness.createSession() }
        let page = try harness.request("GET", "/v1/sessions?limit=2")
        let recorded = try Golden.object("sessions-page1.json")
        #expect(Set(page.object.keys) == Set(recorded.keys))
        let item = (page.object["items"] as? [[String: Any]])?.first ?? [:]
        let recordedItem = (recorded["items"] as? [[String: Any]])?.first ?? [:]
        #expect(Set(item.keys) == Set(recordedItem.keys))
        #expect(page.object["next_cursor"] is String)
    }

    @Test func listLimitIsValidatedAndClampedTo200() throws {
        let harness = try Harness()
        let golden = try Golden.error("errors-1.txt", section: "400 limit=0")
        for limit in ["0", "-1", "abc", ""] {
            let response = try harness.request("GET", "/v1/sessions?limit=\(limit)")
            #expect(response.status == 400)
            #expect(response.errorMessage == golden["message"] as? String)
        }
        let malformed = try Golden.error("errors-1.txt", section: "400 bad session cursor")
        for cursor in ["zzz", "", "eyJrIjoxfQ"] {
            let response = try harness.request("GET", "/v1/sessions?cursor=\(cursor)")
            #expect(response.status == 400)
            #expect(response.errorMessage == malformed["message"] as? String)
        }
        let connection = try TestConnection(port: harness.port)
        for _ in 0..<201 {
            try connection.send(harness.rawRequest("POST", "/v1/sessions", body: #"{"agent_id":"general"}"#, close: false))
            #expect(try connection.readResponse().status == 201)
        }
        let clamped = try harness.request("GET", "/v1/sessions?limit=500")
        #expect((clamped.object["items"] as? [Any])?.count == 200)
        #expect(clamped.object["next_cursor"] is String)
        let defaulted = try harness.request("GET", "/v1/sessions")
        #expect((defaulted.object["items"] as? [Any])?.count == 50)
    }

    @Test func deleteIsATombstoneAndRefusesAnActiveRun() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let run = try harness.startRun(session, "Hello")
        let conflict = try harness.request("DELETE", "/v1/sessions/\(session)")
        let golden = try Golden.error("errors-3.txt", section: "409 delete a session")
        #expect(conflict.status == 409)
        #expect(conflict.errorMessage == golden["message"] as? String)
        #expect(conflict.errorDetails.keys.sorted() == ["reason", "run_id"])
        #expect(conflict.errorDetails["run_id"] as? String == run)
        #expect(try harness.cancel(run).status == 200)
        #expect(try harness.request("DELETE", "/v1/sessions/\(session)").status == 204)
        #expect(try harness.request("DELETE", "/v1/sessions/\(session)").status == 204)
        for path in ["/v1/sessions/\(session)", "/v1/runs/\(run)", "/v1/runs/\(run)/events", "/v1/sessions/\(session)/messages"] {
            #expect(try harness.request("GET", path).status == 404)
        }
        #expect(try harness.request("DELETE", "/v1/sessions/\(Self.missingID)").status == 404)
    }

    @Test func transcriptHoldsUserAndAssistantItemsAndPages() throws {
        let harness = try Harness()
        let session = try harness.createSession()
        let run = try harness.startRun(session, "What is 17 * 23?")
        let frames = try harness.streamToEnd(run)
        let page = try harness.request("GET", "/v1/sessions/\(session)/messages")
        let items = page.object["items"] as? [[String: Any]] ?? []
        #expect(items.map { $0["role"] as? String } == ["user", "assistant"])
        #expect(items.map { $0["sequence"] as? Int } == [
            frames.first { $0.event == "user.message.created" }?.id,
            frames.first { $0.event == "assistant.message.completed" }?.id,
        ])
        let recorded = try Golden.object("session-messages.json")
        #expect(Set(page.object.keys) == Set(recorded.keys))
        #expect(page.object["next_cursor"] is NSNull)
        let content = items.last?["content"] as? [[String: Any]]
        #expect(content?.first?["type"] as? String == "text")
        #expect(content?.first?["text"] as? String == "The answer is 391.")

        let first = try harness.request("GET", "/v1/sessions/\(session)/messages?limit=1")
        let cursor = try #require(first.object["next_cursor"] as? String)
        let second = try harness.request("GET", "/v1/sessions/\(session)/messages?limit=1&cursor=\(cursor)")
        #expect((second.object["items"] as? [[String: Any]])?.first?["role"] as? String == "assistant")
        #expect(try harness.request("GET", "/v1/sessions/\(session)/messages?cursor=garbled!").status == 400)
        #expect(try harness.request("GET", "/v1/sessions/\(session)/messages?limit=0").status == 400)
    }

    @Test func cancelledRunLeavesOnlyItsUserItem() throws {
        let harness = try Harness(holdRuns: true)
        let session = try harness.createSession()
        let run = try harness.startRun(session, "Hello")
        _ = try harness.cancel(run)
        let items = try harness.request("GET", "/v1/sessions/\(session)/messages").object["items"] as? [[String: Any]]
        #expect(items?.map { $0["role"] as? String } == ["user"])
    }

    @Test func titleIsTheFirstTextCollapsedAndCutAt64() throws {
        let harness = try Harness()
        let session = try harness.createSession()
        let body = #"{"content":[{"type":"text","text":"   "},{"type":"text","text":"  Plan\n a   long weekend in Lisbon with a very long description that goes on"}]}"#
        let response = try harness.request("POST", "/v1/sessions/\(session)/messages", body: body)
        let run = try #require(response.object["run_id"] as? String)
        _ = try harness.streamToEnd(run)
        _ = try harness.streamToEnd(try harness.startRun(session, "Another topic"))
        let title = try harness.request("GET", "/v1/sessions/\(session)").object["title"] as? String
        #expect(title == String("Plan a long weekend in Lisbon with a very long description that goes on".prefix(64)))
    }
}
