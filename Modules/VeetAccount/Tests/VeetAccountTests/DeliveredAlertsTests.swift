import Foundation
import Testing
import VeetAccount
import VeetTransport

/// Which shown alerts a sync asks about, and which it clears.
@Suite struct DeliveredAlertsTests {
    func item(_ id: String, kind: String, approval: String? = nil, run: String = "r1") throws -> NotificationItem {
        let json = """
        {"notification": {"id": "\(id)", "kind": "\(kind)", "session_id": "s1", "run_id": "\(run)",
          "approval_id": \(approval.map { "\"\($0)\"" } ?? "null"), "status": "dispatched",
          "created_at": "2026-08-22T18:05:10Z"}, "deliveries": []}
        """
        return try WireJSON.decoder().decode(NotificationItem.self, from: Data(json.utf8))
    }

    func alert(_ candidate: AlertCandidate) -> DesktopAlert { AlertWording.alert(for: candidate) }

    @Test func aLiveAlertLearnsItsNotificationFromALaterInboxRead() throws {
        var delivered = DeliveredAlerts()
        let approval = AlertCandidate(kind: .approval, targets: NotificationTargets(sessionID: "s1", runID: "r1", approvalID: "a1"))
        delivered.show(alert(approval), connection: "main")
        #expect(delivered.delivered(connection: "main").isEmpty, "not known yet")
        delivered.learn([try item("n1", kind: "approval_requested", approval: "a1"),
                         try item("n2", kind: "run_failed", run: "r2")], connection: "main")
        #expect(delivered.delivered(connection: "main") == ["n1"], "only alerts on screen are asked about")
        #expect(delivered.delivered(connection: "other").isEmpty)
    }

    @Test func onlyTheObsoleteOnesOfThatConnectionAreCleared() throws {
        var delivered = DeliveredAlerts()
        delivered.learn([try item("n1", kind: "approval_requested", approval: "a1"),
                         try item("n2", kind: "run_failed", run: "r2")], connection: "main")
        let failed = AlertCandidate(kind: .runFailed, targets: NotificationTargets(sessionID: "s1", runID: "r2"))
        let approval = AlertCandidate(kind: .approval, targets: NotificationTargets(sessionID: "s1", runID: "r1", approvalID: "a1"))
        delivered.show(alert(failed), connection: "main")
        delivered.show(alert(approval), connection: "main")
        #expect(delivered.clear(obsolete: ["n2"], connection: "other").isEmpty)
        #expect(delivered.clear(obsolete: ["n2", "n-unknown"], connection: "main").map(\.key) == [failed.key])
        #expect(delivered.delivered(connection: "main") == ["n1"])
        delivered.dismissed(key: approval.key)
        #expect(delivered.delivered(connection: "main").isEmpty)
    }
}
