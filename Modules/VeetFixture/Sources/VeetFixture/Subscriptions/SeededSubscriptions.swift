import Foundation

/// The bulk senders of the fixture's mailboxes: the one source of both the
/// census (GET /v1/email/subscriptions) and the subscription block of a bulk
/// sender's thread (Email/, `EmailSeedBuilder.subscription`). 57 senders of the
/// readable accounts (Personal, and Work, whose flags offer nothing), every
/// state and mechanism, and senders whose unsubscribe succeeds, fails, stays
/// uncertain or never starts (docs/fixture.md, "Subscriptions"). The seeded
/// mailboxes hold only the newest few conversations of a sender; the census
/// counts its 90-day window.
enum SeededSubscriptions {
    typealias Outcome = SubscriptionsState.Outcome

    struct Sender {
        var name: String
        var account = "default"
        /// The sender's address; nil: `news@` the destination's host.
        var address: String?
        var mechanism = "one_click"
        var verified = true
        var destination: String
        var threads: Int
        var state = "active"
        var protectedReason: String?
        var linkOnly = false
        var outcome: Outcome = .accept
        var failedCode: String?
    }

    static let named: [Sender] = [
        Sender(name: "Example News", destination: "example.com", threads: 38),
        Sender(name: "Deals Weekly", mechanism: "mailto", destination: "unsub@deals.example", threads: 36),
        Sender(name: "Rejecting Retailer", destination: "shop.example", threads: 34, outcome: .reject),
        Sender(name: "Unreachable Updates", destination: "updates.example", threads: 33, outcome: .unreachable),
        Sender(name: "Mystery Mailer", mechanism: "mailto", destination: "leave@mystery.example", threads: 32,
               outcome: .uncertain),
        Sender(name: "Run Breaker", destination: "breaker.example", threads: 31, outcome: .notAttempted),
        Sender(name: "Still Sending Co", destination: "still.example", threads: 30, state: "still_sending"),
        Sender(name: "Spammy Promotions", destination: "promo.example", threads: 29, state: "reported_spam"),
        Sender(name: "Kept Digest", destination: "digest.example", threads: 28, state: "kept"),
        Sender(name: "Gone Gazette", destination: "gazette.example", threads: 27, state: "unsubscribed"),
        Sender(name: "Checking Sender", mechanism: "none", verified: false, destination: "", threads: 26),
        Sender(name: "Link Only Letters", mechanism: "none", destination: "", threads: 25, linkOnly: true),
        Sender(name: "No Way Out", mechanism: "none", destination: "", threads: 24),
        Sender(name: "Previously Failed", destination: "flaky.example", threads: 23, state: "failed",
               failedCode: "unsubscribe.tls_failed"),
        Sender(name: "Book Club", destination: "club.example", threads: 40, protectedReason: "correspondent"),
        Sender(name: "Important Alerts", destination: "alerts.example", threads: 39, protectedReason: "important_feedback"),
        Sender(name: "Work Bulletin", account: "work", destination: "bulletin.work.example", threads: 22),
        Sender(name: "Work Offers", account: "work", mechanism: "mailto", destination: "stop@offers.work.example", threads: 21,
               state: "still_sending"),
        // The bulk senders whose mail the seeded mailboxes hold (Email/EmailSeed+Threads.swift).
        Sender(name: "Daily Deals", address: "deals@shop.example", destination: "shop.example", threads: 18),
        Sender(name: "Cooking Club", address: "club@cooking.example.test", mechanism: "mailto",
               destination: "leave@cooking.example.test", threads: 9),
        Sender(name: "Town Council", address: "bulletin@council.example.test", verified: false,
               destination: "council.example.test", threads: 7),
        Sender(name: "Poetry Daily", address: "poems@poetry.example.test", destination: "poetry.example.test",
               threads: 20, state: "kept"),
    ]

    /// A subscription's id: one per account and sender address (the same newsletter in two accounts is two).
    static func id(account: String, address: String) -> String {
        SHA256.hex("subscription:\(account):\(address.lowercased())")
    }

    static func address(of sender: Sender) -> String {
        if let address = sender.address { return address }
        let slug = sender.name.lowercased().replacingOccurrences(of: " ", with: "-")
        let host = sender.destination.split(separator: "@").last.map(String.init) ?? ""
        return "news@" + (host.isEmpty ? "\(slug).example" : host)
    }

    static func senders() -> [Sender] {
        named + (1...35).map { n in
            let name = "Bulletin \(String(format: "%02d", n))"
            return n % 5 == 0
                ? Sender(name: name, mechanism: "mailto", destination: "unsubscribe@bulletin\(n).example", threads: 19 - n % 19)
                : Sender(name: name, destination: "bulletin\(n).example", threads: 19 - n % 19)
        }
    }

    static func rows(now: Instant) -> [SubscriptionsState.Row] {
        senders().enumerated().map { index, sender in
            let slug = sender.name.lowercased().replacingOccurrences(of: " ", with: "-")
            let address = Self.address(of: sender)
            let row = SubscriptionsState.Row(
                id: Self.id(account: sender.account, address: address), accountID: sender.account,
                displayName: sender.name, address: address,
                listID: index % 3 == 0 ? "" : "\(slug).lists.example", threadCount: sender.threads,
                firstSeenAt: now.adding(seconds: -80 * 86_400), lastReceivedAt: now.adding(seconds: Double(-3_600 * (index + 1))),
                mechanism: sender.mechanism, verified: sender.verified, destination: sender.destination)
            row.revision = 4  // seen through a few refreshes, as in the contract's example row
            row.state = sender.state
            row.protectedReason = sender.protectedReason
            row.linkOnly = sender.linkOnly
            row.outcome = sender.outcome
            if sender.mechanism == "mailto" {
                row.mailto = (sender.destination, "unsubscribe", "Please remove me from this list.")
            }
            if ["still_sending", "unsubscribed"].contains(sender.state) {
                row.requestedAt = now.adding(seconds: -20 * 86_400)
            }
            if let code = sender.failedCode {
                let op = SubscriptionsState.Operation(
                    id: Identifier.make(), runID: Identifier.make(), action: "unsubscribe", rowIDs: [row.id],
                    priorStates: [row.id: "active"], requestedAt: now.adding(seconds: -86_400), archiveExisting: false)
                op.runStatus = "COMPLETED"
                op.results[row.id] = ("failed", code)
                row.operation = op
            }
            return row
        }
    }
}
