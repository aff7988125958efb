import Foundation
import Testing
import VeetAccount
import VeetFixture
import VeetTransport

@Suite struct NotificationTests {
    @Test func payloadIdentifiersFollowTheKind() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let everything = (session: "s", run: "r", approval: "a", question: "q", schedule: "sc", occurrence: "o")
        let kinds = ["approval_requested", "question_asked", "run_failed", "schedule_run_finished",
                     "schedule_occurrence_skipped", "ops_alert", "test"]
        for kind in kinds {
            server.raiseNotification(kind: kind, sessionID: everything.session, runID: everything.run,
                                     approvalID: everything.approval, questionID: everything.question,
                                     scheduleID: everything.schedule, occurrenceID: everything.occurrence,
                                     toolName: "workspace.write_text")
        }
        let items = try #require(try await NotificationInbox(api: AccountAPI(sender: .live(client: client))).latest(50).value)
        #expect(items.map(\.kind.rawValue) == kinds.reversed())
        for item in items {
            let present = Set(NotificationIdentifier.allCases.filter { item.targets[$0] != nil })
            #expect(present == item.kind.carriedIdentifiers, "\(item.kind.rawValue)")
        }
        let approval = try #require(items.first { $0.kind == .approvalRequested })
        #expect(approval.targets == NotificationTargets(sessionID: "s", runID: "r", approvalID: "a"))
        #expect(approval.title == "Approval needed" && approval.toolName == "workspace.write_text")
        #expect(items.first { $0.kind == .scheduleOccurrenceSkipped }?.targets
            == NotificationTargets(scheduleID: "sc", occurrenceID: "o"))
        #expect(items.first { $0.kind == .runFailed }?.toolName == nil)
    }

    /// sessions-runs.md §8.1 (corrected): for each of the ten kinds exactly the
    /// listed identifiers are non-null, the status is one the kind allows, the
    /// title is the fixed one, and the payload has every documented key.
    @Test func theFixturesPayloadsFollowTheCorrectedVocabulary() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let expected: [(kind: String, ids: Set<String>, status: String?, title: String)] = [
            ("approval_requested", ["session_id", "run_id", "approval_id"], "WAITING_FOR_APPROVAL", "Approval needed"),
            ("question_asked", ["session_id", "run_id", "question_id"], "WAITING_FOR_USER", "The agent has a question"),
            ("run_failed", ["session_id", "run_id"], "FAILED", "Run failed"),
            ("schedule_run_finished", ["session_id", "run_id", "schedule_id", "occurrence_id"], "COMPLETED",
             "Scheduled run finished"),
            ("schedule_occurrence_skipped", ["schedule_id", "occurrence_id"], "MISSED", "Scheduled run skipped"),
            ("ops_alert", [], nil, "Production alert"),
            ("ops_recovered", [], nil, "Production recovered"),
            ("test", [], nil, "Test notification"),
            ("device_invocation", ["invocation_id", "device_id"], "pending", "Your device has a pending action"),
            ("call_finished", ["call_id"], nil, "New call result"),
        ]
        for entry in expected {
            server.raiseNotification(kind: entry.kind, sessionID: "s", runID: "r", approvalID: "a", questionID: "q",
                                     scheduleID: "sc", occurrenceID: "o", toolName: "device.sms.send",
                                     invocationID: "i", deviceID: "d", callID: "c")
        }
        let response = try await client.send(.get("/v1/notifications", query: [URLQueryItem(name: "limit", value: "50")]))
        let page = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let items = try #require(page["items"] as? [[String: Any]])
        let identifierKeys: Set<String> = ["session_id", "run_id", "approval_id", "question_id", "schedule_id",
                                           "occurrence_id", "invocation_id", "device_id", "call_id"]
        for (item, entry) in zip(items, expected.reversed()) {
            let payload = try #require((item["notification"] as? [String: Any])?["payload"] as? [String: Any])
            #expect(payload["kind"] as? String == entry.kind)
            let present = Set(identifierKeys.filter { payload[$0] is String })
            #expect(present == entry.ids, "\(entry.kind)")
            #expect(payload["status"] as? String == entry.status, "\(entry.kind)")
            #expect(payload["title"] as? String == entry.title, "\(entry.kind)")
            #expect(identifierKeys.union(["schedule_context", "signal", "severity", "reason_code", "release_id",
                                          "notification_id", "version", "tool_name"]).isSubset(of: Set(payload.keys)))
            let toolAllowed = entry.kind == "approval_requested" || entry.kind == "device_invocation"
            #expect((payload["tool_name"] is String) == toolAllowed, "\(entry.kind)")
        }
        let decoded = try #require(try await NotificationInbox(api: AccountAPI(sender: .live(client: client))).latest(50).value)
        #expect(decoded.first { $0.kind == .callFinished }?.title == "New call result")
        #expect(decoded.first { $0.kind == .deviceInvocation }?.title == "Your device has a pending action")
    }

    @Test func identifiersAKindDoesNotCarryAreDroppedByTheClient() throws {
        let json = #"""
        {"notification": {"id": "n1", "kind": "run_failed", "session_id": "s", "run_id": "r",
          "approval_id": "stray", "status": "dispatched", "created_at": "2026-08-22T18:05:10Z",
          "payload": {"kind": "run_failed", "title": "Run failed", "question_id": "stray"}},
         "deliveries": [{"device_id": "d", "attempt": 1, "outcome": "carrier_pigeon"}]}
        """#
        let item = try WireJSON.decoder().decode(NotificationItem.self, from: Data(json.utf8))
        #expect(item.targets == NotificationTargets(sessionID: "s", runID: "r"))
        #expect(item.deliveries.first?.outcome == .unknown("carrier_pigeon"))
        #expect(item.status == .dispatched && item.createdAt?.date != nil)
    }

    @Test func unknownKindsDecodeAndKeepNoIdentifiers() throws {
        let json = #"{"notification": {"id": "n2", "kind": "brand_new", "session_id": "s"}, "deliveries": []}"#
        let item = try WireJSON.decoder().decode(NotificationItem.self, from: Data(json.utf8))
        #expect(item.kind == .unknown("brand_new"))
        #expect(item.targets == NotificationTargets())
        #expect(item.title == "Notification")
    }

    @Test func deliveriesListOneAttemptPerActiveDevice() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let api = AccountAPI(sender: .live(client: client))
        let device = try await api.register(body: try DeviceRegistration(clientDeviceID: "c", name: "n").wireBody(),
                                            idempotencyKey: IdempotencyKey())
        server.raiseNotification(kind: "test")
        let page = try await api.notifications(limit: 1)
        #expect(page.items.first?.deliveries.map(\.deviceID) == [device.id])
        #expect(page.items.first?.deliveries.first?.outcome == .skipped)
    }

    @Test func limitsOverTwoHundredAreNeverSent() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let page = try await AccountAPI(sender: .live(client: client)).notifications(limit: 5000)
        #expect(page.items.isEmpty && page.isLast)
    }
}
