import Foundation
import Testing
@testable import VeetFixture

/// Drafts: generation, saves with optimistic revisions, conflicts, history, discard (docs/wire/email.md §6).
@Suite struct EmailDraftRouteTests {
    static func save(_ revision: Int, body: String, to: String = "marco.rossi@lettings.example.test") -> String {
        let encoded = String(decoding: try! JSONSerialization.data(withJSONObject: body, options: .fragmentsAllowed), as: UTF8.self)
        return #"{"expected_revision":\#(revision),"to":["\#(to)"],"cc":[],"bcc":[],"subject":"Re: Lease","body":\#(encoded)}"#
    }

    @Test func aSaveMakesANewRevisionAndAReusedKeyReplaysOrConflicts() throws {
        let h = try Harness()
        let path = "/drafts/\(EmailSeedIDs.shortReplyDraft)"
        let read = try h.email("GET", path)
        #expect(read.object["revision"] as? Int == 1 && read.object["status"] as? String == "ready")
        #expect(read.object["send_tool_name"] as? String == "mcp.gmail_send.send_message")
        let saved = try h.email("PUT", path, Self.save(1, body: "Yes, renewing."), key: "save-1")
        #expect(saved.status == 200 && saved.object["revision"] as? Int == 2 && saved.object["owner_edited"] as? Bool == true)
        let replay = try h.email("PUT", path, Self.save(1, body: "Yes, renewing."), key: "save-1")
        #expect(replay.status == 200 && replay.object["revision"] as? Int == 2)
        #expect(try h.email("PUT", path, Self.save(1, body: "Something else."), key: "save-1").status == 409)
        let upper = try h.email("PUT", path, Self.save(2, body: "Again.", to: "Marco.Rossi@Lettings.example.test"))
        #expect(upper.object["to"] as? [String] == ["marco.rossi@lettings.example.test"])
        #expect(try h.email("PUT", path, Self.save(3, body: "x", to: "not an address")).status == 400)
        let badSubject = Self.save(3, body: "x").replacingOccurrences(of: "Re: Lease", with: #"Re:\nLease"#)
        #expect(try h.email("PUT", path, badSubject).status == 400)
    }

    @Test func anEditOnAnotherDeviceForcesAConflictThatKeepsBothVersions() throws {
        let h = try Harness()
        let path = "/drafts/\(EmailSeedIDs.shortReplyDraft)"
        #expect(h.server.editEmailDraftElsewhere(EmailSeedIDs.shortReplyDraft, body: "Edited on the phone.") == 2)
        let conflict = try h.email("PUT", path, Self.save(1, body: "Edited in the terminal."))
        #expect(conflict.status == 409 && conflict.errorCode == "conflict")
        #expect(conflict.errorDetails["reason"] as? String == "email_draft_revision_conflict")
        #expect(try h.email("GET", path).object["body"] as? String == "Edited on the phone.")
        let history = h.items(try h.email("GET", path + "/revisions"))
        let bodies = history.compactMap { $0["body"] as? String }
        #expect(bodies.contains("Edited on the phone.") && bodies.contains("Edited in the terminal."))
        #expect(history.filter { $0["revision"] as? Int == 2 }.count == 2)
        // The HTTP control does the same for a test driving a veet-fixture process.
        let control = try h.request("POST", "/_fixture/email/drafts/\(EmailSeedIDs.shortReplyDraft)/edit-elsewhere", body: "{}")
        #expect(control.status == 200 && control.object["revision"] as? Int == 3)
        #expect(try h.request("POST", "/_fixture/email/drafts/\(EmailSeedIDs.shortReplyDraft)/edit-elsewhere",
                              body: "{}", token: nil).status == 401)
    }

    @Test func theLongDraftHasHistoryAndAStaleDraftNeedsTheReviewedRevision() throws {
        let h = try Harness()
        let history = h.items(try h.email("GET", "/drafts/\(EmailSeedIDs.longReplyDraft)/revisions"))
        #expect(history.compactMap { $0["revision"] as? Int } == [1, 2, 3])
        let stale = try h.email("GET", "/drafts/\(EmailSeedIDs.staleDraft)")
        #expect(stale.object["stale"] as? Bool == true)
        let body = #"{"expected_revision":1,"to":["ana.silva@example.test"],"subject":"Re: Book club","body":"Piranesi."}"#
        #expect(try h.email("PUT", "/drafts/\(EmailSeedIDs.staleDraft)", body).status == 409)
        let reviewed = body.replacingOccurrences(of: #""to""#, with: #""source_revision":2,"to""#)
        let saved = try h.email("PUT", "/drafts/\(EmailSeedIDs.staleDraft)", reviewed)
        #expect(saved.status == 200 && saved.object["stale"] as? Bool == false)
    }

    @Test func generationRunsAsAnOperationUntilTheDraftIsReady() throws {
        let h = try Harness()
        let started = try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/drafts", #"{"instruction":"Say yes."}"#, key: "gen-1")
        #expect(started.status == 200 && started.object["status"] as? String == "QUEUED")
        let draft = try #require(started.object["draft"] as? [String: Any])
        #expect(draft["status"] as? String == "generating")
        let id = try #require(draft["id"] as? String)
        #expect(try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/drafts", #"{"instruction":"Say yes."}"#, key: "gen-1")
            .object["run_id"] as? String == started.object["run_id"] as? String)
        _ = try h.email("GET", "/drafts/\(id)")
        let ready = try h.email("GET", "/drafts/\(id)")
        #expect(ready.object["status"] as? String == "ready")
        #expect((ready.object["body"] as? String ?? "").contains("Say yes."))
        let thread = try h.email("GET", "/threads/\(EmailSeedIDs.dinnerThread)")
        #expect(thread.object["draft_id"] as? String == id)
        #expect(try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/drafts", #"{"tone":"warm"}"#).status == 400)
    }

    @Test func discardNeedsTheRevisionAndRepeatsHarmlessly() throws {
        let h = try Harness()
        let path = "/drafts/\(EmailSeedIDs.shortReplyDraft)"
        #expect(try h.email("DELETE", path).status == 400)
        #expect(try h.email("DELETE", path + "?expected_revision=5").status == 409)
        let discarded = try h.email("DELETE", path + "?expected_revision=1")
        #expect(discarded.object["status"] as? String == "discarded")
        #expect(try h.email("DELETE", path + "?expected_revision=1").object["status"] as? String == "discarded")
        #expect(try h.email("GET", "/threads/\(EmailSeedIDs.leaseThread)").object["draft_id"] is NSNull)
        #expect(try h.email("DELETE", "/drafts/\(EmailSeedIDs.uncertainSendDraft)?expected_revision=1").status == 409)
    }

    @Test func budgetExhaustionRefusesAutomaticWork() throws {
        var options = FixtureOptions.testing
        options.emailBudgetExhausted = true
        let h = try Harness(options: options)
        let refused = try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/drafts", "{}")
        #expect(refused.status == 402 && refused.errorCode == "budget_exceeded")
        #expect(refused.errorDetails["reason"] as? String == "email_aggregate_cost")
        #expect((refused.errorDetails["retry_at"] as? String)?.hasSuffix("+00:00") == true)
        #expect(try h.email("POST", "/refresh", "{}").status == 402)
        #expect(try h.email("POST", "/drafts/\(EmailSeedIDs.shortReplyDraft)/send-proposal", #"{"expected_revision":1}"#).status == 402)
        #expect(try h.email("POST", "/threads/\(EmailSeedIDs.dinnerThread)/dismiss", #"{"expected_revision":1}"#).status == 200)
    }
}
