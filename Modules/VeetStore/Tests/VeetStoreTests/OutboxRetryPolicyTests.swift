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
        #expect(policy.decision(for: Self.entry(1, session: "s", state: .queued)) == .deliver)
        #expect(policy.decision(for: Self.entry(1, session: "s", state: .sending, attempts: 7)) == .deliver)
        #expect(policy.decision(for: Self.entry(1, session: "s", state: .failed, attempts: 4)) == .reopen)
        #expect(policy.decision(for: Self.entry(1, session: "s", state: .failed, attempts: 5)) == .leave)
        #expect(policy.decision(for: Self.entry(1, session: "s", state: .refused)) == .leave)
        #expect(policy.decision(for: Self.entry(1, session: "s", state: .confirmed)) == .leave)
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
            Self.entry(8, session: "settled", state: .failed, attempts: 0),
        ]
        var reopened: [Int64] = []
        let sessions = OutboxRetryPolicy.unattended.sessionsToDeliver(entries) { entry in
            reopened.append(entry.id)
            return entry.sessionID != "settled"
        }
        #expect(sessions == ["b", "a", "c"])
        // Entry 5 is not reopened: its conversation was already chosen by entry 2.
        #expect(reopened == [4, 8])
    }

    @Test func aRoundRetriesAFailingEntryUntilItsAttemptsAreSpent() async throws {
        let (store, _) = try makeStore()
        let submit = RefusingSubmit(Array(repeating: TransportError(.connectionLost, "reset"), count: 9))
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        let entry = try store.enqueue(sessionID: "s", content: [.text("hello")])
        for _ in 0..<8 { _ = await delivery.deliverRound(policy: OutboxRetryPolicy(maxAttempts: 3)) }
        #expect(submit.calls == 3)
        let after = try #require(try store.outboxEntry(id: entry.id))
        #expect(after.state == .failed && after.attempts == 3 && after.key == entry.key)
    }

    @Test func aRoundNeverResendsARefusedEntryAndSaysWhenTheOutboxIsEmpty() async throws {
        let (store, _) = try makeStore()
        let gone = APIError(status: 404, code: .notFound, message: "Session not found.")
        let submit = RefusingSubmit([gone])
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        #expect(await delivery.deliverRound(policy: .unattended) == nil)
        _ = try store.enqueue(sessionID: "gone", content: [.text("hello?")])
        let first = try #require(await delivery.deliverRound(policy: .unattended))
        guard case .refused? = first.first?.results.first else { Issue.record("expected a refusal: \(first)"); return }
        #expect(await delivery.deliverRound(policy: .unattended) == [])
        #expect(submit.calls == 1)
    }

    @Test func aConfirmedDeliveryIsReportedWithItsConversation() async throws {
        let (store, _) = try makeStore()
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: RefusingSubmit([]).closure)
        _ = try store.enqueue(sessionID: "s", content: [.text("one")])
        _ = try store.enqueue(sessionID: "t", content: [.text("two")])
        let round = try #require(await delivery.deliverRound(policy: .unattended))
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
