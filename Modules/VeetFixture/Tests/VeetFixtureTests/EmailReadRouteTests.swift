import Foundation
import Testing
@testable import VeetFixture

extension Harness {
    func email(_ method: String, _ path: String, _ body: String? = nil, key: String? = nil) throws -> TestResponse {
        try request(method, "/v1/email" + path, headers: key.map { [("Idempotency-Key", $0)] } ?? [], body: body)
    }

    func items(_ response: TestResponse) -> [[String: Any]] { response.object["items"] as? [[String: Any]] ?? [] }
}

/// Accounts, the thread list, thread detail and the boundary rules (docs/wire/email.md §1–§5).
@Suite struct EmailReadRouteTests {
    @Test func accountsCarryTheirCapabilitiesAndFreshness() throws {
        let h = try Harness()
        let page = try h.email("GET", "/accounts")
        #expect(page.status == 200)
        #expect(page.header("cache-control") == "private, no-store")
        #expect(page.object.keys.contains("next_cursor") && page.object["next_cursor"] is NSNull)
        let accounts = h.items(page)
        #expect(accounts.map { $0["id"] as? String } == ["default", "work", "family"])
        #expect(accounts[0]["archive_supported"] as? Bool == true && accounts[0]["spam_supported"] as? Bool == true)
        #expect(accounts[0]["send_server_id"] as? String == "gmail_send")
        #expect(accounts[1]["archive_supported"] as? Bool == false && accounts[1]["spam_supported"] as? Bool == false)
        #expect(accounts[1]["send_server_id"] as? String == "gmail_work_send")
        #expect(accounts[2]["status"] as? String == "unavailable" && accounts[2]["error"] is NSNull)
        #expect(accounts[2]["last_synced_at"] is NSNull)
    }

    @Test func theListShowsFiveImportantThreadsFirstAndPagesByOffset() throws {
        let h = try Harness()
        let first = try h.email("GET", "/threads")
        let important = h.items(first)
        #expect(important.count == 5)
        #expect(important.first?["id"] as? String == EmailSeedIDs.boardMaterialsThread)
        let priorities = important.compactMap { $0["priority"] as? Double }
        #expect(priorities == priorities.sorted(by: >) && priorities.allSatisfy { $0 >= 0.7 })
        #expect(first.object["next_cursor"] as? String == "5")
        let second = try h.email("GET", "/threads?cursor=5")
        #expect(Set(h.items(second).compactMap { $0["id"] as? String }).isDisjoint(with: important.compactMap { $0["id"] as? String }))
        var all: [String] = []
        var cursor: String? = nil
        repeat {
            let page = try h.email("GET", "/threads?view=all&limit=7" + (cursor.map { "&cursor=\($0)" } ?? ""))
            all += h.items(page).compactMap { $0["id"] as? String }
            cursor = page.object["next_cursor"] as? String
        } while cursor != nil
        #expect(all.count >= 60 && Set(all).count == all.count)
        let other = h.items(try h.email("GET", "/threads?view=other&limit=100")).compactMap { $0["id"] as? String }
        #expect(other.contains(EmailSeedIDs.handledThread) && other.contains(EmailSeedIDs.expiredThread))
        #expect(other.contains(EmailSeedIDs.suspectedSpamThread) && other.contains(EmailSeedIDs.archivedThread))
        #expect(!other.contains(EmailSeedIDs.boardMaterialsThread))
    }

    @Test func theListFiltersByAccountAndText() throws {
        let h = try Harness()
        let work = h.items(try h.email("GET", "/threads?view=all&account_id=work&limit=100"))
        #expect(!work.isEmpty && work.allSatisfy { $0["account_id"] as? String == "work" })
        let found = h.items(try h.email("GET", "/threads?view=all&text=LISBON"))
        #expect(found.compactMap { $0["id"] as? String } == [EmailSeedIDs.flightThread])
        #expect(h.items(try h.email("GET", "/threads?view=all&account_id=family")).isEmpty)
    }

    @Test func badQueriesAreMalformed() throws {
        let h = try Harness()
        for query in ["cursor=abc", "limit=0", "limit=101", "view=starred", "cursor=-1"] {
            let answer = try h.email("GET", "/threads?" + query)
            #expect(answer.status == 400, "\(query)")
            #expect(answer.errorCode == "malformed_request")
            #expect(answer.header("cache-control") == "private, no-store")
        }
    }

    @Test func threadDetailHasMessagesAttachmentsDraftAndSubscription() throws {
        let h = try Harness()
        let board = try h.email("GET", "/threads/\(EmailSeedIDs.boardMaterialsThread)")
        #expect(board.status == 200)
        let messages = board.object["messages"] as? [[String: Any]] ?? []
        #expect(messages.count == 2)
        let attachments = messages.first?["attachments"] as? [[String: Any]] ?? []
        #expect(attachments.map { $0["filename"] as? String } == ["board-deck-q3.pdf", "budget-2026.xlsx"])
        let draft = board.object["draft"] as? [String: Any]
        #expect(draft?["id"] as? String == EmailSeedIDs.longReplyDraft)
        #expect((draft?["body"] as? String ?? "").count > 512)
        #expect(board.object["subscription"] is NSNull)
        let long = try h.email("GET", "/threads/\(EmailSeedIDs.longThread)")
        #expect((long.object["messages"] as? [Any])?.count == 50)
        let news = try h.email("GET", "/threads/\(EmailSeedIDs.newsletterThread)")
        let block = news.object["subscription"] as? [String: Any]
        #expect(block?["mechanism"] as? String == "one_click" && (block?["evidence_digest"] as? String)?.count == 64)
        #expect((block?["id"] as? String)?.count == 64 && block?["revision"] as? Int == 4)
        let unverified = try h.email("GET", "/threads/\(EmailSeedIDs.unverifiedBulkThread)")
        #expect((unverified.object["subscription"] as? [String: Any])?["mechanism"] as? String == "none")
        let spam = try h.email("GET", "/threads/\(EmailSeedIDs.suspectedSpamThread)")
        #expect(spam.object["suspected_spam"] as? Bool == true && spam.object["priority"] as? Double == 0)
        #expect(try h.email("GET", "/threads/\(UUID().uuidString.lowercased())").status == 404)
        #expect(try h.email("GET", "/threads/not-a-uuid").status == 400)
    }

    @Test func emailOffAnswersNotFoundAndUnknownMethodsAreRefused() throws {
        var options = FixtureOptions.testing
        options.email = false
        let off = try Harness(options: options)
        let answer = try off.email("GET", "/accounts")
        #expect(answer.status == 404 && answer.errorMessage == "The requested resource was not found.")
        let snapshot = try Harness(options: FixtureOptions.testing.applying(.snapshot))
        #expect(try snapshot.email("GET", "/accounts").status == 404)
        let on = try Harness()
        let wrong = try on.email("POST", "/accounts", "{}")
        #expect(wrong.status == 400 && wrong.errorMessage == "The HTTP request is not supported.")
        #expect(try on.request("GET", "/v1/email/accounts", token: nil).status == 401)
        #expect(try on.email("GET", "/nowhere").status == 404)
    }

    @Test func theReadOnlyTokenIsRefusedEveryWrite() throws {
        var options = FixtureOptions.testing
        options.emailReadOnly = true
        let h = try Harness(options: options)
        #expect(try h.email("GET", "/threads").status == 200)
        let refused = try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/dismiss", #"{"expected_revision":1}"#)
        #expect(refused.status == 403 && refused.errorCode == "authorization_error")
    }
}
