import Foundation
import Testing

/// `veet subscriptions` through the built CLI against the built fixture.
@Suite(.serialized) struct SubscriptionsJourneyTests {
    let cli = CLIEndToEndTests()

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    func rows(_ fixture: FixtureProcess, _ home: URL, _ extra: [String] = []) throws -> [[String: Any]] {
        let listed = try object(cli.veet(["subscriptions", "list", "--json"] + extra, fixture: fixture, home: home).stdout)
        return try #require(listed["items"] as? [[String: Any]])
    }

    func id(_ name: String, in rows: [[String: Any]]) throws -> String {
        try #require(rows.first { $0["display_name"] as? String == name }?["id"] as? String, "\(name) not listed")
    }

    /// Nothing printed as JSON holds a URL (a row's destination is a host or a recipient).
    func expectNoURL(_ text: String) {
        let lowered = text.lowercased()
        #expect(!lowered.contains("://") && !lowered.contains("mailto:"), "\(text)")
    }

    @Test func theCensusAndAnUnsubscribeThatPartlyFails() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let listed = try cli.veet(["subs", "list"], fixture: fixture, home: home)
        #expect(listed.status == 0)
        #expect(listed.stdout.hasPrefix("Example News  One-click request to example.com  38 conversations  [Active]"))
        #expect(listed.stdout.contains("Checking Sender  Checking…"))
        #expect(listed.stderr.contains("More: veet subscriptions list --cursor"))
        let page = try object(cli.veet(["subscriptions", "list", "--json"], fixture: fixture, home: home).stdout)
        let next = try #require(page["next_cursor"] as? String)
        let rest = try rows(fixture, home, ["--cursor", next])
        let all = try #require(page["items"] as? [[String: Any]]) + rest
        #expect(all.count >= 40)
        let news = try id("Example News", in: all), rejecting = try id("Rejecting Retailer", in: all)
        #expect(all.first?["actions"] as? [String] == ["unsubscribe", "report_spam", "keep"])

        let refused = try cli.veet(["subs", "unsubscribe", news, rejecting], fixture: fixture, home: home, stdin: "n\n")
        #expect(refused.status == 1 && refused.stderr.contains("Not unsubscribed; nothing was sent."))
        #expect(refused.stderr.contains("Unsubscribe from 2 senders?\n  Example News — One-click request to example.com\n"
                                        + "  Rejecting Retailer — One-click request to shop.example\n"
                                        + "An unsubscribe cannot be undone.\n[ ] Also archive existing mail from these senders"))
        let done = try cli.veet(["subs", "unsubscribe", news, rejecting, "--yes", "--archive-existing", "--json"],
                                fixture: fixture, home: home)
        #expect(done.status == 1)  // one row failed
        expectNoURL(done.stdout)
        let outcomes = try #require(try object(done.stdout)["outcomes"] as? [[String: Any]])
        #expect(outcomes.map { $0["result"] as? String } == ["done", "restored"])
        #expect(outcomes[1]["remaining"] as? [String] == ["unsubscribe", "report_spam", "keep"])
        #expect((outcomes[1]["message"] as? String)?.contains("refused the unsubscribe request") == true)
        let shown = try cli.veet(["subs", "show", rejecting], fixture: fixture, home: home)
        #expect(shown.stdout.contains("State: Unsubscribe failed") && shown.stdout.contains("Actions: Try again, Report spam, Keep"))
        expectNoURL(try cli.veet(["subs", "list", "--json"], fixture: fixture, home: home).stdout)
        expectNoURL(try cli.veet(["subs", "show", news, "--json"], fixture: fixture, home: home).stdout)
    }

    @Test func keepSpamAndHidingWithoutTheFlags() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let all = try rows(fixture, home) + rows(fixture, home, ["--account", "work"])
        let still = try id("Still Sending Co", in: all), checking = try id("Checking Sender", in: all)
        let spam = try object(cli.veet(["subs", "spam", still, "--json"], fixture: fixture, home: home).stdout)
        #expect((spam["outcomes"] as? [[String: Any]])?.first?["state"] as? String == "reported_spam")
        let back = try cli.veet(["subs", "not-spam", still], fixture: fixture, home: home)
        #expect(back.status == 0 && back.stdout.contains("Moved back from spam: Still Sending Co"))
        let kept = try cli.veet(["subscriptions", "keep", checking], fixture: fixture, home: home)
        #expect(kept.stdout.contains("Keeping Checking Sender") && kept.stdout.contains("keep --undo"))
        let undone = try object(cli.veet(["subscriptions", "keep", "--undo", checking, "--json"], fixture: fixture, home: home).stdout)
        #expect(undone["state"] as? String == "active")
        let unverified = try cli.veet(["subs", "unsubscribe", checking, "--yes"], fixture: fixture, home: home)
        #expect(unverified.status == 2 && unverified.stderr.contains("still being checked"))
        // The Work account offers neither unsubscribe nor spam (GET /v1/email/accounts): its rows
        // are listed without actions and nothing is sent for them.
        let work = try id("Work Bulletin", in: all)
        #expect(all.first { $0["id"] as? String == work }?["actions"] as? [String] == [])
        let hidden = try cli.veet(["subs", "spam", work], fixture: fixture, home: home)
        #expect(hidden.status == 1 && hidden.stderr.contains("does not offer"))
        let notOffered = try cli.veet(["subs", "unsubscribe", work, "--yes"], fixture: fixture, home: home)
        #expect(notOffered.status == 2 && notOffered.stderr.contains("does not offer unsubscribe"))
        let shown = try cli.veet(["subs", "show", work], fixture: fixture, home: home)
        #expect(shown.status == 0 && shown.stdout.contains("Actions: none (this account does not offer unsubscribe assistance)"))
    }

    @Test func withoutTheAccountListTheCensusShowsNoActions() throws {
        let fixture = try FixtureProcess(arguments: ["--no-email-accounts"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let page = try object(cli.veet(["subs", "list", "--json"], fixture: fixture, home: home).stdout)
        #expect(page["account_flags_known"] as? Bool == false)
        let items = try #require(page["items"] as? [[String: Any]])
        #expect(items.allSatisfy { ($0["actions"] as? [String])?.isEmpty == true })
        let news = try id("Example News", in: items)
        let refused = try cli.veet(["subs", "unsubscribe", news, "--yes"], fixture: fixture, home: home)
        #expect(refused.status == 2 && refused.stderr.contains("does not offer unsubscribe"))
        let text = try cli.veet(["subs", "list"], fixture: fixture, home: home)
        #expect(text.stderr.contains("the census is shown without actions"))
        let off = try FixtureProcess(arguments: ["--no-subscriptions"])
        defer { off.stop() }
        let missing = try cli.veet(["subs", "list"], fixture: off, home: home)
        #expect(missing.status == 4 && missing.stderr.contains("does not offer unsubscribe assistance"))
    }
}
