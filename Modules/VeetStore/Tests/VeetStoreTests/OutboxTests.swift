import Foundation
import Synchronization
import Testing
import VeetFixture
import VeetTransport
import VeetWire
@testable import VeetStore

/// Records submissions and answers as scripted.
final class ScriptedSubmit: Sendable {
    enum Answer: Sendable { case accept, busy, lostAnswer, refuse }
    private let state = Mutex<(script: [Answer], calls: [(String, String, String)])>(([], []))

    init(_ script: [Answer]) { state.withLock { $0.script = script } }

    var calls: [(session: String, text: String, key: String)] { state.withLock { $0.calls.map { ($0.0, $0.1, $0.2) } } }

    var closure: OutboxDelivery.Submit {
        { session, content, key in
            let answer = self.state.withLock { state -> Answer in
                state.calls.append((session, Outbox.echoText(content), key.rawValue))
                return state.script.isEmpty ? .accept : state.script.removeFirst()
            }
            switch answer {
            case .accept: return .accepted(runID: "run-\(key.rawValue.prefix(4))")
            case .busy: return .busy(runID: "other-run")
            case .lostAnswer: throw TransportError(.connectionLost, "connection reset")
            case .refuse: throw APIError(status: 400, code: .malformedRequest, message: "bad content")
            }
        }
    }
}

/// A transcript the test controls.
actor FakeTranscript: TranscriptSource {
    var items: [SessionMessageView] = []
    private(set) var reads = 0
    func set(_ items: [SessionMessageView]) { self.items = items }
    func transcript(sessionID: String) async throws -> [SessionMessageView] {
        reads += 1
        return items
    }
}

@Suite struct OutboxTests {
    @Test func anEntryIsDurableBeforeAnyNetworkCallAndSurvivesReopening() throws {
        let (store, paths) = try makeStore()
        let entry = try store.enqueue(sessionID: "s", content: [.text("hello")])
        #expect(entry.state == .queued)
        let reopened = try LocalStore.open(paths: paths, connection: "main")
        #expect(try reopened.outbox().map(\.key) == [entry.key])
    }

    @Test func deliveryIsInOrderPerSessionAndAFailureKeepsTheKey() async throws {
        let (store, _) = try makeStore()
        // A lost answer with no transcript to check: `failed`, retryable (a definite refusal is not: OutboxRefusalTests).
        let submit = ScriptedSubmit([.lostAnswer, .accept, .accept])
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        let first = try store.enqueue(sessionID: "s", content: [.text("one")])
        let second = try store.enqueue(sessionID: "s", content: [.text("two")])
        let other = try store.enqueue(sessionID: "t", content: [.text("elsewhere")])

        let results = await delivery.flush(sessionID: "s")
        #expect(results.count == 1) // stopped at the failed first entry; "two" was not sent ahead of it
        guard case .failed = results[0] else { Issue.record("expected failure"); return }
        #expect(await delivery.deliver(entryID: second.id) == .waiting(try #require(store.outboxEntry(id: second.id)), behind: first.id))
        // Other sessions are independent.
        guard case .confirmed = await delivery.deliver(entryID: other.id) else { Issue.record("other session blocked"); return }

        #expect(try store.retryOutboxEntry(id: first.id))
        let retried = await delivery.flush(sessionID: "s")
        #expect(retried.count == 2)
        let keys = submit.calls.filter { $0.session == "s" }.map(\.key)
        #expect(keys == [first.key.rawValue, first.key.rawValue, second.key.rawValue])
        #expect(try store.outbox().isEmpty)
    }

    /// A send waiting for another sender asks again each second: while the
    /// entry is claimed, asking costs no request (no echo check, no submit).
    @Test func anEntryAnotherSenderHoldsIsLeftToItWithoutARequest() async throws {
        let (store, _) = try makeStore()
        let transcript = FakeTranscript()
        let submit = ScriptedSubmit([.accept])
        let delivery = OutboxDelivery(store: store, transcripts: transcript, submit: submit.closure)
        let entry = try store.enqueue(sessionID: "s", content: [.text("held")])
        #expect(try store.beginAttempt(id: entry.id) != nil)  // the other sender's claim
        for _ in 0..<3 {
            guard case .claimedElsewhere = await delivery.deliver(entryID: entry.id) else {
                Issue.record("expected claimedElsewhere"); return
            }
        }
        #expect(await transcript.reads == 0)
        #expect(submit.calls.isEmpty)
    }

    @Test func aBusySessionLeavesTheEntryQueuedWithItsKey() async throws {
        let (store, _) = try makeStore()
        let submit = ScriptedSubmit([.busy])
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: submit.closure)
        let entry = try store.enqueue(sessionID: "s", content: [.text("later")])
        guard case .busy(let after, "other-run") = await delivery.deliver(entryID: entry.id) else {
            Issue.record("expected busy"); return
        }
        #expect(after.state == .queued)
        #expect(after.key == entry.key)
    }

    /// The owner's turn: a busy answer takes the entry out while this sender still holds it, so it is
    /// never back in the queue for veetd or another window to deliver behind the run.
    @Test func aBusyAnswerWithdrawsTheEntryWhenAskedWithoutQueueingItAgain() async throws {
        let (store, _) = try makeStore()
        let submit = ScriptedSubmit([.busy])
        let delivery = OutboxDelivery(store: store, transcripts: nil, whenBusy: .withdraws, submit: submit.closure)
        let entry = try store.enqueue(sessionID: "s", content: [.text("not behind the run")])
        guard case .busy(let after, "other-run") = await delivery.deliver(entryID: entry.id) else {
            Issue.record("expected busy"); return
        }
        #expect(after.content == entry.content, "the words are handed back")
        #expect(try store.outboxEntry(id: entry.id) == nil)
        #expect(try store.outbox().isEmpty)
        #expect(await delivery.deliver(entryID: entry.id) == .notPending(entry.id))
        #expect(submit.calls.count == 1)
    }

    @Test func aLostAnswerIsConfirmedByTheEchoAndNeverResent() async throws {
        let (store, _) = try makeStore()
        _ = try store.upsert(session: view("s"))
        try store.saveTranscript(sessionID: "s", messages: [SessionMessageView(sequence: 2, role: .user, content: [.text("same words")])])
        let transcript = FakeTranscript()
        let submit = ScriptedSubmit([.lostAnswer])
        let delivery = OutboxDelivery(store: store, transcripts: transcript, submit: submit.closure)
        let entry = try store.enqueue(sessionID: "s", content: [.text("same words")])
        // The old message with the same words (sequence 2, before the send) is not an echo.
        await transcript.set([SessionMessageView(sequence: 2, role: .user, content: [.text("same words")])])
        guard case .failed(let failed, _) = await delivery.deliver(entryID: entry.id) else { Issue.record("expected failure"); return }
        #expect(failed.key == entry.key)
        // The server did take it: its echo appears after the send.
        await transcript.set([SessionMessageView(sequence: 2, role: .user, content: [.text("same words")]),
                              SessionMessageView(sequence: 5, role: .user, content: [.text("same words")])])
        guard case .confirmed(_, _, byEcho: true) = await delivery.deliver(entryID: entry.id) else {
            Issue.record("expected echo confirmation"); return
        }
        #expect(submit.calls.count == 1)
    }

    @Test func aStreamEchoConfirmsAnEntry() throws {
        let (store, _) = try makeStore()
        _ = try store.upsert(session: view("s"))
        let entry = try store.enqueue(sessionID: "s", content: [.text("ping")])
        let echo = SessionMessageView(sequence: 9, role: .user, content: [.text("ping")])
        try store.saveCacheEntries(TranscriptCacheEntries(messages: [echo]), sessionID: "s")
        #expect(try store.outboxEntry(id: entry.id)?.state == .confirmed)
        #expect(try store.transcript(sessionID: "s").map(\.text) == ["ping"])
        #expect(try store.session(id: "s")?.localTitle == "ping")
    }

    @Test func aStreamEchoConfirmsAnEntryOfASessionNotCachedYet() throws {
        let (store, _) = try makeStore()
        let entry = try store.enqueue(sessionID: "new", content: [.text("hello")])
        let echo = SessionMessageView(sequence: 3, role: .user, content: [.text("hello")])
        try store.saveCacheEntries(TranscriptCacheEntries(messages: [echo]), sessionID: "new")
        #expect(try store.outboxEntry(id: entry.id)?.state == .confirmed)
        // Nothing is cached for a session the index does not hold.
        #expect(try store.transcript(sessionID: "new").isEmpty)
    }

    @Test func otherIntentsKeepTheirKeyUntilADefiniteAnswer() throws {
        let (store, paths) = try makeStore()
        let key = try store.intentKey(kind: "approval.resolve", target: "a1")
        let reopened = try LocalStore.open(paths: paths, connection: "main")
        #expect(try reopened.intentKey(kind: "approval.resolve", target: "a1") == key)
        #expect(try reopened.pendingIntents().map(\.key) == [key.rawValue])
        try reopened.settleIntent(kind: "approval.resolve", target: "a1")
        #expect(try reopened.intentKey(kind: "approval.resolve", target: "a1") != key)
    }

    @Test func discardRemovesOnlyUnconfirmedEntries() async throws {
        let (store, _) = try makeStore()
        let entry = try store.enqueue(sessionID: "s", content: [.text("x")])
        #expect(try store.discardOutboxEntry(id: entry.id))
        #expect(try store.outbox().isEmpty)
    }

    @Test func echoAfterALostAnswerAgainstTheFixture() async throws {
        let token = "t-\(UUID().uuidString)"
        let server = FixtureServer(token: token, options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: token), writeTimeout: 2)
        let created: SessionView = try await client.decode(.post("/v1/sessions", json: ["agent_id": "general"]))
        let (store, _) = try makeStore()
        _ = try store.upsert(session: created)

        server.updateFaults { $0.dropAfterSubmit = 1 }
        let delivery = OutboxDelivery(store: store, transcripts: FixtureTranscripts(client: client)) { session, content, key in
            // One attempt, no retry: the dropped answer surfaces as a transport error.
            var request = try HTTPRequest.post("/v1/sessions/\(session)/messages", json: ["content": content])
            request.setHeader("Idempotency-Key", key.rawValue)
            let result: SubmitResult = try await client.send(request).decoded()
            return .accepted(runID: result.runID)
        }
        let result = try await delivery.send(sessionID: created.id, content: [.text("find hotels in Alfama")])
        guard case .confirmed(let entry, _, byEcho: true) = result else {
            Issue.record("expected confirmation by echo, got \(result)"); return
        }
        #expect(entry.state == .confirmed)
        #expect(server.runCount(inSession: created.id) == 1)
        _ = await delivery.flush(sessionID: created.id)
        #expect(server.runCount(inSession: created.id) == 1)
        #expect(try store.session(id: created.id)?.displayTitle == "find hotels in Alfama")
    }
}

/// Transcripts read straight from the fixture (the store has no HTTP source of its own).
struct FixtureTranscripts: TranscriptSource {
    let client: HTTPClient

    func transcript(sessionID: String) async throws -> [SessionMessageView] {
        try await Page.all { cursor in
            try await client.decode(.page("/v1/sessions/\(segment: sessionID)/messages", limit: 200, cursor: cursor),
                                    as: Page<SessionMessageView>.self)
        }
    }
}

func decodeUserMessage(_ json: String) throws -> RunEvent.UserMessageCreated {
    try JSONDecoder().decode(RunEvent.UserMessageCreated.self, from: Data(json.utf8))
}
