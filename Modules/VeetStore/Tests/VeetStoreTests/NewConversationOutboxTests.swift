import Foundation
import Synchronization
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// Creates conversations as scripted, recording each call.
final class ScriptedCreate: Sendable {
    enum Answer: Sendable { case create, lostAnswer, createdButAnswerLost }
    private let state = Mutex<(script: [Answer], calls: [(key: String, mayExist: Bool)], created: [String: String])>(([], [], [:]))

    init(_ script: [Answer]) { state.withLock { $0.script = script } }

    var calls: [(key: String, mayExist: Bool)] { state.withLock { $0.calls } }
    var createdCount: Int { state.withLock { $0.created.count } }

    var closure: OutboxDelivery.CreateConversation {
        { key, mayExist in
            try self.state.withLock { state -> String in
                state.calls.append((key.rawValue, mayExist))
                if mayExist, let earlier = state.created[key.rawValue] { return earlier }
                let answer = state.script.isEmpty ? .create : state.script.removeFirst()
                switch answer {
                case .lostAnswer: throw TransportError(.connectionLost, "connection refused")
                case .createdButAnswerLost:
                    state.created[key.rawValue] = "conv-\(state.created.count + 1)"
                    throw TransportError(.connectionLost, "connection reset")
                case .create:
                    let id = "conv-\(state.created.count + 1)"
                    state.created[key.rawValue] = id
                    return id
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
        #expect(create.calls.map(\.mayExist) == [false, true])
    }

    @Test func anUnattendedRoundDeliversANewConversation() async throws {
        let (store, _) = try makeStore()
        let create = ScriptedCreate([.lostAnswer])
        let submit = ScriptedSubmit([])
        let delivery = OutboxDelivery(store: store, transcripts: nil, createConversation: create.closure, submit: submit.closure)
        _ = try await delivery.send(sessionID: nil, content: [.text("hello")])
        let round = await delivery.deliverRound(policy: .unattended)
        #expect(round?.map(\.sessionID) == ["conv-1"])
        #expect(try store.outbox().isEmpty)
        #expect(submit.calls.count == 1)
    }

    @Test func withoutAWayToCreateConversationsTheEntryWaits() async throws {
        let (store, _) = try makeStore()
        let delivery = OutboxDelivery(store: store, transcripts: nil, submit: ScriptedSubmit([]).closure)
        guard case .failed = try await delivery.send(sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected failure"); return
        }
        #expect(try store.outbox().map(\.text) == ["hello"])
    }
}
