import Foundation
import Testing
import VeetConsole
import VeetSubscriptions
import VeetSubscriptionsCommands
import VeetTestSupport
import VeetTransport

/// Subscriptions' items for "Needs you": the failed rows whose outcome nobody knows, and no other.
@Suite struct SubscriptionsNeedsYouTests {
    static func row(_ id: String, _ name: String, status: String, code: String) -> [String: Any] {
        ["id": id, "account_id": "default", "display_name": name, "address": "news@x.example", "state": "failed",
         "revision": 2, "operation": ["operation_id": "op-" + id, "action": "unsubscribe", "status": status, "code": code]]
    }

    @Test func onlyTheUncertainRowsNeedTheOwner() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/subscriptions") { _ in
            .json(["items": [Self.row("s1", "Mystery Mailer", status: "uncertain", code: "unsubscribe.outcome_unknown"),
                             Self.row("s2", "Rejecting Retailer", status: "failed", code: "unsubscribe.rejected")],
                   "next_cursor": NSNull()])
        }
        let report = await SubscriptionsNeedsYou(api: SubscriptionsAPI(sender: server.sender, retry: .never)).read()
        guard case .items(let items) = report else { Issue.record("\(report)"); return }
        #expect(items.map(\.id) == ["s1"])
        #expect(items.first?.subject == "Mystery Mailer")
        #expect(items.first?.feature == SubscriptionsNeedsYou.feature)
        #expect(server.requests("GET", "/v1/email/subscriptions").first?.queryValue("state") == "failed")
    }

    @Test func aServerWithoutSubscriptionsContributesNothing() async {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/subscriptions", .apiError(404, "not_found"))
        #expect(await SubscriptionsNeedsYou(api: SubscriptionsAPI(sender: server.sender, retry: .never)).read() == .notOffered)
    }
}
