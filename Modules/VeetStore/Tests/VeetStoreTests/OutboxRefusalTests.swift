import Foundation
import Synchronization
import Testing
import VeetTransport
@testable import VeetStore

/// Answers each submission with the next scripted error (then accepts), counting calls.
final class RefusingSubmit: Sendable {
    private let state: Mutex<(errors: [any Error], calls: Int)>

    init(_ errors: [any Error]) { state = Mutex((errors, 0)) }

    var calls: Int { state.withLock { $0.calls } }

    var closure: OutboxDelivery.Submit {
        { _, _, key in
            let error = self.state.withLock { state -> (any Error)? in
                state.calls += 1
                return state.errors.isEmpty ? nil : state.errors.removeFirst()
            }
            if let error { throw error }
            return .accepted(runID: "run-\(key.rawValue.prefix(4))")
        }
    }
}

/// A definite refusal (a 4xx about the conversation or the message) is final:
/// the entry is `refused`, never sent again, and holds nothing back.
@Suite struct OutboxRefusalTests {
    static let sessionGone = APIError(status: 404, code: .notFound, message: "Session not found.", requestID: "req-404")

    @Test func aMissingConversationIsRefusedForGoodNotKeptForRetry() async throws {
        let (store, _) = try makeStore()
        let submit = RefusingSubmit([Self.sessionGone])
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        let result = try await delivery.send(sessionID: "gone", content: [.text("hello?")])
        guard case .refused(let entry, let reason, let status) = result else {
            Issue.record("expected a refusal, got \(result)"); return
        }
        #expect(status == 404)
        #expect(reason.contains("404 not_found") && reason.contains("req-404"))
        #expect(entry.state == .refused)
        #expect(entry.lastError == reason)

        // Neither a retry request nor another delivery sends it again; the text is kept until discarded.
        #expect(try store.retryOutboxEntry(id: entry.id) == false)
        guard case .refused(_, _, nil) = await delivery.deliver(entryID: entry.id) else {
            Issue.record("a refused entry was delivered again"); return
        }
        #expect(await delivery.flush(sessionID: "gone").isEmpty)
        #expect(submit.calls == 1)
        #expect(try store.outbox().map(\.text) == ["hello?"])
        // Kept, but no longer counted as on its way (veetd's outbox_pending).
        #expect(try store.outbox().filter(\.awaitsDelivery).isEmpty)
        #expect(try store.discardOutboxEntry(id: entry.id))
        #expect(try store.outbox().isEmpty)
    }

    @Test func aRefusedEntryHoldsNothingBackInItsConversation() async throws {
        let (store, _) = try makeStore()
        let bad = APIError(status: 400, code: .malformedRequest, message: "bad content")
        let submit = RefusingSubmit([bad])
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        guard case .refused = try await delivery.send(sessionID: "s", content: [.text("one")]) else {
            Issue.record("expected a refusal"); return
        }
        guard case .confirmed = try await delivery.send(sessionID: "s", content: [.text("two")]) else {
            Issue.record("the next message waited behind a refused one"); return
        }
        #expect(submit.calls == 2)
    }

    @Test func aRefusedTokenIsRetryableAfterSigningInAgain() async throws {
        let (store, _) = try makeStore()
        let signIn = APIError(status: 401, code: .authenticationFailed, message: "bad token")
        let submit = RefusingSubmit([signIn])
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        let first = try await delivery.send(sessionID: "s", content: [.text("one")])
        guard case .failed(let entry, _) = first else { Issue.record("expected failed, got \(first)"); return }
        #expect(entry.state == .failed)
        #expect(try store.retryOutboxEntry(id: entry.id))
        guard case .confirmed = await delivery.deliver(entryID: entry.id) else { Issue.record("retry not sent"); return }
    }

    @Test func aFeatureWordedRefusalKeepsItsWordsAndItsStatus() async throws {
        let (store, _) = try makeStore()
        let worded = OutboxRefusal(answer: Self.sessionGone, description: "no conversation with id gone")
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: RefusingSubmit([worded]).closure)
        guard case .refused(let entry, let reason, 404) = try await delivery.send(sessionID: "gone", content: [.text("hi")])
        else { Issue.record("expected a 404 refusal"); return }
        #expect(reason == "no conversation with id gone")
        #expect(entry.lastError == reason)
    }

    @Test func lostAnswersTimeoutsAndRateLimitsAreNotRefusals() {
        #expect(OutboxDelivery.definiteRefusal(TransportError(.timedOut, "slow")) == nil)
        for status in [408, 429, 500, 503] {
            #expect(OutboxDelivery.definiteRefusal(APIError(status: status, code: .unknown("x"), message: "")) == nil)
        }
        #expect(OutboxDelivery.definiteRefusal(Self.sessionGone)?.status == 404)
    }
}
