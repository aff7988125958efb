import Foundation
import Testing
import VeetChat
import VeetStore
import VeetTestSupport
import VeetTransport
import VeetWire

/// A retried outbox entry read in the domain's terms, whatever front end words it.
@Suite struct OutboxRetryTests {
    static func entry(in store: LocalStore, sessionID: String? = "s1") throws -> OutboxEntry {
        try store.enqueue(sessionID: sessionID, content: [.text("hello")])
    }

    @Test func aConfirmedDeliveryIsDeliveredWithItsRunAndWhetherTheEchoSaidSo() throws {
        let store = try LocalStore.inMemory(connection: "main")
        let before = try Self.entry(in: store)
        let retry = OutboxRetry(.confirmed(before, runID: "r1", byEcho: true), before: before) { nil }
        #expect(retry.result == .delivered)
        #expect(retry.runID == "r1")
        #expect(retry.byEcho)
        #expect(retry.isDelivered)
        #expect(!retry.newConversation)
    }

    @Test func anEntrySettledElsewhereIsAlreadyDeliveredOrDiscarded() throws {
        let store = try LocalStore.inMemory(connection: "main")
        let before = try Self.entry(in: store)
        var confirmed = before
        confirmed.state = .confirmed
        confirmed.runID = "r2"
        let delivered = OutboxRetry(.notPending(before.id), before: before) { confirmed }
        #expect(delivered.result == .alreadyDelivered)
        #expect(delivered.runID == "r2")
        #expect(delivered.isDelivered)
        let discarded = OutboxRetry(.notPending(before.id), before: before) { nil }
        #expect(discarded.result == .discarded)
        #expect(discarded.sessionID == nil)
        #expect(!discarded.isDelivered)
    }

    @Test func aNewConversationsMessageWaitingBehindAnotherSaysWhich() throws {
        let store = try LocalStore.inMemory(connection: "main")
        let before = try Self.entry(in: store, sessionID: nil)
        let retry = OutboxRetry(.waiting(before, behind: 7), before: before) { nil }
        #expect(retry.result == .waiting)
        #expect(retry.behind == 7)
        #expect(retry.newConversation)
        #expect(!retry.isDelivered)
    }

    @Test func retryingAnEntryTheStoreDoesNotHoldIsNil() async throws {
        let store = try LocalStore.inMemory(connection: "main")
        let api = ChatAPI(sender: ScriptedServer().sender, retry: .never)
        #expect(try await api.retryOutboxEntry(id: 42, store: store) == nil)
    }
}
