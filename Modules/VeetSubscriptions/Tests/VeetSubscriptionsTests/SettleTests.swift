import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSubscriptions

@Suite struct SettleTests {
    func unsubscribe(_ server: ScriptedServer, rows: [[String: Any]]) async throws -> CommandReport {
        server.on("POST", "/v1/email/subscriptions/unsubscribe", Wire.emailOperation("QUEUED"))
        let confirmation = try UnsubscribeConfirmation(rows: try rows.map(Wire.decode), flags: Wire.flags)
        return try await Wire.api(server).unsubscribe(confirmation, flags: Wire.flags, polling: Wire.quickPolling)
    }

    @Test func pollingWaitsASecondThenBacksOffToFiveAndReadsTheCensusOnce() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/operations/op-1", sequence: Array(repeating: Wire.emailOperation("RUNNING"), count: 16)
                  + [Wire.emailOperation("COMPLETED")])
        server.on("GET", "/v1/email/subscriptions", Wire.page([
            Wire.row(1, state: "unsubscribed", operation: Wire.op(status: "completed", code: "unsubscribe.accepted"))]))
        let report = try await unsubscribe(server, rows: [Wire.row(1)])
        #expect(report.poll == .finished(.completed))
        #expect(server.waits.prefix(10) == Array(repeating: .seconds(1), count: 10)[...])
        #expect(server.waits.dropFirst(10).prefix(4) == [.seconds(2), .seconds(3), .seconds(4), .seconds(5)][...])
        #expect(server.waits.dropFirst(14).allSatisfy { $0 == .seconds(5) })
        #expect(server.requests("GET", "/v1/email/subscriptions").count == 1)
    }

    @Test func pollingStopsAfterThreeConsecutiveFailuresOnly() async throws {
        let failing = HTTPResponse.apiError(500, "internal_error")
        let server = ScriptedServer()
        server.on("GET", "/v1/email/operations/op-1", sequence: [failing, failing, Wire.emailOperation("RUNNING"), failing,
                                                                 failing, Wire.emailOperation("COMPLETED")])
        #expect(await Wire.api(server).waitForRun("op-1", polling: Wire.quickPolling) == .finished(.completed))
        let unreadable = ScriptedServer()
        unreadable.on("GET", "/v1/email/operations/op-1", sequence: [Wire.emailOperation("RUNNING"), failing, failing, failing,
                                                                     Wire.emailOperation("COMPLETED")])
        guard case .unreadable = await Wire.api(unreadable).waitForRun("op-1", polling: Wire.quickPolling) else {
            Issue.record("expected the status to be unreadable"); return
        }
        #expect(unreadable.requests.count == 4)
    }

    @Test func pollingIsBoundedInTime() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/operations/op-1", Wire.emailOperation("WAITING_FOR_APPROVAL"))
        var polling = OperationPolling()
        polling.limit = .seconds(30)
        #expect(await Wire.api(server).waitForRun("op-1", polling: polling) == .timedOut(.waitingForApproval))
        #expect(server.waits.reduce(.zero, +) >= .seconds(30))
    }

    @Test func aFailedRowIsRestoredWithWhatRemainsWhileTheOtherIsQuietlyDone() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/operations/op-1", Wire.emailOperation("COMPLETED"))
        server.on("GET", "/v1/email/subscriptions", Wire.page([
            Wire.row(1, state: "unsubscribed", operation: Wire.op(status: "completed", code: "unsubscribe.accepted")),
            Wire.row(2, state: "failed", revision: 3, operation: Wire.op(status: "failed", code: "unsubscribe.rejected")),
        ]))
        let report = try await unsubscribe(server, rows: [Wire.row(1), Wire.row(2)])
        #expect(!report.allDone)
        guard case .done = report.outcomes[0] else { Issue.record("row 1 should be done"); return }
        guard case .restored(let row, let message, let remaining) = report.outcomes[1] else {
            Issue.record("row 2 should be restored"); return
        }
        #expect(row.state == .failed && remaining == [.unsubscribe, .reportSpam, .keep])
        #expect(message == "The sender's server refused the unsubscribe request. Still possible: Try again, Report spam, Keep.")
    }

    @Test func aFailedRunRestoresTheRowInItsPriorState() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/operations/op-1", Wire.emailOperation("FAILED"))
        server.on("GET", "/v1/email/subscriptions", Wire.page([
            Wire.row(1, revision: 2, operation: Wire.op(status: "failed", code: "unsubscribe.not_attempted"))]))
        let report = try await unsubscribe(server, rows: [Wire.row(1)])
        guard case .restored(let row, let message, let remaining) = report.outcomes[0] else { Issue.record("not restored"); return }
        #expect(row.state == .active && remaining.contains(.unsubscribe))
        #expect(message.hasPrefix("The work ended before the sender was contacted; nothing was sent."))
        // Without an outcome code the run's end says it.
        let bare = try Wire.decode(Wire.row(1))
        let outcome = Settlement.outcome(before: bare, after: bare, poll: .finished(.cancelled), action: .unsubscribe,
                                         flags: Wire.flags)
        #expect(outcome.message?.hasPrefix("The work behind the unsubscribe was cancelled before it finished.") == true)
    }

    @Test func anUnreadableStatusRestoresTheRowAndSaysToReadAgain() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/operations/op-1", .apiError(503, "unavailable", message: "try later"))
        server.on("GET", "/v1/email/subscriptions", Wire.page([
            Wire.row(1, state: "pending", operation: Wire.op(status: "pending", code: nil, prior: "still_sending"))]))
        let report = try await unsubscribe(server, rows: [Wire.row(1, state: "still_sending")])
        guard case .unreadable = report.poll else { Issue.record("\(report.poll)"); return }
        guard case .restored(let row, let message, let remaining) = report.outcomes[0] else { Issue.record("not restored"); return }
        #expect(row.state == .stillSending && remaining.contains(.reportSpam))
        #expect(message.hasPrefix("Its status could not be read") && message.contains("read the list again"))
        // And when the census cannot be read back either, the row as it was comes back.
        let blind = ScriptedServer()
        blind.on("GET", "/v1/email/operations/op-1", Wire.emailOperation("COMPLETED"))
        blind.on("GET", "/v1/email/subscriptions", .apiError(500, "internal_error"))
        let lost = try await unsubscribe(blind, rows: [Wire.row(2)])
        guard case .restored(let kept, let text, _) = lost.outcomes[0] else { Issue.record("not restored"); return }
        #expect(kept.state == .active && text.hasPrefix("The list could not be read back."))
    }

    @Test func anUncertainOutcomeIsRestoredNotDone() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/operations/op-1", Wire.emailOperation("COMPLETED"))
        server.on("GET", "/v1/email/subscriptions", Wire.page([
            Wire.row(1, state: "failed", mechanism: "mailto", revision: 2,
                     operation: Wire.op(status: "uncertain", code: "unsubscribe.outcome_unknown"))]))
        let report = try await unsubscribe(server, rows: [Wire.row(1, mechanism: "mailto")])
        guard case .restored(_, let message, let remaining) = report.outcomes[0] else { Issue.record("not restored"); return }
        #expect(message.hasPrefix("It is not known whether the request or a mailbox change happened."))
        #expect(message.contains("Check the sender's mail before trying again."))
        #expect(remaining == [.unsubscribe, .reportSpam, .keep])
    }

    @Test func aRowStillPendingWhenPollingEndsSaysSo() {
        let row = try! Wire.decode(Wire.row(1, state: "pending", operation: Wire.op(status: "pending", code: nil)))
        let outcome = Settlement.outcome(before: row, after: row, poll: .timedOut(.running), action: .unsubscribe, flags: Wire.flags)
        guard case .stillPending = outcome else { Issue.record("\(outcome)"); return }
        #expect(outcome.row.stateText == "Unsubscribing…")
    }
}
