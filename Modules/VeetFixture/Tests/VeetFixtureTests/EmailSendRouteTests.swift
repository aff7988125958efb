import Foundation
import Testing
@testable import VeetFixture

/// Review & Send (docs/wire/email.md §9): the approval carries the exact message; resolving it sends.
@Suite struct EmailSendRouteTests {
    static func propose(_ h: Harness, _ draft: String, revision: Int, key: String) throws -> TestResponse {
        try h.email("POST", "/drafts/\(draft)/send-proposal", #"{"expected_revision":\#(revision)}"#, key: key)
    }

    @Test func theApprovalCutsTheLongBodyAndDigestsTheFullValue() throws {
        let h = try Harness()
        let draft = try h.email("GET", "/drafts/\(EmailSeedIDs.longReplyDraft)").object
        let body = try #require(draft["body"] as? String)
        #expect(try Self.propose(h, EmailSeedIDs.longReplyDraft, revision: 2, key: "p-0").status == 409)
        let proposal = try Self.propose(h, EmailSeedIDs.longReplyDraft, revision: 3, key: "p-1")
        #expect(proposal.status == 200 && proposal.object["status"] as? String == "WAITING_FOR_APPROVAL")
        #expect((proposal.object["draft"] as? [String: Any])?["status"] as? String == "awaiting_approval")
        let approvalID = try #require(proposal.object["approval_id"] as? String)
        #expect(try Self.propose(h, EmailSeedIDs.longReplyDraft, revision: 3, key: "p-1").object["approval_id"] as? String == approvalID)
        let approval = try h.request("GET", "/v1/approvals/\(approvalID)").object
        #expect(approval["tool_name"] as? String == draft["send_tool_name"] as? String)
        let arguments = try #require(approval["arguments"] as? [String: Any])
        #expect(arguments["body"] as? String == String(body.prefix(512)) + "…[TRUNCATED]")
        #expect((approval["argument_digests"] as? [String: Any])?["body"] as? String == SHA256.hex(body))
        #expect(arguments["to"] as? [String] == ["ann@example.test"])
        #expect(arguments["thread_id"] as? String == draft["provider_thread_id"] as? String)
        #expect(arguments["in_reply_to"] as? String == draft["in_reply_to"] as? String)
        #expect(arguments["subject"] as? String == "Re: Board materials for Thursday")
        let approved = try h.resolve(approvalID, "approve_once")
        #expect(approved.status == 200 && approved.object["status"] as? String == "APPROVED")
        #expect(try h.email("GET", "/drafts/\(EmailSeedIDs.longReplyDraft)").object["status"] as? String == "sending")
        #expect(try h.email("GET", "/drafts/\(EmailSeedIDs.longReplyDraft)").object["status"] as? String == "sent")
        let thread = try h.email("GET", "/threads/\(EmailSeedIDs.boardMaterialsThread)").object
        #expect((thread["messages"] as? [[String: Any]])?.last?["direction"] as? String == "sent")
        #expect(try Self.propose(h, EmailSeedIDs.longReplyDraft, revision: 3, key: "p-2").status == 409)
    }

    @Test func anUncertainSendIsReportedAndNeverSentAgain() throws {
        var options = FixtureOptions.testing
        options.emailSendOutcome = .uncertain
        let h = try Harness(options: options)
        let approvalID = try #require(try Self.propose(h, EmailSeedIDs.shortReplyDraft, revision: 1, key: "u-1")
            .object["approval_id"] as? String)
        _ = try h.resolve(approvalID, "approve_once")
        #expect(try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)").object["status"] as? String == "sending")
        _ = try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)")
        #expect(h.server.emailDraftStatus(EmailSeedIDs.shortReplyDraft) == "uncertain")
        #expect(try Self.propose(h, EmailSeedIDs.shortReplyDraft, revision: 1, key: "u-2").status == 409)
        #expect(try h.email("PUT", "/drafts/\(EmailSeedIDs.shortReplyDraft)", EmailDraftRouteTests.save(1, body: "x")).status == 409)
    }

    @Test func denyingReturnsTheDraftAndSavingCancelsAParkedSend() throws {
        let h = try Harness()
        let first = try #require(try Self.propose(h, EmailSeedIDs.shortReplyDraft, revision: 1, key: "d-1")
            .object["approval_id"] as? String)
        _ = try h.resolve(first, "deny")
        let denied = try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)").object
        #expect(denied["status"] as? String == "ready" && denied["approval_id"] is NSNull)
        let second = try #require(try Self.propose(h, EmailSeedIDs.shortReplyDraft, revision: 1, key: "d-2")
            .object["approval_id"] as? String)
        let saved = try h.email("PUT", "/drafts/\(EmailSeedIDs.shortReplyDraft)", EmailDraftRouteTests.save(1, body: "Changed."))
        #expect(saved.object["revision"] as? Int == 2 && saved.object["status"] as? String == "ready")
        #expect(try h.request("GET", "/v1/approvals/\(second)").object["status"] as? String == "CANCELLED")
        #expect(try Self.propose(h, EmailSeedIDs.staleDraft, revision: 1, key: "d-3").status == 409)
        #expect(try Self.propose(h, EmailSeedIDs.failedSendDraft, revision: 1, key: "d-4").status == 200)
    }

    @Test func aForcedFailureFailsTheSend() throws {
        let h = try Harness()
        let approvalID = try #require(try Self.propose(h, EmailSeedIDs.shortReplyDraft, revision: 1, key: "f-1")
            .object["approval_id"] as? String)
        h.server.forceNextEmailOutcomes(.fail)
        _ = try h.resolve(approvalID, "approve_once")
        _ = try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)")
        #expect(try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)").object["status"] as? String == "failed")
    }

    @Test func aLateApprovalAppearsOnTheDraftsNextRead() throws {
        var options = FixtureOptions.testing
        options.emailLateApproval = true
        let h = try Harness(options: options)
        let proposal = try Self.propose(h, EmailSeedIDs.shortReplyDraft, revision: 1, key: "l-1")
        #expect(proposal.status == 200 && Set(proposal.object.keys) == ["run_id", "draft"])
        #expect((proposal.object["draft"] as? [String: Any])?["approval_id"] is NSNull)
        let runID = try #require(proposal.object["run_id"] as? String)
        #expect(try h.request("GET", "/v1/runs/\(runID)").object["status"] as? String == "QUEUED")
        let draft = try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)").object
        let approvalID = try #require(draft["approval_id"] as? String)
        #expect(try h.request("GET", "/v1/runs/\(runID)").object["status"] as? String == "WAITING_FOR_APPROVAL")
        #expect(try h.resolve(approvalID, "approve_once").status == 200)
        _ = try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)")
        #expect(try h.email("GET", "/drafts/\(EmailSeedIDs.shortReplyDraft)").object["status"] as? String == "sent")
    }

    @Test func theAlterControlMakesTheNextApprovalDifferFromTheDraft() throws {
        let h = try Harness()
        #expect(try h.request("POST", "/_fixture/email/alter-next-proposal", body: #"{"alteration":"bogus"}"#).status == 400)
        #expect(try h.request("POST", "/_fixture/email/alter-next-proposal", body: "{}").status == 200)
        let added = try #require(try Self.propose(h, EmailSeedIDs.shortReplyDraft, revision: 1, key: "a-1")
            .object["approval_id"] as? String)
        let bcc = (try h.request("GET", "/v1/approvals/\(added)").object["arguments"] as? [String: Any])?["bcc"] as? [String]
        // The lease reply's own blind copy, then the recipient the owner never saw.
        #expect(bcc == ["robin.records@example.test", EmailState.unseenRecipient])
        h.server.alterNextEmailSendProposal(.noDigest)
        let cut = try #require(try Self.propose(h, EmailSeedIDs.longReplyDraft, revision: 3, key: "a-2")
            .object["approval_id"] as? String)
        let approval = try h.request("GET", "/v1/approvals/\(cut)").object
        #expect((approval["arguments"] as? [String: Any])?["body"] as? String != nil)
        #expect(approval["argument_digests"] == nil)
        let plain = try #require(try Self.propose(h, EmailSeedIDs.failedSendDraft, revision: 1, key: "a-3")
            .object["approval_id"] as? String)
        #expect((try h.request("GET", "/v1/approvals/\(plain)").object["arguments"] as? [String: Any])?["bcc"] as? [String] == [])
    }
}
