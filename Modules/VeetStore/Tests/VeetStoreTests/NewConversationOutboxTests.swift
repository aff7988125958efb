import Foundation
import Synchronization
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// Creates conversations as scripted, recording each call. Told one may
/// exist, it finds the one an earlier attempt made with the same key (as
/// ChatAPI's closure does on the server's list: tested in VeetChatTests).
final class ScriptedCreate: Sendable {
    enum Answer: Sendable { case create, lostAnswer, createdButAnswerLost, refuse(APIError), slowCreate }
    /// `made` counts the conversations created; `byKey` is the first made with each key.
    private let state = Mutex<(script: [Answer], calls: [NewConversationRequest], made: Int, byKey: [String: String])>(
        ([], [], 0, [:]))

    init(_ script: [Answer]) { state.withLock { $0.script = script } }

    var calls: [NewConversationRequest] { state.withLock { $0.calls } }
    var createdCount: Int { state.withLock { $0.made } }

    var closure: OutboxDelivery.CreateConversation {
        { request in
            let answer = self.state.withLock { state -> Answer? in
                state.calls.append(request)
                if request.mayExist, state.byKey[request.key.rawValue] != nil { return nil }
                return state.script.isEmpty ? .create : state.script.removeFirst()
            }
            if case .slowCreate = answer { try await Task.sleep(for: .milliseconds(300)) }
            return try self.state.withLock { state -> SessionView in
                let key = request.key.rawValue
                switch answer {
                case nil: return view(state.byKey[key] ?? "")
                case .lostAnswer: throw TransportError(.connectionLost, "connection refused")
                case .refuse(let error): throw error
                case .createdButAnswerLost:
                    state.made += 1
                    if state.byKey[key] == nil { state.byKey[key] = "conv-\(state.made)" }
                    throw TransportError(.connectionLost, "connection reset")
                case .create, .slowCreate:
                    // Each create makes a new conversation, even with a key already used (a race).
                    state.made += 1
                    if state.byKey[key] == nil { state.byKey[key] = "conv-\(state.made)" }
                    return view("conv-\(state.made)")
                }
            }
        }
    }
}

@Suite struct NewConversationOutboxTests {
    @Test func aNewConversationsFirstMessageIsSavedBeforeAnyCall() throws {
        let (store, paths) = try makeStore()
        let entry = try store.enqueue(sessionID: nil, content: [.text("hello")])
        #expect(entry.sessionID == nil)
        #expect(entry.conversationKey != nil)
        let reopened = try LocalStore.open(paths: paths, connection: "main")
        #expect(try reopened.outbox().map(\.text) == ["hello"])
        #expect(try reopened.outbox().first?.conversationKey == entry.conversationKey)
    }

    @Test func aServerDownKeepsTheEntryAndALaterDeliveryCreatesOneConversation() async throws {
        let (store, _) = try makeStore()
        let create = ScriptedCreate([.lostAnswer])
        let submit = ScriptedSubmit([])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure, submit: submit.closure)

        guard case .failed(let failed, _) = try await delivery.send(sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected failure"); return
        }
        #expect(failed.sessionID == nil)
        #expect(submit.calls.isEmpty)
        #expect(try store.outbox().map(\.state) == [.failed])
        #expect(try store.outbox().map(\.text) == ["hello"])

        #expect(try store.retryOutboxEntry(id: failed.id))
        guard case .confirmed(let confirmed, _, byEcho: false) = await delivery.deliver(entryID: failed.id) else {
            Issue.record("expected delivery"); return
        }
        #expect(confirmed.sessionID == "conv-1")
        #expect(create.createdCount == 1)
        #expect(submit.calls.map(\.session) == ["conv-1"])
        #expect(submit.calls.map(\.key) == [failed.key.rawValue])
        #expect(Set(create.calls.map(\.key)).count == 1)
    }

    @Test func theCreatedConversationIsRecordedSoARetryNeverCreatesASecond() async throws {
        let (store, paths) = try makeStore()
        let create = ScriptedCreate([])
        let submit = ScriptedSubmit([.lostAnswer, .accept])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure, submit: submit.closure)
        guard case .failed(let failed, _) = try await delivery.send(sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected failure"); return
        }
        // Recorded before the submission, so it survives a restart.
        #expect(try LocalStore.open(paths: paths, connection: "main").outboxEntry(id: failed.id)?.sessionID == "conv-1")
        #expect(failed.attempts == 1)

        #expect(try store.retryOutboxEntry(id: failed.id))
        guard case .confirmed = await delivery.deliver(entryID: failed.id) else { Issue.record("expected delivery"); return }
        #expect(create.calls.count == 1)
        #expect(submit.calls.map(\.session) == ["conv-1", "conv-1"])
        #expect(submit.calls.map(\.key) == [failed.key.rawValue, failed.key.rawValue])
    }

    @Test func aCreateWhoseAnswerWasLostIsLookedForBeforeCreatingAgain() async throws {
        let (store, _) = try makeStore()
        let create = ScriptedCreate([.createdButAnswerLost])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure,
                                      submit: ScriptedSubmit([]).closure)
        guard case .failed(let failed, _) = try await delivery.send(sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected failure"); return
        }
        #expect(try store.retryOutboxEntry(id: failed.id))
        guard case .confirmed(let confirmed, _, _) = await delivery.deliver(entryID: failed.id) else {
            Issue.record("expected delivery"); return
        }
        #expect(confirmed.sessionID == "conv-1")
        #expect(create.createdCount == 1)
        // The second attempt is told one may exist, and how old it can be at most.
        #expect(create.calls.map(\.mayExist) == [false, true])
        #expect(create.calls.map(\.entryCreatedAt) == [failed.createdAt, failed.createdAt])
        #expect(Set(create.calls.map(\.key)) == [try #require(failed.conversationKey)])
    }

    @Test func anUnattendedRoundDeliversANewConversation() async throws {
        let (store, _) = try makeStore()
        let create = ScriptedCreate([.lostAnswer])
        let submit = ScriptedSubmit([])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure, submit: submit.closure)
        _ = try await delivery.send(sessionID: nil, content: [.text("hello")])
        let round = try await delivery.deliverRound(policy: .unattended)
        #expect(round?.map(\.sessionID) == ["conv-1"])
        #expect(try store.outbox().isEmpty)
        #expect(submit.calls.count == 1)
    }

    @Test func twoDeliveriesRacingOnOneEntryCreateOneConversation() async throws {
        let (store, paths) = try makeStore()
        // Two processes (say veetd's round and the TUI), each with its own store connection.
        let other = try LocalStore.open(paths: paths, connection: "main")
        let create = ScriptedCreate([.slowCreate, .slowCreate])
        let submit = ScriptedSubmit([])
        let entry = try store.enqueue(sessionID: nil, content: [.text("hello")])
        let mine = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure, submit: submit.closure)
        let theirs = OutboxDelivery(store: other, transcripts: nil, createConversation: create.closure, submit: submit.closure)
        async let first = mine.deliver(entryID: entry.id)
        async let second = theirs.deliver(entryID: entry.id)
        let results = await [first, second]
        #expect(create.createdCount == 1)
        #expect(submit.calls.count == 1)
        #expect(results.filter { if case .confirmed = $0 { true } else { false } }.count == 1)
        #expect(results.contains { if case .claimedElsewhere = $0 { true } else { false } })
        // A fresh claim is left alone by an unattended round; one left by a dead sender is taken up.
        #expect(!OutboxRetryPolicy.unattended.isDue(
            OutboxEntry(id: 1, sessionID: nil, key: IdempotencyKey(), content: [], createdAt: Date(), state: .sending,
                        attempts: 1, lastError: nil, runID: nil, afterSequence: 0, claimedAt: Date())))
    }

    @Test func twoMessagesTypedBeforeTheConversationExistsOpenOneConversationInOrder() async throws {
        let (store, _) = try makeStore()
        let create = ScriptedCreate([.lostAnswer, .lostAnswer])
        let submit = ScriptedSubmit([])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure, submit: submit.closure)
        guard case .failed(let first, _) = try await delivery.send(sessionID: nil, content: [.text("one")]) else {
            Issue.record("expected failure"); return
        }
        let key = try #require(first.conversationKey)
        guard case .waiting(let second, behind: first.id) = try await delivery.send(
            sessionID: nil, conversationKey: key, content: [.text("two")]) else {
            Issue.record("expected the second message to wait for the first"); return
        }
        #expect(second.conversationKey == key)
        // The server is back: one round creates one conversation and delivers both, in order.
        let round = try #require(try await delivery.deliverRound(policy: .unattended))
        #expect(create.createdCount == 1)
        #expect(round.map(\.sessionID) == ["conv-1"])
        #expect(submit.calls.map(\.session) == ["conv-1", "conv-1"])
        #expect(submit.calls.map(\.key) == [first.key.rawValue, second.key.rawValue])
        #expect(try store.outbox().isEmpty)
        // A message typed with the key after the conversation exists goes into it.
        let third = try store.enqueue(sessionID: nil, conversationKey: key, content: [.text("three")])
        #expect(third.sessionID == "conv-1")
    }

    @Test func aRefusedCreateKeepsTheMessageFailedAndRetryable() async throws {
        let (store, _) = try makeStore()
        let unknownAgent = APIError(status: 404, code: .notFound, message: "Not found.")
        let notReady = APIError(status: 409, code: .invalidStateTransition, message: "The profile is not ready.")
        let create = ScriptedCreate([.refuse(unknownAgent), .refuse(notReady)])
        let submit = ScriptedSubmit([])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure, submit: submit.closure)
        guard case .failed(let failed, let reason) = try await delivery.send(sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected a retryable failure"); return
        }
        #expect(reason.hasPrefix("the conversation could not be created: "))
        #expect(reason.contains("Not found"))
        #expect(failed.state == .failed && failed.lastError == reason)
        #expect(OutboxRetryPolicy.unattended.isDue(failed))
        #expect(try store.retryOutboxEntry(id: failed.id))
        guard case .failed = await delivery.deliver(entryID: failed.id) else { Issue.record("expected failure"); return }
        guard case .confirmed(let confirmed, _, _) = await delivery.deliver(entryID: failed.id) else {
            Issue.record("expected delivery"); return
        }
        #expect(confirmed.sessionID == "conv-1")
    }

    @Test func aCreateWhoseBodyIsRefusedIsRefusedForGood() async throws {
        let (store, _) = try makeStore()
        let malformed = APIError(status: 400, code: .malformedRequest, message: "Bad metadata.")
        let delivery = OutboxDelivery(store: store, transcripts: nil,
                                      createConversation: ScriptedCreate([.refuse(malformed)]).closure,
                                      submit: ScriptedSubmit([]).closure)
        guard case .refused(let refused, let reason, status: 400) = try await delivery.send(
            sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected a refusal"); return
        }
        #expect(reason.hasPrefix("the conversation could not be created: "))
        #expect(try store.outbox().map(\.text) == ["hello"])
        #expect(!(try store.retryOutboxEntry(id: refused.id)))
    }

    @Test func theNewConversationIsListedWithItsOptimisticTitleRightAfterDelivery() async throws {
        let (store, _) = try makeStore()
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: ScriptedCreate([]).closure,
                                      submit: ScriptedSubmit([]).closure)
        guard case .confirmed = try await delivery.send(sessionID: nil, content: [.text("Plan the trip to Porto")]) else {
            Issue.record("expected delivery"); return
        }
        let listed = try #require(try store.session(id: "conv-1"))
        #expect(listed.displayTitle == "Plan the trip to Porto")
    }

    @Test func theChosenProfileIsKeptWithTheMessageAndGoesWithTheCreate() async throws {
        let (store, paths) = try makeStore()
        let create = ScriptedCreate([.lostAnswer])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure,
                                      submit: ScriptedSubmit([]).closure)
        _ = try await delivery.send(sessionID: nil, browserProfileID: "profile-1", content: [.text("hello")])
        // Another sender (veetd, `veet outbox retry`) reads it from the entry.
        let other = try LocalStore.open(paths: paths, connection: "main")
        #expect(try other.outbox().map(\.browserProfileID) == ["profile-1"])
        _ = try await OutboxDelivery(store: other, transcripts: nil, createConversation: create.closure,
                                     submit: ScriptedSubmit([]).closure).deliverRound(policy: .unattended)
        #expect(create.calls.map(\.browserProfileID) == ["profile-1", "profile-1"])
    }

    @Test func aRoundThatCannotReadTheOutboxThrows() async throws {
        let (store, _) = try makeStore()
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: ScriptedSubmit([]).closure)
        try store.database.write { try $0.run("DROP TABLE outbox") }
        await #expect(throws: (any Error).self) { try await delivery.deliverRound(policy: .unattended) }
    }
}
