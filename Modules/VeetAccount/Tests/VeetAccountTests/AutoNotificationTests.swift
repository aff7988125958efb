import Foundation
import Testing
import VeetAccount
import VeetFixture
import VeetTransport
import VeetWire

/// The fixture raises inbox items as runs wait on the owner, like the real notifier.
@Suite(.timeLimit(.minutes(1))) struct AutoNotificationTests {
    struct Created: Decodable { var id: String }

    @Test func aRunWaitingOnAnApprovalRaisesOneApprovalNotification() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let auto = server.startAutoNotifications(interval: 0.02)
        defer { auto.stop() }
        let session: Created = try await client.send(.post("/v1/sessions", json: CreateSessionRequest())).decoded()
        let headers = ["Idempotency-Key": IdempotencyKey().rawValue]
        _ = try await client.send(try .post("/v1/sessions/\(session.id)/messages",
                                            json: SubmitMessageRequest(text: "please approve"), headers: headers))
        let inbox = NotificationInbox(api: AccountAPI(sender: .live(client: client)))
        var approvals: [NotificationItem] = []
        let deadline = Date().addingTimeInterval(20)
        while approvals.isEmpty && Date() < deadline {
            approvals = (try await inbox.latest(50).value ?? []).filter { $0.kind == .approvalRequested }
            if approvals.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        }
        let approval = try #require(approvals.first)
        #expect(approval.targets.sessionID == session.id && approval.targets.approvalID != nil)
        #expect(approval.toolName == "demo.external_write")
        try await Task.sleep(for: .milliseconds(200))
        let again = (try await inbox.latest(50).value ?? []).filter { $0.kind == .approvalRequested }
        #expect(again.count == 1, "raised once, not on every look")
    }
}
