import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetEmail

@Suite struct EmailModelTests {
    private func decode<T: Decodable>(_ object: Any, as type: T.Type = T.self) throws -> T {
        try WireJSON.decoder().decode(T.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// An absent capability flag is false; a present one is read.
    @Test func absentCapabilityFlagsAreFalse() throws {
        let old: EmailAccount = try decode(Wire.account(archive: nil, spam: nil, unsubscribe: nil))
        #expect(!old.archiveSupported && !old.spamSupported && !old.unsubscribeSupported)
        let new: EmailAccount = try decode(Wire.account())
        #expect(new.archiveSupported && new.spamSupported && new.unsubscribeSupported)
        #expect(new.sendToolName == "mcp.gmail_send.send_message")
        #expect(new.coverage.historyProcessed == 412 && new.coverage.inboxComplete)
    }

    /// "unavailable" is a failure only when the server recorded an error.
    @Test func freshnessShowsAFailureOnlyWhenRecorded() throws {
        let waiting: EmailAccount = try decode(Wire.account(status: "unavailable"))
        #expect(waiting.freshness == .waitingForFirstUpdate)
        let failed: EmailAccount = try decode(Wire.account(status: "unavailable", error: "Gmail refused"))
        #expect(failed.freshness == .refreshFailed("Gmail refused"))
        let syncing: EmailAccount = try decode(Wire.account(status: "syncing"))
        #expect(syncing.freshness == .syncing(lastSyncedAt: nil) && syncing.freshness.needsAttention)
        let odd: EmailAccount = try decode(Wire.account(status: "paused"))
        #expect(odd.freshness == .unknownState("paused"))
    }

    @Test func threadDetailKeepsMessagesAttachmentsAndTheSubscriptionBlock() throws {
        let subscription: [String: Any] = ["id": "s1", "state": "active", "mechanism": "one_click",
                                           "destination": "example.com", "evidence_digest": "a71c", "revision": 4]
        let detail: EmailThreadDetail = try decode(Wire.detail("t1", draft: Wire.draft(), subscription: subscription))
        #expect(detail.thread.subject == "Subject t1" && detail.providerThreadID == "18c9")
        #expect(detail.messages.first?.attachments == [AttachmentInfo(filename: "pack.pdf", mimeType: "application/pdf",
                                                                      size: 1200)])
        #expect(detail.messages.first?.displayBody == "Could you send the board pack?")
        #expect(detail.messages.first?.senderAddress == "ann@example.test")
        #expect(detail.subscription?.revision == 4 && detail.subscription?.mechanism == "one_click")
        #expect(detail.draft?.status == .ready && detail.draft?.sendToolName == "mcp.gmail_send.send_message")
        #expect(detail.thread.topicChoices == ["board", "finance"])
    }

    /// Unknown values are kept and grant nothing; older servers' missing keys decode.
    @Test func unknownValuesAndMissingKeysAreTolerated() throws {
        let bare: EmailThreadSummary = try decode(["id": "t1"])
        #expect(bare.inInbox == nil && !bare.isArchived && !bare.suspectedSpam)
        let draft: EmailDraft = try decode(["id": "d1", "status": "quantum"])
        #expect(draft.status == .unknown("quantum") && !draft.status.isEditable && !draft.status.isFinal)
        let operation: EmailOperation = try decode(["operation_id": "o", "status": "PONDERING"])
        #expect(!operation.status.isTerminal)
        let learning: LearningState = try decode([String: Any]())
        #expect(learning.profileRevision == 1 && !learning.paused)
    }

    @Test func aBudgetRefusalKeepsItsRetryTime() throws {
        let response = HTTPResponse.apiError(402, "budget_exceeded", reason: "email_aggregate_cost",
                                             details: ["daily_spent": "0.84", "daily_limit": "2.00",
                                                       "retry_at": "2026-09-21T00:00:00+00:00"])
        let error = APIError(response: response)
        guard case .budget(let refusal, _)? = EmailError.from(error) else { Issue.record("not a budget error"); return }
        #expect(refusal.retryAt?.date != nil && refusal.dailyLimit == Decimal(string: "2.00"))
        #expect(refusal.description.contains("2026-09-21T00:00:00+00:00"))
    }

    /// A sender is named by the name before its address, or by the address when it has none.
    @Test func aSendersNameIsTheNameBeforeTheAddress() {
        #expect(EmailAddress.name(in: "Example News <news@example.com>") == "Example News")
        #expect(EmailAddress.name(in: " news@example.com ") == "news@example.com")
    }
}
