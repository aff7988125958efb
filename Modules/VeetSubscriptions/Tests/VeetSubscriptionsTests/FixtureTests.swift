import Foundation
import Testing
import VeetFixture
import VeetTransport
@testable import VeetSubscriptions

/// The library against the reference server's subscription census.
@Suite struct FixtureTests {
    static let token = "subscriptions-test-token"

    static func start(_ configure: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, HTTPClient) {
        var options = FixtureOptions.testing
        configure(&options)
        let server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: Self.token),
                                writeTimeout: 2)
        return (server, client)
    }

    /// Polling that waits 10 ms instead of seconds.
    static func api(_ client: HTTPClient) -> SubscriptionsAPI {
        SubscriptionsAPI(sender: .live(client: client, sleeper: { _ in try await Task.sleep(for: .milliseconds(10)) }))
    }

    static func flags(_ client: HTTPClient) async throws -> AccountFlags {
        let page = try await HTTPRequestSender.live(client: client).send(.get("/v1/email/accounts"))
            .decoded(as: Page<SubscriptionAccountCapabilities>.self)
        return AccountFlags(page.items)
    }

    func row(_ name: String, in rows: [Subscription]) throws -> Subscription {
        try #require(rows.first { $0.displayName == name }, "\(name) not listed")
    }

    @Test func theReadmeExampleListsWhoCanBeUnsubscribed() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let lines = try await unsubscribable(on: client, flags: try await Self.flags(client))
        #expect(lines.contains("Example News: One-click request to example.com"))
        #expect(lines.contains("Deals Weekly: Sends an email to unsub@deals.example"))
        #expect(!lines.contains { $0.hasPrefix("Checking Sender") || $0.hasPrefix("Work Bulletin") })
    }

    @Test func theCensusHasEveryStateInTheContractsOrder() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = Self.api(client)
        let rows = try await api.census()
        #expect(rows.count >= 40)
        let states = Set(rows.map(\.state))
        #expect(states == [.active, .kept, .unsubscribed, .failed, .stillSending, .reportedSpam])
        #expect(Set(rows.map(\.mechanism)) == [.oneClick, .mailto, .none])
        #expect(rows.contains { $0.isChecking } && rows.contains { $0.linkOnly })
        // Protected last; then more conversations first.
        let protectedStart = try #require(rows.firstIndex { $0.isProtected })
        #expect(rows[protectedStart...].allSatisfy(\.isProtected) && rows.filter(\.isProtected).count == 2)
        let open = rows[..<protectedStart].map(\.threadCount)
        #expect(open == open.sorted(by: >))
        // Paging, filters.
        let first = try await api.page(limit: 10)
        #expect(first.items.count == 10 && first.nextCursor != nil)
        let second = try await api.page(limit: 10, cursor: first.nextCursor)
        #expect(second.items.first?.id == rows[10].id)
        let work = try await api.census(SubscriptionQuery(accountID: "work"))
        #expect(work.map(\.displayName) == ["Work Bulletin", "Work Offers"])
        let failed = try await api.census(SubscriptionQuery(state: .failed))
        #expect(failed.map(\.displayName) == ["Previously Failed"])
        #expect(failed[0].operation?.code == .tlsFailed)
    }

    @Test func aBulkUnsubscribeThatPartlyFails() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = Self.api(client), flags = try await Self.flags(client)
        let rows = try await api.census()
        let chosen = try ["Example News", "Deals Weekly", "Rejecting Retailer", "Unreachable Updates"].map { try row($0, in: rows) }
        var confirmation = try UnsubscribeConfirmation(rows: chosen, flags: flags)
        confirmation.archiveExisting = true
        let report = try await api.unsubscribe(confirmation, flags: flags)
        #expect(report.poll == .finished(.completed))
        #expect(report.outcomes.map(\.row.state) == [.unsubscribed, .unsubscribed, .failed, .failed])
        #expect(report.outcomes[0].message == nil && report.outcomes[1].message == nil)
        #expect(report.outcomes[2].message?.hasPrefix("The sender's server refused") == true)
        #expect(report.outcomes[3].message?.hasPrefix("The sender's server could not be reached.") == true)
        // A second try of a failed row is allowed; an unsubscribed one is not.
        let again = try await api.census()
        #expect(try row("Rejecting Retailer", in: again).actions(flags).contains(.unsubscribe))
        #expect(try row("Example News", in: again).actions(flags).isEmpty)
    }

    @Test func uncertainAndNeverAttemptedRowsAreRestored() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = Self.api(client), flags = try await Self.flags(client)
        let rows = try await api.census()
        let uncertain = try await api.unsubscribe(try UnsubscribeConfirmation(rows: [try row("Mystery Mailer", in: rows)],
                                                                               flags: flags), flags: flags)
        guard case .restored(let mystery, let message, _) = uncertain.outcomes[0] else { Issue.record("not restored"); return }
        #expect(mystery.operation?.status == .uncertain && message.contains("Check the sender's mail"))
        let broken = try await api.unsubscribe(try UnsubscribeConfirmation(rows: [try row("Run Breaker", in: rows)],
                                                                            flags: flags), flags: flags)
        #expect(broken.poll == .finished(.failed))
        guard case .restored(let breaker, let text, let remaining) = broken.outcomes[0] else { Issue.record("not restored"); return }
        #expect(breaker.state == .active && text.contains("nothing was sent") && remaining.contains(.unsubscribe))
    }

    @Test func anUnreadableStatusRestoresAndTheRowSettlesLater() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = Self.api(client), flags = try await Self.flags(client)
        server.setSubscriptionStatusUnreadable(true)
        server.holdSubscriptionRuns(true)  // under load a second could pass before the list is read back
        let rows = try await api.census()
        let report = try await api.unsubscribe(try UnsubscribeConfirmation(rows: [try row("Bulletin 01", in: rows)],
                                                                            flags: flags), flags: flags)
        guard case .unreadable = report.poll else { Issue.record("\(report.poll)"); return }
        #expect(report.outcomes[0].message?.hasPrefix("Its status could not be read") == true)
        #expect(report.outcomes[0].row.state == .active)  // restored from pending to its prior state
        server.holdSubscriptionRuns(false)
        try await Task.sleep(for: .milliseconds(1_100))
        #expect(try row("Bulletin 01", in: try await api.census()).state == .unsubscribed)
    }

    @Test func spamKeepAndAStaleRevision() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = Self.api(client), flags = try await Self.flags(client)
        var rows = try await api.census()
        let still = try row("Still Sending Co", in: rows)
        #expect(still.actions(flags) == [.unsubscribe, .reportSpam, .keep])
        let reported = try await api.reportSpam(true, still, flags: flags)
        #expect(reported.allDone && reported.outcomes[0].row.state == .reportedSpam)
        let back = try await api.reportSpam(false, reported.outcomes[0].row, flags: flags)
        #expect(back.allDone && back.outcomes[0].row.state == .active)
        let kept = try await api.keep(true, back.outcomes[0].row, flags: flags)
        #expect(kept.state == .kept && kept.evidenceDigest == nil)
        #expect(try await api.keep(false, kept, flags: flags).state == .active)
        // Checking… rows keep Keep and Report spam.
        rows = try await api.census()
        let checking = try row("Checking Sender", in: rows)
        #expect(try await api.keep(true, checking, flags: flags).state == .kept)
        // The work account offers nothing to this token: its rows are listed without actions.
        #expect(try row("Work Offers", in: rows).actions(flags).isEmpty)
        #expect(try row("Work Bulletin", in: rows).actions(flags).isEmpty)
        // Flags offering unsubscribe without spam hide only Report spam; the server still
        // refuses, since the token lacks the account's authority (the real flags say so).
        let noSpam = AccountFlags([SubscriptionAccountCapabilities(accountID: "work", unsubscribeSupported: true,
                                                                  spamSupported: false)])
        #expect(try row("Work Offers", in: rows).actions(noSpam) == [.unsubscribe, .keep])
        do {
            _ = try await api.unsubscribe(try UnsubscribeConfirmation(rows: [try row("Work Bulletin", in: rows)], flags: noSpam),
                                          flags: noSpam)
            Issue.record("expected 403")
        } catch {
            guard case .writeDenied? = SubscriptionsError.from(error, isWrite: true) else { Issue.record("\(error)"); return }
        }
        // New mail meanwhile: the old revision is refused and nothing is sent.
        let news = try row("Example News", in: rows)
        server.touchSubscription(news.id)
        do {
            _ = try await api.unsubscribe(try UnsubscribeConfirmation(rows: [news], flags: flags), flags: flags)
            Issue.record("expected a conflict")
        } catch {
            guard case .stale? = SubscriptionsError.from(error, isWrite: true) else { Issue.record("\(error)"); return }
        }
        #expect(try row("Example News", in: try await api.census()).state == .active)
    }

    @Test func aServerWithoutTheFeatureAnswers404() async throws {
        let (server, client) = try Self.start { $0.subscriptions = false }
        defer { server.stop() }
        do {
            _ = try await Self.api(client).census()
            Issue.record("expected 404")
        } catch {
            #expect(SubscriptionsError.from(error, isWrite: false) == .unavailable)
        }
    }
}
