import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSubscriptions

@Suite struct CommandTests {
    @Test func theConfirmationNamesEverySenderWithItsMechanism() throws {
        let rows = try [Wire.row(1, "Example News", destination: "example.com"),
                        Wire.row(2, "Deals Weekly", mechanism: "mailto", destination: "unsub@deals.example")].map(Wire.decode)
        let confirmation = try UnsubscribeConfirmation(rows: rows, flags: Wire.flags)
        #expect(confirmation.title == "Unsubscribe from 2 senders?")
        #expect(confirmation.senderLines == ["Example News — One-click request to example.com",
                                             "Deals Weekly — Sends an email to unsub@deals.example"])
        #expect(!confirmation.archiveExisting)
        #expect(confirmation.text.contains("An unsubscribe cannot be undone."))
        #expect(confirmation.text.contains("[ ] Also archive existing mail from these senders"))
        #expect(throws: SubscriptionSelection.Refusal.checking) {
            try UnsubscribeConfirmation(rows: [try Wire.decode(Wire.row(3, verified: false))], flags: Wire.flags)
        }
        #expect(throws: SubscriptionSelection.Refusal.full) {
            try UnsubscribeConfirmation(rows: try (1...26).map { try Wire.decode(Wire.row($0)) }, flags: Wire.flags)
        }
    }

    @Test func confirmingSendsExactlyOneCommandWithThreeKeysPerTargetAndNoURLOrAddress() async throws {
        let server = ScriptedServer()
        let rows = try [Wire.row(1, revision: 4), Wire.row(2, mechanism: "mailto", revision: 7)].map(Wire.decode)
        server.on("POST", "/v1/email/subscriptions/unsubscribe", Wire.emailOperation("QUEUED"))
        server.on("GET", "/v1/email/operations/op-1", sequence: [Wire.emailOperation("RUNNING"), Wire.emailOperation("COMPLETED")])
        server.on("GET", "/v1/email/subscriptions", Wire.page([
            Wire.row(1, state: "unsubscribed", revision: 6, operation: Wire.op(status: "completed", code: "unsubscribe.accepted")),
            Wire.row(2, state: "unsubscribed", mechanism: "mailto", revision: 9,
                     operation: Wire.op(status: "completed", code: "unsubscribe.sent")),
        ]))
        var confirmation = try UnsubscribeConfirmation(rows: rows, flags: Wire.flags)
        confirmation.archiveExisting = true
        let key = try #require(IdempotencyKey(rawValue: "c1d2-key"))
        let report = try await Wire.api(server).unsubscribe(confirmation, flags: Wire.flags, key: key, polling: Wire.quickPolling)
        #expect(report.allDone)
        #expect(report.outcomes.allSatisfy { $0.message == nil })  // success is quiet
        let commands = server.requests.filter { $0.method == "POST" }
        #expect(commands.count == 1)
        let body = try #require(commands[0].jsonObject)
        #expect(Set(body.keys) == ["targets", "archive_existing", "idempotency_key"])
        #expect(body["archive_existing"] as? Bool == true)
        #expect(body["idempotency_key"] as? String == "c1d2-key")
        #expect(commands[0].header("Idempotency-Key") == "c1d2-key")
        let targets = try #require(body["targets"] as? [[String: Any]])
        #expect(targets.count == 2)
        for target in targets { #expect(Set(target.keys) == ["subscription_id", "evidence_digest", "expected_revision"]) }
        #expect(targets[0]["subscription_id"] as? String == Wire.hex(1))
        #expect(targets[0]["evidence_digest"] as? String == Wire.hex(1, "d"))
        #expect(targets[0]["expected_revision"] as? Int == 4)
        #expect(targets[1]["expected_revision"] as? Int == 7)
        // Nothing the client sent holds a URL, an address, or a destination.
        let sent = everythingSent(server.requests)
        #expect(!containsURLOrAddress(sent), "\(sent)")
        #expect(!sent.contains("list1.example") && !sent.contains("unsub@"))
    }

    @Test func moreThanTwentyFiveTargetsAreRefusedWithoutARequest() async throws {
        let server = ScriptedServer()
        let target = UnsubscribeCommand.Target(subscriptionID: Wire.hex(1), evidenceDigest: Wire.hex(1, "d"), expectedRevision: 1)
        let command = UnsubscribeCommand(targets: Array(repeating: target, count: 26), archiveExisting: false, idempotencyKey: "k")
        await #expect(throws: SubscriptionsError.self) { try await Wire.api(server).unsubscribe(command) }
        #expect(server.requests.isEmpty)
    }

    @Test func aStaleRevisionIsAConflictThatChangedNothing() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/subscriptions/unsubscribe", .apiError(409, "conflict", message: "revision changed"))
        let confirmation = try UnsubscribeConfirmation(rows: [try Wire.decode(Wire.row(1))], flags: Wire.flags)
        do {
            _ = try await Wire.api(server).unsubscribe(confirmation, flags: Wire.flags)
            Issue.record("expected a conflict")
        } catch {
            guard case .stale? = SubscriptionsError.from(error, isWrite: true) else { Issue.record("\(error)"); return }
        }
        #expect(server.requests.count == 1)
    }

    /// A command's route missing (405) is that command's refusal, never "no unsubscribe
    /// assistance": the census beside it still reads (issue 36).
    @Test func aMissingCommandRouteHidesOnlyThatCommand() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/subscriptions", Wire.page([Wire.row(1)]))
        server.on("POST", "/v1/email/subscriptions/*/keep", .apiError(405, "method_not_allowed"))
        let api = Wire.api(server)
        let row = try #require(try await api.census().first)
        do {
            _ = try await api.keep(true, row, flags: Wire.flags)
            Issue.record("expected a refusal")
        } catch {
            let meaning = SubscriptionsError.from(error, isWrite: true)
            #expect(meaning == .refused("This server does not offer that command for subscriptions."))
            #expect(meaning?.description.contains("unsubscribe assistance") == false)
        }
        #expect(try await api.census().count == 1)
    }

    @Test func keepIsReversibleAndCarriesOnlyTheRevisionAndTheDecision() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/subscriptions/*/keep") { request in
            let kept = request.jsonObject?["kept"] as? Bool == true
            return .json(Wire.row(1, state: kept ? "kept" : "active", revision: kept ? 3 : 4))
        }
        let api = Wire.api(server)
        let kept = try await api.keep(true, try Wire.decode(Wire.row(1, revision: 2)), flags: Wire.flags)
        #expect(kept.state == .kept && kept.actions(Wire.flags) == [.stopKeeping])
        let back = try await api.keep(false, kept, flags: Wire.flags)
        #expect(back.state == .active)
        let bodies = server.requests.compactMap(\.jsonObject)
        #expect(bodies.map { $0["expected_revision"] as? Int } == [2, 3])
        #expect(bodies.map { $0["kept"] as? Bool } == [true, false])
        #expect(bodies.allSatisfy { Set($0.keys) == ["expected_revision", "kept"] })
        #expect(server.requests[0].path == "/v1/email/subscriptions/\(Wire.hex(1))/keep")
        await #expect(throws: SubscriptionsError.self) { try await api.keep(true, kept, flags: Wire.flags) }
        await #expect(throws: SubscriptionsError.self) { try await api.keep(true, try Wire.decode(Wire.row(1)), flags: .unknown) }
        #expect(server.requests.count == 2)
    }

    @Test func reportSpamAndNotSpamSettleFromTheRow() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/subscriptions/*/spam") { request in
            Wire.emailOperation(request.jsonObject?["spam"] as? Bool == true ? "QUEUED" : "COMPLETED")
        }
        server.on("GET", "/v1/email/operations/op-1", Wire.emailOperation("COMPLETED"))
        server.on("GET", "/v1/email/subscriptions", sequence: [
            Wire.page([Wire.row(1, state: "reported_spam", revision: 3,
                                operation: Wire.op("report_spam", status: "completed", code: "labels.completed"))]),
            Wire.page([Wire.row(1, state: "active", revision: 5,
                                operation: Wire.op("not_spam", status: "completed", code: "labels.completed",
                                                   prior: "reported_spam"))]),
        ])
        let api = Wire.api(server)
        let still = try Wire.decode(Wire.row(1, state: "still_sending", revision: 2))
        let reported = try await api.reportSpam(true, still, flags: Wire.flags, polling: Wire.quickPolling)
        #expect(reported.allDone)
        let row = reported.outcomes[0].row
        #expect(row.stateText == "Reported as spam" && row.actions(Wire.flags) == [.notSpam])
        let restored = try await api.reportSpam(false, row, flags: Wire.flags, polling: Wire.quickPolling)
        #expect(restored.allDone && restored.outcomes[0].row.state == .active)
        let bodies = server.requests.filter { $0.method == "POST" }.compactMap(\.jsonObject)
        #expect(bodies.map { Set($0.keys) } == Array(repeating: ["expected_revision", "spam", "idempotency_key"], count: 2))
        #expect(bodies.map { $0["spam"] as? Bool } == [true, false])
        #expect(bodies.map { $0["expected_revision"] as? Int } == [2, 3])
        // Without the account's spam flag nothing is sent.
        let noSpam = AccountFlags([SubscriptionAccountCapabilities(accountID: "default", unsubscribeSupported: true,
                                                                   spamSupported: false)])
        let before = server.requests.count
        await #expect(throws: SubscriptionsError.self) { try await api.reportSpam(true, still, flags: noSpam) }
        #expect(server.requests.count == before)
        #expect(!containsURLOrAddress(everythingSent(server.requests)))
    }
}
