import Foundation
import VeetTestSupport
import VeetTransport
@testable import VeetSubscriptions

/// Subscription-route answers for the `ScriptedServer`.
enum Wire {
    /// A 64-hex id made from a small number (ids and digests must be 64 hex).
    static func hex(_ n: Int, _ prefix: String = "a") -> String {
        let digits = String(n, radix: 16)
        return prefix + String(repeating: "0", count: 63 - digits.count) + digits
    }

    static func row(_ n: Int, _ name: String = "", account: String = "default", state: String = "active",
                    mechanism: String = "one_click", verified: Bool = true, protected: Bool = false,
                    destination: String? = nil, revision: Int = 1, operation: [String: Any]? = nil,
                    linkOnly: Bool = false) -> [String: Any] {
        let decided = ["kept", "unsubscribed", "reported_spam"].contains(state)
        let digest: Any = verified && mechanism != "none" && !decided ? hex(n, "d") : NSNull()
        let dest = destination ?? (verified ? (mechanism == "mailto" ? "unsub@list\(n).example" : "list\(n).example") : "")
        return [
            "id": hex(n), "account_id": account, "display_name": name.isEmpty ? "Sender \(n)" : name,
            "address": "news@list\(n).example", "list_id": "list\(n).example", "thread_count": 40 - n % 40,
            "thread_count_overflow": false, "first_seen_at": "2026-07-02T09:00:00+00:00",
            "last_received_at": "2026-09-18T09:00:00+00:00", "mechanism": mechanism, "verified": verified,
            "link_only": linkOnly, "destination": mechanism == "none" ? "" : dest,
            "mailto": mechanism == "mailto" && verified
                ? ["to": dest, "subject": "unsubscribe", "body": "Please remove me."] as Any : NSNull(),
            "evidence_digest": digest, "state": state, "protected": protected,
            "protected_reason": protected ? "correspondent" as Any : NSNull(), "requested_at": NSNull(),
            "operation": operation.map { $0 as Any } ?? NSNull(), "revision": revision, "future_field": [1, 2],
        ]
    }

    static func op(_ action: String = "unsubscribe", status: String, code: String?, prior: String = "active") -> [String: Any] {
        ["operation_id": "op-1", "run_id": "run-1", "action": action, "status": status,
         "code": code.map { $0 as Any } ?? NSNull(), "requested_at": "2026-09-20T10:00:00+00:00", "prior_state": prior]
    }

    static func page(_ items: [[String: Any]], next: String? = nil) -> HTTPResponse {
        .json(["items": items, "next_cursor": next.map { $0 as Any } ?? NSNull()])
    }

    static func emailOperation(_ status: String, replayed: Bool = false) -> HTTPResponse {
        .json(["operation_id": "op-1", "run_id": "run-1", "status": status, "replayed": replayed])
    }

    static func decode(_ object: [String: Any]) throws -> Subscription {
        try WireJSON.decoder().decode(Subscription.self, from: JSONSerialization.data(withJSONObject: object))
    }

    static let flags = AccountFlags([SubscriptionAccountCapabilities(accountID: "default", unsubscribeSupported: true,
                                                                     spamSupported: true)])

    static func api(_ server: ScriptedServer) -> SubscriptionsAPI {
        SubscriptionsAPI(sender: server.sender, retry: .never)
    }

    /// Polling that never waits long in tests (the scripted sleeper records the waits).
    static let quickPolling: OperationPolling = {
        var polling = OperationPolling()
        polling.limit = .seconds(60)
        return polling
    }()
}

/// What a client sent, as text, for the "no URL, no address" scans.
func everythingSent(_ requests: [HTTPRequest]) -> String {
    requests.map { request in
        [request.method, request.path, request.query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"),
         request.headers.map { "\($0.key): \($0.value)" }.joined(separator: "\n"),
         request.body.map { String(decoding: $0, as: UTF8.self) } ?? ""].joined(separator: "\n")
    }.joined(separator: "\n---\n")
}

/// True when `text` holds anything that looks like a URL or a mail address.
func containsURLOrAddress(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return lowered.contains("://") || lowered.contains("mailto:") || lowered.contains("www.") || lowered.contains("@")
}
