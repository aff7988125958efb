import Foundation
import Testing
import VeetChat
import VeetChatScreens
import VeetCurses
@testable import VeetStore
import VeetTransport
import VeetWire

/// The outbox screen (Ctrl-Q, issue 20 item 7) as a value: what each key asks
/// for, what the screen says meanwhile, and what a retry came to in words.
@Suite struct OutboxScreenTests {
    static func entry(_ id: Int64, _ state: OutboxState, text: String, session: String?, attempts: Int,
                      error: String? = nil) -> OutboxEntry {
        OutboxEntry(id: id, sessionID: session, conversationKey: nil, key: IdempotencyKey(), content: [.text(text)],
                    createdAt: Date(timeIntervalSince1970: 1_700_000_000), state: state, attempts: attempts, lastError: error,
                    runID: nil, afterSequence: 0, browserProfileID: nil, claimedAt: nil, claimedBy: nil)
    }

    static func listing(_ entries: [OutboxEntry]) -> OutboxListing { OutboxListing(entries: entries, sessions: []) }

    static let entries = [
        entry(3, .failed, text: "And the holidays?", session: "s3", attempts: 4, error: "HTTP 500"),
        entry(4, .refused, text: "Add this to the Lisbon notes", session: "s4", attempts: 1, error: "deleted"),
    ]

    @Test func aRetrysOutcomeIsSaidWithTheScreensKeys() {
        let failed = Self.entry(3, .failed, text: "x", session: "s3", attempts: 5)
        #expect(OutboxScreen.words(.failed(failed, reason: "HTTP 500"), id: 3, settled: failed)
            == "#3 not delivered: HTTP 500. It keeps its key; r tries again (it is sent once either way).")
        #expect(OutboxScreen.words(.confirmed(failed, runID: "r9", byEcho: false), id: 3, settled: nil)
            == "#3 delivered to conversation s3; run r9.")
        #expect(OutboxScreen.words(.waiting(failed, behind: 2), id: 3, settled: failed)
            == "#3 waits behind #2 of the same conversation: r on #2 first.")
        var confirmed = failed
        confirmed.state = .confirmed
        #expect(OutboxScreen.isDelivered(.notPending(3), settled: confirmed))
        #expect(!OutboxScreen.isDelivered(.notPending(3), settled: nil))
        #expect(OutboxScreen.words(.notPending(3), id: 3, settled: nil) == "#3 was discarded meanwhile; it was not sent.")
    }

    /// The keys as a value: what each asks for, and what the screen says meanwhile.
    @Test func theKeysSayWhatTheWorkIsToDo() throws {
        var screen = OutboxScreen(Self.listing(Self.entries))
        screen.selected = 1
        var driver = ScreenDriver(screen)
        #expect(driver.effects.isEmpty, "the entries read at mount need no first read")
        #expect(driver.press(.char("r")).isEmpty, "#4 was refused")
        #expect(driver.screen.message == "#4 was refused by the server and will not be sent again; x discards it.")
        #expect(driver.press(.char("x")).isEmpty)
        #expect(driver.screen.confirmingDiscard)
        let key = try #require(driver.screen.selectedEntry?.key.rawValue)
        #expect(driver.press(.char("y")) == [.discard(entryID: 4, clientKey: key)])
        driver.answer(.discarded(entryID: 4, clientKey: key, done: true, listing: Self.listing([Self.entries[0]])))
        #expect(driver.screen.message == "Discarded #4; it will not be sent.")
        #expect(driver.routes == [.discarded(clientKey: key)])
        #expect(driver.screen.selectedEntry?.id == 3)
        driver.answer(.chatDelivering(true))
        #expect(driver.press(.char("r")).isEmpty)
        #expect(driver.screen.message == "A message is being sent from the chat; r again when it is through.")
        driver.answer(.chatDelivering(false))
        #expect(driver.press(.char("r")) == [.retry(entryID: 3)])
        #expect(driver.press(.char("x")).isEmpty)
        #expect(driver.screen.message == "#3 is being sent; wait for the answer.")
        driver.answer(.retried(entryID: 3, words: "#3 delivered.", delivered: true, listing: Self.listing([])))
        #expect(driver.screen.retrying == nil && driver.screen.message == "#3 delivered.")
        #expect(driver.routes.last == .retried(words: "#3 delivered.", delivered: true))
        #expect(driver.press(.char("g")) == [.reload])
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func aDiscardAskedAndRefusedKeepsTheEntry() {
        var driver = ScreenDriver(OutboxScreen(Self.listing(Self.entries)))
        driver.press(.char("x"), .char("n"))
        #expect(driver.effects.isEmpty && driver.screen.message == "Kept.")
        #expect(driver.painted().contains("Kept."))
    }

    @Test func theFooterAndThePaletteNameTheSameKeys() {
        let driver = ScreenDriver(OutboxScreen(Self.listing([])))
        #expect(driver.painted().contains("r send again  x discard  g refresh  Esc close"))
        #expect(KeyHints.items(driver.screen.keyHints(width: 80, now: Date())) == OutboxScreen.keys)
        #expect(driver.painted().contains("The outbox is empty: everything you sent was delivered."))
        #expect(ScreenDriver(OutboxScreen()).effects == [.reload], "an outbox not read yet reads itself")
    }
}
