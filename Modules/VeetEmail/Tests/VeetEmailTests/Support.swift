import Foundation
import VeetTestSupport
import VeetTransport
@testable import VeetEmail

/// Email-route answers for the `ScriptedServer`, shaped as docs/wire/email.md shows them.
enum Wire {
    static func account(_ id: String = "default", status: String = "ready", error: String? = nil,
                        archive: Bool? = true, spam: Bool? = true, unsubscribe: Bool? = true,
                        send: String = "gmail_send") -> [String: Any] {
        var object: [String: Any] = [
            "id": id, "label": id.capitalized, "email_address": "\(id)@example.test",
            "verified_addresses": ["\(id)@example.test"], "status": status,
            "last_synced_at": status == "ready" ? "2026-09-20T08:15:02Z" : NSNull(),
            "history_complete": false, "history_processed": 412, "inbox_complete": true, "history_window": 0,
            "history_id": "19844", "inbox_cursor": NSNull(), "history_cursor": "opaque", "catch_up_since": NSNull(),
            "inbox_reached_at": NSNull(), "error": error.map { $0 as Any } ?? NSNull(),
            "read_server_id": "gmail_read", "send_server_id": send, "write_server_id": "gmail_write",
        ]
        if let archive { object["archive_supported"] = archive }
        if let spam { object["spam_supported"] = spam }
        if let unsubscribe { object["unsubscribe_supported"] = unsubscribe }
        return object
    }

    static func thread(_ id: String, account: String = "default", subject: String? = nil, priority: Double = 0.9,
                       revision: Int = 1, inInbox: Bool = true, needsReply: Bool = true, draftID: String? = nil,
                       dismissed: Int? = nil, suspected: Bool = false, operation: [String: Any]? = nil,
                       updated: String = "2026-09-20T08:00:00Z") -> [String: Any] {
        [
            "id": id, "account_id": account, "subject": subject ?? "Subject \(id)",
            "senders": ["Ann <ann@example.test>"], "topics": ["board", " ", "Board", "finance"], "updated_at": updated,
            "revision": revision, "summary": "Gist of \(id)", "reason": "Ann asked a question", "needs_reply": needsReply,
            "priority": priority, "complete": true, "draft_id": draftID.map { $0 as Any } ?? NSNull(),
            "session_id": NSNull(), "dismissed_revision": dismissed.map { $0 as Any } ?? NSNull(),
            "in_inbox": inInbox, "in_spam": false, "suspected_spam": suspected, "spam_cleared": false,
            "archive_operation": operation.map { $0 as Any } ?? NSNull(), "attention_expires_at": NSNull(),
            "reply_blocked_reason": NSNull(), "profile_revision": 3, "assessment_version": "v1",
            "source_session_ids": [],
        ]
    }

    static func message(_ id: String, body: String = "Could you send the board pack?", direction: String = "received")
        -> [String: Any] {
        [
            "id": id, "sender": "Ann <ann@example.test>", "to": ["owner@example.test"], "cc": [],
            "subject": "Board materials", "body": body, "body_offset": 0, "sent_at": "2026-09-20T07:00:00Z",
            "complete": true, "attachments": [["filename": "pack.pdf", "mime_type": "application/pdf", "size": 1200]],
            "reply_to": [], "message_id_header": "<abc@mail>", "in_reply_to": NSNull(), "references": [],
            "labels": ["INBOX"], "direction": direction, "sender_check": "pass", "reader_body": NSNull(),
        ]
    }

    static func detail(_ id: String, draft: [String: Any]? = nil, subscription: Any = NSNull()) -> [String: Any] {
        var object = thread(id, draftID: draft?["id"] as? String)
        object["messages"] = [message("m1")]
        object["draft"] = draft.map { $0 as Any } ?? NSNull()
        object["subscription"] = subscription
        object["provider_thread_id"] = "18c9"
        object["source_fingerprint"] = "fp"
        object["last_accessed_at"] = "2026-09-20T09:00:00Z"
        return object
    }

    static func draft(_ id: String = "d1", thread: String = "t1", revision: Int = 1, body: String = "Hi Ann, here it is.",
                      status: String = "ready", approval: String? = nil, to: [String] = ["ann@example.test"],
                      cc: [String] = [], subject: String = "Re: Board materials",
                      updated: String = "2026-09-20T09:01:00Z") -> [String: Any] {
        [
            "id": id, "thread_id": thread, "account_id": "default", "revision": revision, "source_revision": 1,
            "profile_revision": 12, "to": to, "cc": cc, "bcc": [], "subject": subject, "body": body,
            "status": status, "stale": false, "run_id": NSNull(), "approval_id": approval.map { $0 as Any } ?? NSNull(),
            "session_id": NSNull(), "updated_at": updated, "in_reply_to": "<abc@mail>", "references": ["<abc@mail>"],
            "owner_edited": true, "generated_body_digest": "g", "send_claim_id": NSNull(),
            "provider_thread_id": "18c9", "send_tool_name": "mcp.gmail_send.send_message",
        ]
    }

    static func operation(_ id: String = "op1", status: String = "QUEUED", replayed: Bool = false) -> [String: Any] {
        ["operation_id": id, "run_id": "run-\(id)", "status": status, "replayed": replayed]
    }

    static func inboxOperation(_ status: String, archived: Bool = true, spam: Bool? = nil, error: String? = nil)
        -> [String: Any] {
        var object: [String: Any] = ["operation_id": "op1", "run_id": "run-op1", "target_archived": archived,
                                     "status": status, "error": error.map { $0 as Any } ?? NSNull()]
        if let spam { object["target_spam"] = spam }
        return object
    }

    static var learning: [String: Any] { [
        "paused": false, "profile_revision": 14, "excluded_sources": 2, "style_examples": 5,
        "history_processed": 812, "history_complete": false,
    ] }

    static func page(_ items: [[String: Any]], next: String? = nil) -> HTTPResponse {
        .json(["items": items, "next_cursor": next.map { $0 as Any } ?? NSNull()])
    }

    static func api(_ server: ScriptedServer, retry: RetryPolicy = .never) -> EmailAPI {
        EmailAPI(sender: server.sender, retry: retry)
    }
}
