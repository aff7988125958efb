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

    /// docs/wire/sessions-runs.md §8.1 (corrected): for each of the ten kinds exactly the
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

    /// docs/wire/sessions-runs.md §8.1: a schedule alert names the revision that ran and its
    /// occurrence time from `payload.schedule_context` (the time keeps its offset).
    @Test func aScheduleAlertNamesItsContext() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        server.raiseNotification(kind: "schedule_run_finished", sessionID: "s", runID: "r", scheduleID: "sc",
                                 occurrenceID: "o", scheduleContext: ("Morning briefing", "2026-08-22T07:00:00-07:00"))
        server.raiseNotification(kind: "run_failed", sessionID: "s", runID: "r2",
                                 scheduleContext: ("Not a schedule kind", "2026-08-22T07:00:00-07:00"))
        let response = try await client.send(.get("/v1/notifications"))
        let page = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let payloads = try #require(page["items"] as? [[String: Any]]).compactMap {
            ($0["notification"] as? [String: Any])?["payload"] as? [String: Any]
        }
        #expect(payloads.first?["schedule_context"] is NSNull)
        let context = try #require(payloads.last?["schedule_context"] as? [String: Any])
        #expect(context["title"] as? String == "Morning briefing")
        #expect(context["scheduled_for"] as? String == "2026-08-22T07:00:00-07:00")

        let items = try #require(try await NotificationInbox(api: AccountAPI(sender: .live(client: client))).latest(50).value)
        let finished = try #require(items.first { $0.kind == .scheduleRunFinished })
        let expected = ScheduleFacts(title: "Morning briefing", occurrenceTime: Date(timeIntervalSince1970: 1_787_407_200))
        #expect(finished.scheduleContext == expected)
        #expect(items.first { $0.kind == .runFailed }?.scheduleContext == nil)
        let candidate = try #require(AlertCandidate(finished))
        let alert = AlertWording.alert(for: candidate, timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(alert.body == "“Morning briefing” ran for 2026-08-22 14:00. Open it to see the result.")
    }

    /// The contract's inbox shape with `schedule_context` on a skipped occurrence.
    @Test func scheduleContextDecodesFromTheContractsShape() throws {
        let json = #"""
        {"notification": {"id": "n3", "kind": "schedule_occurrence_skipped", "schedule_id": "sc", "occurrence_id": "o",
          "status": "dispatched", "created_at": "2026-08-22T18:05:10Z",
          "payload": {"version": 1, "kind": "schedule_occurrence_skipped", "title": "Scheduled run skipped",
            "status": "MISSED", "schedule_id": "sc", "occurrence_id": "o", "notification_id": "n3",
            "schedule_context": {"title": "Scheduled task", "scheduled_for": "2026-08-22T07:00:00+02:00"}}},
         "deliveries": []}
        """#
        let item = try WireJSON.decoder().decode(NotificationItem.self, from: Data(json.utf8))
        #expect(item.scheduleContext == ScheduleFacts(title: "Scheduled task",
                                                      occurrenceTime: Date(timeIntervalSince1970: 1_787_374_800)))
        #expect(AlertCandidate(item)?.schedule?.title == "Scheduled task")
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
