import Foundation
import Testing
import VeetTransport
@testable import VeetStore

/// The unattended sender's rule (veetd): what a round delivers, reopens or leaves.
@Suite struct OutboxRetryPolicyTests {
    static func entry(_ id: Int64, session: String, state: OutboxState, attempts: Int = 0) -> OutboxEntry {
        OutboxEntry(id: id, sessionID: session, key: IdempotencyKey(), content: [.text("m\(id)")], createdAt: Date(),
                    state: state, attempts: attempts, lastError: nil, runID: nil, afterSequence: 0)
    }

    @Test func fiveAttemptsInAllThenAFailedEntryIsLeftForItsOwner() {
        let policy = OutboxRetryPolicy.unattended
        #expect(policy.maxAttempts == 5)
        #expect(policy.isDue(Self.entry(1, session: "s", state: .queued)))
        // Left `sending` by a sender that died (no claim, or a claim past its lease).
        #expect(policy.isDue(Self.entry(1, session: "s", state: .sending, attempts: 7)))
        var stale = Self.entry(1, session: "s", state: .sending, attempts: 7)
        stale.claimedAt = Date(timeIntervalSinceNow: -121)
        #expect(policy.isDue(stale))
        // Claimed a moment ago by a live sender: left to it.
        var fresh = stale
        fresh.claimedAt = Date(timeIntervalSinceNow: -5)
        #expect(!policy.isDue(fresh))
        #expect(policy.isDue(Self.entry(1, session: "s", state: .failed, attempts: 4)))
        #expect(!policy.isDue(Self.entry(1, session: "s", state: .failed, attempts: 5)))
        #expect(!policy.isDue(Self.entry(1, session: "s", state: .refused)))
        #expect(!policy.isDue(Self.entry(1, session: "s", state: .confirmed)))
    }

    @Test func eachConversationIsFlushedOnceInTheOrderOfItsOldestLiveEntry() {
        let entries = [
            Self.entry(1, session: "refused", state: .refused),
            Self.entry(2, session: "b", state: .queued),
            Self.entry(3, session: "exhausted", state: .failed, attempts: 5),
            Self.entry(4, session: "a", state: .failed, attempts: 1),
            Self.entry(5, session: "b", state: .failed, attempts: 2),
            // Out of attempts, but a newer message of its conversation starts a round there.
            Self.entry(6, session: "c", state: .failed, attempts: 9),
            Self.entry(7, session: "c", state: .queued),
            Self.entry(8, session: "d", state: .failed, attempts: 0),
        ]
        #expect(OutboxRetryPolicy.unattended.sessionsToDeliver(entries) == ["b", "a", "c", "d"])
    }

    @Test func aNewConversationIsOpenedByItsFirstMessageWhenAnyOfItsMessagesIsDue() {
        func waiting(_ id: Int64, _ key: IdempotencyKey, _ state: OutboxState, attempts: Int = 0) -> OutboxEntry {
            var entry = Self.entry(id, session: "", state: state, attempts: attempts)
            entry.sessionID = nil
            entry.conversationKey = key
            return entry
        }
        let shared = IdempotencyKey()
        let entries = [
            // Out of attempts, but the later message typed into the same new conversation is due.
            waiting(1, shared, .failed, attempts: 9), waiting(2, shared, .queued),
            waiting(3, IdempotencyKey(), .queued),
            waiting(4, IdempotencyKey(), .failed, attempts: 9),
        ]
        #expect(OutboxRetryPolicy.unattended.newConversationsToDeliver(entries) == [1, 3])
    }

    @Test func aRoundRetriesAFailingEntryUntilItsAttemptsAreSpent() async throws {
        let (store, _) = try makeStore()
        let submit = RefusingSubmit(Array(repeating: TransportError(.connectionLost, "reset"), count: 9))
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        let entry = try store.enqueue(sessionID: "s", content: [.text("hello")])
        for _ in 0..<8 { _ = try await delivery.deliverRound(policy: OutboxRetryPolicy(maxAttempts: 3)) }
        #expect(submit.calls == 3)
        let after = try #require(try store.outboxEntry(id: entry.id))
        #expect(after.state == .failed && after.attempts == 3 && after.key == entry.key)
    }

    @Test func aRoundNeverResendsARefusedEntryAndSaysWhenTheOutboxIsEmpty() async throws {
        let (store, _) = try makeStore()
        let gone = APIError(status: 404, code: .notFound, message: "Session not found.")
        let submit = RefusingSubmit([gone])
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        #expect(try await delivery.deliverRound(policy: .unattended) == nil)
        _ = try store.enqueue(sessionID: "gone", content: [.text("hello?")])
        let first = try #require(try await delivery.deliverRound(policy: .unattended))
        guard case .refused? = first.first?.results.first else { Issue.record("expected a refusal: \(first)"); return }
        #expect(try await delivery.deliverRound(policy: .unattended) == [])
        #expect(submit.calls == 1)
    }

    @Test func aConfirmedDeliveryIsReportedWithItsConversation() async throws {
        let (store, _) = try makeStore()
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: RefusingSubmit([]).closure)
        _ = try store.enqueue(sessionID: "s", content: [.text("one")])
        _ = try store.enqueue(sessionID: "t", content: [.text("two")])
        let round = try #require(try await delivery.deliverRound(policy: .unattended))
        #expect(round.map(\.sessionID) == ["s", "t"])
        for share in round {
            guard case .confirmed(_, let runID?, byEcho: false)? = share.results.first else {
                Issue.record("not confirmed: \(share)"); continue
            }
            #expect(runID.hasPrefix("run-"))
        }
        #expect(try store.outbox().isEmpty)
    }
}
