import Foundation
import Testing
@testable import VeetFixture

/// The census (docs/wire/subscriptions.md) as one server with the mailboxes (docs/wire/email.md):
/// the same accounts, the same subscriptions in thread blocks and census rows,
/// one operation lookup.
@Suite struct SubscriptionRouteTests {
    static let bulkThreads = (39...50).map(EmailSeedIDs.thread)

    func census(_ h: Harness, _ query: String = "") throws -> [[String: Any]] {
        var rows: [[String: Any]] = [], cursor: String?
        repeat {
            let page = try h.email("GET", "/subscriptions?limit=100" + query + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(page.status == 200)
            rows += h.items(page)
            cursor = page.object["next_cursor"] as? String
        } while cursor != nil
        return rows
    }

    func block(_ h: Harness, _ thread: String) throws -> [String: Any]? {
        try h.email("GET", "/threads/\(thread)").object["subscription"] as? [String: Any]
    }

    static func same(_ block: [String: Any], _ row: [String: Any]) -> Bool {
        ["id", "state", "mechanism", "destination", "revision"].allSatisfy {
            (block[$0] as? NSObject)?.isEqual(row[$0]) == true
        } && (block["evidence_digest"] as? String) == (row["evidence_digest"] as? String)
    }

    @Test func everyThreadBlockIsACensusRowOfTheSameAccountAndSender() throws {
        let h = try Harness()
        let rows = try census(h)
        let byID = Dictionary(rows.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byID.count == rows.count && rows.count >= 40)
        var blocks = 0
        for thread in Self.bulkThreads {
            let detail = try h.email("GET", "/threads/\(thread)").object
            let block = try #require(detail["subscription"] as? [String: Any], "\(thread) has no block")
            let row = try #require(byID[block["id"] as? String ?? ""], "block \(block) is not a census row")
            #expect(Self.same(block, row), "\(block) differs from \(row)")
            #expect(row["account_id"] as? String == detail["account_id"] as? String)
            let address = try #require(row["address"] as? String)
            #expect((detail["senders"] as? [String] ?? []).contains { $0.contains("<\(address)>") })
            blocks += 1
        }
        #expect(blocks == Self.bulkThreads.count)
        // Threads that are not a bulk sender's carry none.
        #expect(try block(h, EmailSeedIDs.boardMaterialsThread) == nil)
        // A sender the mailboxes hold was last heard from at its newest thread there.
        let news = try #require(rows.first { $0["display_name"] as? String == "Example News" })
        let newest = try h.email("GET", "/threads/\(EmailSeedIDs.newsletterThread)").object["updated_at"] as? String
        #expect(abs(try Self.instant(news["last_received_at"]).timeIntervalSince(try Self.instant(newest))) < 1)
    }

    static func instant(_ value: Any?) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let text = try #require(value as? String)
        return try #require(formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text), "\(text)")
    }

    @Test func anUnsubscribeThroughTheCensusChangesTheThreadsBlock() throws {
        let h = try Harness()
        h.server.holdSubscriptionRuns(true)
        let before = try #require(try block(h, EmailSeedIDs.newsletterThread))
        #expect(before["state"] as? String == "active")
        let body = #"{"targets":[{"subscription_id":"\#(before["id"]!)","evidence_digest":"\#(before["evidence_digest"]!)","#
            + #""expected_revision":\#(before["revision"]!)}],"idempotency_key":"u-1"}"#
        let started = try h.email("POST", "/subscriptions/unsubscribe", body)
        #expect(started.status == 200)
        let pending = try #require(try block(h, EmailSeedIDs.newsletterThread))
        #expect(pending["state"] as? String == "pending")
        #expect(pending["revision"] as? Int == (before["revision"] as? Int ?? 0) + 1)
        // Every thread of the sender shows the same block.
        #expect(try block(h, EmailSeedIDs.thread(40))?["state"] as? String == "pending")
        // The one operation lookup ends it; the thread then shows the settled row.
        let id = try #require(started.object["operation_id"] as? String)
        #expect(try h.email("GET", "/operations/\(id)").object["status"] as? String == "QUEUED")
        #expect(try h.email("GET", "/operations/\(id)").object["status"] as? String == "COMPLETED")
        let after = try #require(try block(h, EmailSeedIDs.newsletterThread))
        #expect(after["state"] as? String == "unsubscribed" && after["evidence_digest"] is NSNull)
        let row = try #require(try census(h).first { $0["id"] as? String == after["id"] as? String })
        #expect(Self.same(after, row))
    }

    func inbox(_ h: Harness, _ thread: String) throws -> (inInbox: Bool?, inSpam: Bool?) {
        let detail = try h.email("GET", "/threads/\(thread)").object
        return (detail["in_inbox"] as? Bool, detail["in_spam"] as? Bool)
    }

    @Test func spamAndArchiveExistingMoveTheSendersThreads() throws {
        let h = try Harness()
        let deals = (43...45).map(EmailSeedIDs.thread)
        var row = try #require(try census(h).first { $0["display_name"] as? String == "Daily Deals" })
        let spam = try h.email("POST", "/subscriptions/\(row["id"]!)/spam",
                               #"{"expected_revision":\#(row["revision"]!),"spam":true,"idempotency_key":"d-1"}"#)
        let reported = try #require(spam.object["operation_id"] as? String)
        _ = try h.email("GET", "/operations/\(reported)")
        _ = try h.email("GET", "/operations/\(reported)")
        for thread in deals { #expect(try inbox(h, thread) == (false, true)) }
        row = try #require(try census(h).first { $0["id"] as? String == row["id"] as? String })
        #expect(row["state"] as? String == "reported_spam")
        let back = try h.email("POST", "/subscriptions/\(row["id"]!)/spam",
                               #"{"expected_revision":\#(row["revision"]!),"spam":false,"idempotency_key":"d-2"}"#)
        let restored = try #require(back.object["operation_id"] as? String)
        _ = try h.email("GET", "/operations/\(restored)")
        _ = try h.email("GET", "/operations/\(restored)")
        for thread in deals { #expect(try inbox(h, thread) == (true, false)) }
        // An accepted unsubscribe with archive_existing takes the sender's threads out of the Inbox.
        let news = try #require(try block(h, EmailSeedIDs.newsletterThread))
        let started = try h.email("POST", "/subscriptions/unsubscribe",
            #"{"targets":[{"subscription_id":"\#(news["id"]!)","evidence_digest":"\#(news["evidence_digest"]!)","#
            + #""expected_revision":\#(news["revision"]!)}],"archive_existing":true,"idempotency_key":"n-1"}"#)
        let id = try #require(started.object["operation_id"] as? String)
        _ = try h.email("GET", "/operations/\(id)")
        _ = try h.email("GET", "/operations/\(id)")
        #expect(try inbox(h, EmailSeedIDs.newsletterThread) == (false, false))
        #expect(try inbox(h, EmailSeedIDs.boardMaterialsThread) == (true, false))
    }

    @Test func oneOperationLookupKnowsEmailAndSubscriptionOperations() throws {
        let h = try Harness()
        let refresh = try h.email("POST", "/refresh", "{}", key: "r-1")
        let emailOperation = try #require(refresh.object["operation_id"] as? String)
        let still = try #require(try census(h).first { $0["display_name"] as? String == "Still Sending Co" })
        let spam = try h.email("POST", "/subscriptions/\(still["id"]!)/spam",
                               #"{"expected_revision":\#(still["revision"]!),"spam":true,"idempotency_key":"s-1"}"#)
        let subscriptionOperation = try #require(spam.object["operation_id"] as? String)
        for id in [emailOperation, subscriptionOperation] {
            let read = try h.email("GET", "/operations/\(id)")
            #expect(read.status == 200 && read.object["operation_id"] as? String == id)
            #expect(read.header("cache-control") == "private, no-store")
        }
        #expect(try h.email("GET", "/operations/\(UUID().uuidString.lowercased())").status == 404)
        h.server.setSubscriptionStatusUnreadable(true)
        #expect(try h.email("GET", "/operations/\(subscriptionOperation)").status == 500)
        #expect(try h.email("GET", "/operations/\(emailOperation)").status == 200)
    }

    @Test func theAccountsAreTheMailboxesAndTheirFlagsAreEnforced() throws {
        let h = try Harness()
        let rows = try census(h)
        let accounts = Set(rows.compactMap { $0["account_id"] as? String })
        let listed = Set(h.items(try h.email("GET", "/accounts")).compactMap { $0["id"] as? String })
        #expect(accounts == ["default", "work"] && accounts.isSubset(of: listed))  // Family has no mail yet
        // Work is readable, so its senders are listed, but the token may not act there (docs/wire/email.md §3 flags).
        let work = try census(h, "&account_id=work")
        #expect(work.map { $0["display_name"] as? String } == ["Work Bulletin", "Work Offers"])
        let bulletin = work[0]
        let unsubscribe = try h.email("POST", "/subscriptions/unsubscribe",
            #"{"targets":[{"subscription_id":"\#(bulletin["id"]!)","evidence_digest":"\#(bulletin["evidence_digest"]!)","#
            + #""expected_revision":\#(bulletin["revision"]!)}],"idempotency_key":"w-1"}"#)
        #expect(unsubscribe.status == 403 && unsubscribe.errorCode == "authorization_error")
        let spam = try h.email("POST", "/subscriptions/\(bulletin["id"]!)/spam",
                               #"{"expected_revision":\#(bulletin["revision"]!),"spam":true,"idempotency_key":"w-2"}"#)
        #expect(spam.status == 403)
        #expect(try census(h, "&account_id=work").first?["state"] as? String == "active")
        #expect(try census(h, "&account_id=family").isEmpty)
    }

    @Test func withUnsubscribeAssistanceOffNothingOfItShows() throws {
        var options = FixtureOptions.testing
        options.subscriptions = false
        let h = try Harness(options: options)
        #expect(try h.email("GET", "/subscriptions").status == 404)
        #expect(try block(h, EmailSeedIDs.newsletterThread) == nil)
        let accounts = h.items(try h.email("GET", "/accounts"))
        #expect(accounts.count == 3 && accounts.allSatisfy { $0["unsubscribe_supported"] as? Bool == false })
        var noEmail = FixtureOptions.testing
        noEmail.email = false
        #expect(try Harness(options: noEmail).email("GET", "/subscriptions").status == 404)
        var noList = FixtureOptions.testing
        noList.emailAccountListMissing = true
        let missing = try Harness(options: noList)
        #expect(try missing.email("GET", "/accounts").status == 404)
        #expect(try missing.email("GET", "/subscriptions").status == 200)
    }
}
