import Foundation
import Testing
@testable import VeetFixture

/// Feedback, handled, discussion, exclusion, the spam flag and learning (docs/wire/email.md §7, §8.1, §10.2, §12, §14).
@Suite struct EmailCommandRouteTests {
    @Test func feedbackIsAppliedReportedAndUndone() throws {
        let h = try Harness()
        let thread = EmailSeedIDs.dinnerThread
        let body = #"{"thread_id":"\#(thread)","target":"thread","judgment":"less_important","explanation":"Not this week"}"#
        let given = try h.email("POST", "/feedback", body, key: "fb-1")
        #expect(given.status == 200)
        let summary = given.object["thread"] as? [String: Any]
        #expect(summary?["priority"] as? Double == 0 && summary?["reason"] as? String == "Not this week")
        let important = h.items(try h.email("GET", "/threads?limit=100")).compactMap { $0["id"] as? String }
        #expect(!important.contains(thread))
        let id = try #require(given.object["feedback_id"] as? String)
        let replay = try h.email("POST", "/feedback", body, key: "fb-1")
        #expect(replay.object["feedback_id"] as? String == id)
        let reused = try h.email("POST", "/feedback", body.replacingOccurrences(of: "less_important", with: "important"), key: "fb-1")
        #expect(reused.status == 409 && reused.errorCode == "conflict")
        let undone = try h.email("DELETE", "/feedback/\(id)")
        #expect(undone.status == 200 && undone.object["priority"] as? Double == 0.8)
        #expect(try h.email("DELETE", "/feedback/\(id)").object["priority"] as? Double == 0.8)
        #expect(try h.email("DELETE", "/feedback/\(UUID().uuidString.lowercased())").status == 404)
    }

    @Test func personAndTopicFeedbackNeedAChoiceWhenThereAreSeveral() throws {
        let h = try Harness()
        let thread = EmailSeedIDs.neighbourhoodThread
        let vague = try h.email("POST", "/feedback", #"{"thread_id":"\#(thread)","target":"person","judgment":"important"}"#)
        #expect(vague.status == 400 && vague.errorMessage == "The HTTP request is not supported.")
        #expect(vague.errorDetails.isEmpty)
        let foreign = #"{"thread_id":"\#(thread)","target":"topic","judgment":"important","target_value":"sport"}"#
        #expect(try h.email("POST", "/feedback", foreign).status == 400)
        let person = #"{"thread_id":"\#(thread)","target":"person","judgment":"important","target_value":"maya@example.test"}"#
        #expect(try h.email("POST", "/feedback", person).status == 200)
        // Person feedback reaches every thread from that address.
        let long = try h.email("GET", "/threads/\(EmailSeedIDs.longThread)")
        #expect(long.object["priority"] as? Double == 1)
        let stale = #"{"thread_id":"\#(thread)","target":"thread","judgment":"important","expected_revision":9}"#
        #expect(try h.email("POST", "/feedback", stale).status == 409)
    }

    @Test func requestBodiesAreClosedAndBooleansStrict() throws {
        let h = try Harness()
        let path = "/threads/\(EmailSeedIDs.dinnerThread)/dismiss"
        let extra = try h.email("POST", path, #"{"expected_revision":1,"dismissed":true,"labels":["X"]}"#)
        #expect(extra.status == 400 && extra.errorCode == "malformed_request")
        #expect(extra.errorMessage != "The HTTP request is not supported.")
        #expect(try h.email("POST", path, #"{"expected_revision":1,"dismissed":"true"}"#).status == 400)
        #expect(try h.email("POST", path, #"{"expected_revision":1,"dismissed":1}"#).status == 400)
        #expect(try h.email("POST", path, "not json").status == 400)
        let feedback = #"{"thread_id":"\#(EmailSeedIDs.dinnerThread)","target":"thread","judgment":"important","mood":"x"}"#
        #expect(try h.email("POST", "/feedback", feedback).status == 400)
        #expect(try h.email("PUT", "/learning", #"{"paused":true,"why":"x"}"#).status == 400)
    }

    @Test func handledFollowsTheRevision() throws {
        let h = try Harness()
        let path = "/threads/\(EmailSeedIDs.dinnerThread)/dismiss"
        let handled = try h.email("POST", path, #"{"expected_revision":1}"#, key: "ignored")
        #expect(handled.status == 200 && handled.object["dismissed_revision"] as? Int == 1)
        #expect(!h.items(try h.email("GET", "/threads?limit=100")).contains { $0["id"] as? String == EmailSeedIDs.dinnerThread })
        #expect(try h.email("POST", path, #"{"expected_revision":2}"#).status == 409)
        let reopened = try h.email("POST", path, #"{"expected_revision":1,"dismissed":false}"#)
        #expect(reopened.object["dismissed_revision"] is NSNull)
    }

    @Test func discussionBindsOneSessionToTheThread() throws {
        let h = try Harness()
        let path = "/threads/\(EmailSeedIDs.roadmapThread)/discussion"
        let first = try h.request("POST", "/v1/email" + path, headers: [("Idempotency-Key", "any")])
        #expect(first.status == 200)
        let session = try #require(first.object["session_id"] as? String)
        #expect(try h.email("POST", path, "{}").object["session_id"] as? String == session)
        #expect(try h.request("GET", "/v1/sessions/\(session)").status == 200)
    }

    @Test func excludingErasesTheThread() throws {
        let h = try Harness()
        let thread = EmailSeedIDs.staleDraftThread
        #expect(try h.email("POST", "/threads/\(thread)/exclude", #"{"expected_revision":1}"#).status == 409)
        let erased = try h.email("POST", "/threads/\(thread)/exclude", #"{"expected_revision":2}"#)
        #expect(erased.status == 200 && erased.object["status"] as? String == "erased")
        #expect((erased.object["source_id"] as? String)?.count == 64)
        #expect(try h.email("GET", "/threads/\(thread)").status == 404)
        #expect(try h.email("GET", "/drafts/\(EmailSeedIDs.staleDraft)").status == 404)
        #expect(try h.email("POST", "/threads/\(thread)/exclude", #"{"expected_revision":2}"#).status == 200)
        #expect(try h.email("GET", "/learning").object["excluded_sources"] as? Int == 1)
    }

    @Test func theSuspectedSpamFlagClearsAndComesBack() throws {
        let h = try Harness()
        let path = "/threads/\(EmailSeedIDs.suspectedSpamThread)/spam-flag"
        let cleared = try h.email("POST", path, #"{"cleared":true}"#)
        #expect(cleared.object["suspected_spam"] as? Bool == false && cleared.object["spam_cleared"] as? Bool == true)
        #expect((cleared.object["priority"] as? Double ?? 0) >= 0.7)
        let restored = try h.email("POST", path, #"{"cleared":false}"#)
        #expect(restored.object["suspected_spam"] as? Bool == true && restored.object["spam_cleared"] as? Bool == false)
        #expect(try h.email("POST", path, #"{"cleared":"yes"}"#).status == 400)
    }

    @Test func learningPausesResetsAndStartsAtRevisionOne() throws {
        let h = try Harness()
        let initial = try h.email("GET", "/learning")
        #expect(initial.object["paused"] as? Bool == false && initial.object["profile_revision"] as? Int == 1)
        let paused = try h.email("PUT", "/learning", #"{"paused":true}"#)
        #expect(paused.object["paused"] as? Bool == true && paused.object["profile_revision"] as? Int == 2)
        let example = try h.email("POST", "/drafts/\(EmailSeedIDs.shortReplyDraft)/style-example", #"{"expected_revision":1}"#)
        #expect(example.object["style_examples"] as? Int == 1)
        #expect(try h.email("POST", "/drafts/\(EmailSeedIDs.shortReplyDraft)/style-example", #"{"expected_revision":1}"#)
            .object["style_examples"] as? Int == 1)
        #expect(try h.email("POST", "/drafts/\(EmailSeedIDs.shortReplyDraft)/style-example", #"{"expected_revision":2}"#).status == 409)
        let reset = try h.email("POST", "/learning/reset", #"{"scope":"style"}"#, key: "reset-1")
        #expect(reset.object["style_examples"] as? Int == 0)
        #expect(try h.email("POST", "/learning/reset", #"{"scope":"everything"}"#).status == 400)
        #expect(try h.email("POST", "/learning/reset", #"{"scope":"all"}"#, key: "reset-1").status == 409)
    }
}
