import Foundation
import Testing
@testable import VeetFixture

/// Archive, thread spam, refresh and their operations; Review & Send (docs/wire/email.md §8.2, §9–§11, §13).
@Suite struct EmailOperationRouteTests {
    static func archive(_ archived: Bool, key: String, revision: Int = 1) -> String {
        #"{"expected_revision":\#(revision),"archived":\#(archived),"idempotency_key":"\#(key)"}"#
    }

    /// Polls an operation to its end; returns the statuses seen.
    static func poll(_ h: Harness, _ id: String) throws -> [String] {
        var seen: [String] = []
        for _ in 0..<4 {
            let status = try h.email("GET", "/operations/\(id)").object["status"] as? String ?? "?"
            seen.append(status)
            if ["COMPLETED", "FAILED", "CANCELLED"].contains(status) { break }
        }
        return seen
    }

    @Test func archiveSucceedsReplaysAndRefusesAnotherBodyUnderTheSameKey() throws {
        let h = try Harness()
        let path = "/threads/\(EmailSeedIDs.dinnerThread)/archive"
        let started = try h.email("POST", path, Self.archive(true, key: "a-1"))
        #expect(started.status == 200 && started.object["status"] as? String == "QUEUED")
        #expect(started.object["replayed"] as? Bool == false)
        let id = try #require(started.object["operation_id"] as? String)
        let replay = try h.email("POST", path, Self.archive(true, key: "a-1"))
        #expect(replay.object["operation_id"] as? String == id && replay.object["replayed"] as? Bool == true)
        #expect(try h.email("POST", path, Self.archive(false, key: "a-1")).status == 409)
        let pending = try h.email("GET", "/threads/\(EmailSeedIDs.dinnerThread)")
        #expect((pending.object["archive_operation"] as? [String: Any])?["status"] as? String == "pending")
        #expect(pending.object["in_inbox"] as? Bool == true)
        #expect(try Self.poll(h, id) == ["COMPLETED"])
        let thread = try h.email("GET", "/threads/\(EmailSeedIDs.dinnerThread)")
        #expect(thread.object["in_inbox"] as? Bool == false)
        #expect((thread.object["archive_operation"] as? [String: Any])?["status"] as? String == "completed")
        let run = try h.request("GET", "/v1/runs/\(started.object["run_id"] as? String ?? "")")
        #expect(run.object["status"] as? String == "COMPLETED")
        #expect(try h.email("GET", "/operations/\(id)").object["replayed"] as? Bool == false)
        #expect(try h.email("GET", "/operations/\(UUID().uuidString.lowercased())").status == 404)
    }

    @Test func theBodyKeyIsRequiredAndTheHeaderMustMatchIt() throws {
        let h = try Harness()
        let path = "/threads/\(EmailSeedIDs.dinnerThread)/archive"
        #expect(try h.email("POST", path, #"{"expected_revision":1,"archived":true}"#).status == 400)
        let mismatch = try h.email("POST", path, Self.archive(true, key: "a-2"), key: "other")
        #expect(mismatch.status == 400 && mismatch.errorMessage == "The HTTP request is not supported.")
        #expect(try h.email("POST", path, Self.archive(true, key: "a-3"), key: "a-3").status == 200)
        #expect(try h.email("POST", path, Self.archive(true, key: "a-4", revision: 2)).status == 409)
        let work = try h.email("POST", "/threads/\(EmailSeedIDs.roadmapThread)/archive", Self.archive(true, key: "a-5"))
        #expect(work.status == 403)
        #expect(try h.email("POST", "/threads/\(EmailSeedIDs.uncertainArchiveThread)/archive",
                            Self.archive(true, key: "a-6")).status == 409)
    }

    @Test func operationsEndAsConfiguredOrAsForced() throws {
        var options = FixtureOptions.testing
        options.emailOperations = .fail
        let h = try Harness(options: options)
        let failing = try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/archive", Self.archive(true, key: "f-1"))
        #expect(try Self.poll(h, failing.object["operation_id"] as? String ?? "").last == "FAILED")
        let failed = try h.email("GET", "/threads/\(EmailSeedIDs.dinnerThread)")
        let operation = failed.object["archive_operation"] as? [String: Any]
        #expect(operation?["status"] as? String == "failed" && operation?["error"] is String)
        #expect(failed.object["in_inbox"] as? Bool == true)
        h.server.forceNextEmailOutcomes(.uncertain)
        let unsure = try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/archive", Self.archive(true, key: "u-1"))
        #expect(try Self.poll(h, unsure.object["operation_id"] as? String ?? "").last == "COMPLETED")
        let unknown = try h.email("GET", "/threads/\(EmailSeedIDs.dinnerThread)")
        #expect((unknown.object["archive_operation"] as? [String: Any])?["status"] as? String == "uncertain")
        #expect(unknown.object["in_inbox"] as? Bool == true)
        #expect(try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/archive", Self.archive(true, key: "u-2")).status == 409)
        // The HTTP control forces the next outcome too.
        let control = try h.request("POST", "/_fixture/email/next-outcome", body: #"{"outcome":"succeed"}"#)
        #expect(control.status == 200)
        let refresh = try h.email("POST", "/refresh", "{}", key: "r-1")
        #expect(try Self.poll(h, refresh.object["operation_id"] as? String ?? "").last == "COMPLETED")
        // A completed refresh settles the unconfirmed change from what Gmail holds.
        #expect(try h.email("GET", "/threads/\(EmailSeedIDs.dinnerThread)").object["in_inbox"] as? Bool == false)
    }

    @Test func reportSpamAndNotSpamMoveTheThread() throws {
        let h = try Harness()
        let spam = "/threads/\(EmailSeedIDs.suspectedSpamThread)/spam"
        #expect(try h.email("POST", spam, #"{"expected_revision":1,"spam":false,"idempotency_key":"s-0"}"#).status == 409)
        #expect(try h.email("POST", spam, #"{"expected_revision":1,"spam":true,"idempotency_key":"s-x","labels":["SPAM"]}"#).status == 400)
        let report = try h.email("POST", spam, #"{"expected_revision":1,"spam":true,"idempotency_key":"s-1"}"#)
        _ = try Self.poll(h, report.object["operation_id"] as? String ?? "")
        let reported = try h.email("GET", "/threads/\(EmailSeedIDs.suspectedSpamThread)")
        #expect(reported.object["in_spam"] as? Bool == true && reported.object["in_inbox"] as? Bool == false)
        #expect((reported.object["archive_operation"] as? [String: Any])?["target_spam"] as? Bool == true)
        let back = try h.email("POST", "/threads/\(EmailSeedIDs.inSpamThread)/spam", #"{"expected_revision":1,"spam":false,"idempotency_key":"s-2"}"#)
        _ = try Self.poll(h, back.object["operation_id"] as? String ?? "")
        let restored = try h.email("GET", "/threads/\(EmailSeedIDs.inSpamThread)")
        #expect(restored.object["in_inbox"] as? Bool == true && restored.object["spam_cleared"] as? Bool == true)
        #expect(try h.email("POST", "/threads/\(EmailSeedIDs.roadmapThread)/spam",
                            #"{"expected_revision":1,"spam":true,"idempotency_key":"s-3"}"#).status == 403)
        var options = FixtureOptions.testing
        options.emailSpamRoutes = false
        let off = try Harness(options: options)
        #expect(try off.email("POST", spam, #"{"expected_revision":1,"spam":true,"idempotency_key":"s-1"}"#).status == 404)
    }

    @Test func refreshReplaysWhileInFlightUpdatesFreshnessAndBringsNewMail() throws {
        let h = try Harness()
        let first = try h.email("POST", "/refresh", "{}")
        let again = try h.email("POST", "/refresh")
        #expect(again.object["operation_id"] as? String == first.object["operation_id"] as? String)
        #expect(again.object["replayed"] as? Bool == true)
        #expect(h.items(try h.email("GET", "/accounts")).first?["status"] as? String == "syncing")
        _ = try Self.poll(h, first.object["operation_id"] as? String ?? "")
        let accounts = h.items(try h.email("GET", "/accounts"))
        #expect(accounts.allSatisfy { $0["status"] as? String == "ready" })
        #expect(h.items(try h.email("GET", "/threads")).first?["id"] as? String == EmailSeedIDs.lateMailThread)
        #expect(try h.email("POST", "/refresh", #"{"accounts":["work"]}"#).status == 400)
        h.server.forceNextEmailOutcomes(.fail)
        let failing = try h.email("POST", "/refresh", "{}")
        #expect(try Self.poll(h, failing.object["operation_id"] as? String ?? "").last == "FAILED")
        let broken = h.items(try h.email("GET", "/accounts")).first
        #expect(broken?["status"] as? String == "unavailable" && broken?["error"] is String)
        h.server.forceNextEmailOutcomes(.uncertain)
        let stuck = try h.email("POST", "/refresh", "{}")
        #expect(try Self.poll(h, stuck.object["operation_id"] as? String ?? "") == ["RUNNING", "RUNNING", "RUNNING", "RUNNING"])
    }
}
