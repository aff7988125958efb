import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSubscriptions

@Suite struct CensusTests {
    @Test func theCensusKeepsTheServersOrderAcrossPagesWithItsFilters() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/subscriptions") { request in
            switch request.queryValue("cursor") {
            case nil: Wire.page([Wire.row(3), Wire.row(1)], next: "b2Zmc2V0OjI=")
            default: Wire.page([Wire.row(2, protected: true)])
            }
        }
        let rows = try await Wire.api(server).census(SubscriptionQuery(accountID: "work", state: .failed))
        #expect(rows.map(\.id) == [Wire.hex(3), Wire.hex(1), Wire.hex(2)])
        let first = try #require(server.requests.first)
        #expect(first.queryValue("account_id") == "work")
        #expect(first.queryValue("state") == "failed")
        #expect(first.queryValue("limit") == "100")
        #expect(server.requests.last?.queryValue("cursor") == "b2Zmc2V0OjI=")
    }

    @Test func onePageIsReadWithTheCursorAsGiven() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/subscriptions", Wire.page([Wire.row(1)], next: "next+/="))
        let page = try await Wire.api(server).page(limit: 500, cursor: "opaque+/=")
        #expect(page.nextCursor == "next+/=")
        #expect(server.requests[0].queryValue("cursor") == "opaque+/=")
        #expect(server.requests[0].queryValue("limit") == "100")
    }

    @Test func unknownValuesAreKeptAndShownRaw() throws {
        var object = Wire.row(1, state: "snoozed_v9", mechanism: "carrier_pigeon")
        object["protected_reason"] = "vip"
        object["operation"] = Wire.op("archive_v2", status: "paused", code: "unsubscribe.v9")
        let row = try Wire.decode(object)
        #expect(row.state == .unknown("snoozed_v9"))
        #expect(row.stateText == "snoozed_v9")
        #expect(row.actions(Wire.flags).isEmpty)  // unknown states: no actions
        #expect(row.mechanism == .unknown("carrier_pigeon"))
        #expect(!row.isEligibleToUnsubscribe)
        #expect(row.offerText == "No automated unsubscribe")
        #expect(row.protectedReason == .unknown("vip"))
        #expect(row.operation?.code?.sentence == "The server reported an outcome this client does not know.")
    }

    @Test func eachRowSaysWhatItOffersInPlainWordsNeverALink() throws {
        #expect(try Wire.decode(Wire.row(1, destination: "example.com")).offerText == "One-click request to example.com")
        #expect(try Wire.decode(Wire.row(2, mechanism: "mailto", destination: "unsub@example.com")).offerText
                == "Sends an email to unsub@example.com")
        var noDestination = Wire.row(3, mechanism: "mailto")
        noDestination["destination"] = ""
        #expect(try Wire.decode(noDestination).offerText == "Sends an email to unsub@list3.example")  // mailto.to
        #expect(try Wire.decode(Wire.row(4, mechanism: "none", linkOnly: true)).offerText == "Unsubscribe link only")
        #expect(try Wire.decode(Wire.row(5, mechanism: "none")).offerText == "No automated unsubscribe")
        let checking = try Wire.decode(Wire.row(6, mechanism: "none", verified: false))
        #expect(checking.offerText == "Checking…" && checking.stateText == "Checking…")
        let many = try Wire.decode(Wire.row(7).merging(["thread_count": 200, "thread_count_overflow": true]) { $1 })
        #expect(many.countText == "more than 200 conversations")
    }

    @Test func pendingRowsSayWhatIsInFlight() throws {
        let unsubscribing = try Wire.decode(Wire.row(1, state: "pending", operation: Wire.op(status: "pending", code: nil)))
        #expect(unsubscribing.stateText == "Unsubscribing…" && unsubscribing.actions(Wire.flags).isEmpty)
        let spam = try Wire.decode(Wire.row(2, state: "pending", operation: Wire.op("report_spam", status: "pending", code: nil)))
        #expect(spam.stateText == "Reporting spam…")
        let back = try Wire.decode(Wire.row(3, state: "pending", operation: Wire.op("not_spam", status: "pending", code: nil)))
        #expect(back.stateText == "Restoring from spam…")
        #expect(try Wire.decode(Wire.row(4)).pending(.unsubscribe).stateText == "Unsubscribing…")
    }

    @Test func aServerWithoutTheFeatureSaysSo() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/subscriptions", .apiError(404, "not_found", message: "The requested resource was not found."))
        do {
            _ = try await Wire.api(server).census()
            Issue.record("expected a failure")
        } catch {
            #expect(SubscriptionsAPI.meansUnavailable(error))
            #expect(SubscriptionsError.from(error, isWrite: false) == .unavailable)
        }
    }

    @Test func showFindsARowByIdAndRefusesANonId() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/subscriptions", Wire.page([Wire.row(1), Wire.row(2)]))
        #expect(try await Wire.api(server).subscription(id: Wire.hex(2)).displayName == "Sender 2")
        await #expect(throws: SubscriptionsError.notFound(Wire.hex(9))) {
            try await Wire.api(server).subscription(id: Wire.hex(9))
        }
        let before = server.requests.count
        await #expect(throws: SubscriptionsError.notAnID("https://evil.example/x")) {
            try await Wire.api(server).subscription(id: "https://evil.example/x")
        }
        #expect(server.requests.count == before)
        #expect(!SubscriptionID.isValid(Wire.hex(1).uppercased()))
    }
}
