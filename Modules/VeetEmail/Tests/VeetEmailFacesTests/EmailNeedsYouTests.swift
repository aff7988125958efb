import Foundation
import Testing
import VeetConsole
import VeetEmail
import VeetEmailCommands
import VeetTestSupport
import VeetTransport

/// Email's items for "Needs you": a reply whose send outcome is unknown first, then the threads awaiting a reply.
@Suite struct EmailNeedsYouTests {
    static func thread(_ id: String, _ subject: String, needsReply: Bool, draft: String? = nil) -> [String: Any] {
        var thread: [String: Any] = ["id": id, "account_id": "default", "subject": subject, "senders": ["Ann <ann@x.test>"],
                                     "revision": 1, "needs_reply": needsReply, "priority": 0.9, "in_inbox": true]
        if let draft { thread["draft_id"] = draft }
        return thread
    }

    @Test func checkSendStatusComesBeforeTheRepliesAndADraftReadyIsNeither() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/threads") { _ in
            .json(["items": [Self.thread("t1", "Board deck", needsReply: true),
                             Self.thread("t2", "Lunch", needsReply: true, draft: "d2"),
                             Self.thread("t3", "Invoice", needsReply: false, draft: "d3")], "next_cursor": NSNull()])
        }
        server.on("GET", "/v1/email/drafts/d2") { _ in
            .json(["id": "d2", "thread_id": "t2", "account_id": "default", "revision": 1, "source_revision": 1,
                   "subject": "Re: Lunch", "body": "Yes", "status": "ready"])
        }
        server.on("GET", "/v1/email/drafts/d3") { _ in
            .json(["id": "d3", "thread_id": "t3", "account_id": "default", "revision": 1, "source_revision": 1,
                   "subject": "Re: Invoice", "body": "Paid", "status": "uncertain"])
        }
        let report = await EmailNeedsYou(api: EmailAPI(sender: server.sender, retry: .never)).read()
        guard case .items(let items) = report else { Issue.record("\(report)"); return }
        #expect(items.map(\.id) == ["t3", "t1"])
        #expect(items.map(\.need) == ["Check send status", "Needs a reply"])
        #expect(items.allSatisfy { $0.feature == EmailNeedsYou.feature })
        #expect(server.requests("GET", "/v1/email/threads").first?.queryValue("view") == "priority")
    }

    @Test func aServerWithoutEmailContributesNothing() async {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/threads", .apiError(404, "not_found"))
        #expect(await EmailNeedsYou(api: EmailAPI(sender: server.sender, retry: .never)).read() == .notOffered)
    }
}
