import Testing
@testable import VeetChat

/// The outbox errors name the entry and what happened to it; the command that
/// retries or discards it is the app's to add.
@Suite struct OutboxErrorTextTests {
    @Test func aHeldMessageNamesItsEntryAndNoCommand() {
        let held = OutboxHeldError(entryID: 7, reason: "connection reset")
        #expect(held.summary == "The message was not delivered (connection reset). It is kept in the outbox as #7")
        #expect(held.description == held.summary + ".")
        #expect(!held.description.contains("veet"))
    }

    @Test func aRefusedMessageNamesItsEntryAndNoCommand() {
        let refused = OutboxRefusedError(entryID: 3, reason: "no conversation with id s", status: 404)
        #expect(refused.summary == "The server refused the message: no conversation with id s. "
                + "It was not sent and will not be sent again; its text stays in the outbox as #3")
        #expect(refused.description == refused.summary + ".")
        #expect(!refused.description.contains("veet"))
    }
}
