import Testing
import VeetChat
import VeetStore
import VeetTransport

/// The line under the owner's message, from its outbox entry.
@Suite struct SendStateTests {
    func state(_ outbox: OutboxState, _ error: String? = nil, delivering: Bool = false) -> SendState {
        SendState(entryID: 7, state: outbox, lastError: error, isBeingDelivered: delivering)
    }

    @Test func aConfirmedOrGoneMessageShowsNothing() {
        #expect(state(.confirmed).line == nil)
        #expect(SendState(entry: nil, isBeingDelivered: false) == .delivered)
        #expect(SendState(entry: nil, isBeingDelivered: false).entryID == nil)
    }

    @Test func aMessageOnItsWayShowsNothingWhileThisClientDeliversIt() {
        #expect(state(.queued, delivering: true) == .sending)
        #expect(state(.sending, delivering: true).line == nil)
    }

    @Test func aFailedSendSaysNotSentWithItsKeys() {
        let failed = state(.failed, APIError(status: 500, code: .internalError, message: "boom").description)
        #expect(failed.line == "Not sent · Enter to try again, x to discard")
        #expect(failed.canRetry && failed.entryID == 7)
        let unreachable = state(.failed, TransportError(.cannotConnect, "connection refused").description)
        #expect(unreachable.line == SendState.notSentLine)
        // Saved, never tried, and nobody delivering it now.
        #expect(state(.queued).line == SendState.notSentLine)
    }

    @Test func aRefusalSaysTheServersReasonAndOffersOnlyDiscard() {
        let refused = state(.refused, "no conversation with id X")
        #expect(refused.line == "Not sent: the server refused it (no conversation with id X) · x to discard")
        #expect(!refused.canRetry)
        #expect(refused.entryID == 7)
    }

    @Test func aLostAnswerIsNotCertainAndKeepsItsKey() {
        for error in [TransportError(.timedOut, "30 s").description, TransportError(.connectionLost, "reset").description] {
            let lost = state(.failed, error)
            #expect(lost == .uncertain(entryID: 7))
            #expect(lost.line?.hasPrefix("Not certain it was sent. Try again; it is sent once either way.") == true)
            #expect(lost.canRetry)
        }
        // A process that stopped while waiting for the answer.
        #expect(state(.sending) == .uncertain(entryID: 7))
    }
}

/// "Enter to try again": the entry the server failed goes again with its key.
@Suite struct RedeliverTests {
    @Test func aSendTheServerFailedIsNotSentThenTryingAgainDeliversItOnce() async throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let session = try await fixture.api.createSession().id
        // Every attempt of the first send (the transport's retries included) meets a 500.
        fixture.server.faults.failSubmits = 4
        let held = await #expect(throws: OutboxHeldError.self) {
            try await fixture.send("hello", sessionID: session, interaction: RecordingInteraction())
        }
        let entryID = try #require(held?.entryID)
        let entry = try fixture.store.outboxEntry(id: entryID)
        #expect(SendState(entry: entry, isBeingDelivered: false).line == SendState.notSentLine)
        #expect(fixture.server.runCount(inSession: session) == 0)

        let result = try await fixture.runner.redeliver(entryID: entryID, outbox: fixture.store,
                                                         interaction: RecordingInteraction())
        #expect(result.status == .completed)
        #expect(try fixture.store.outboxEntry(id: entryID)?.state == .confirmed)
        #expect(SendState(entry: try fixture.store.outboxEntry(id: entryID), isBeingDelivered: false) == .delivered)
        #expect(fixture.server.runCount(inSession: session) == 1)
    }
}
