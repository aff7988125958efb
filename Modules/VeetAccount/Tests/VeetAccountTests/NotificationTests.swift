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
