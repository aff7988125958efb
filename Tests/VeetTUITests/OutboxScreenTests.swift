import Foundation
import Testing
@testable import veet_tui
import VeetCurses
@testable import VeetStore
import VeetTransport
import VeetWire

/// The outbox screen (Ctrl-Q, issue 20 item 7): every entry the server has not
/// confirmed with its state, attempts and reason; a discard asks first; what a
/// retry came to in words.
@Suite struct OutboxScreenTests {
    static func entry(_ id: Int64, _ state: OutboxState, text: String, session: String?, attempts: Int,
                      error: String? = nil) -> OutboxEntry {
        OutboxEntry(id: id, sessionID: session, conversationKey: nil, key: IdempotencyKey(), content: [.text(text)],
                    createdAt: ScreenGoldenTests.now, state: state, attempts: attempts, lastError: error, runID: nil,
                    afterSequence: 0, browserProfileID: nil, claimedAt: nil, claimedBy: nil)
    }

    static func screen(confirming: Bool = false) -> ScreenState {
        var outbox = OutboxScreen()
        outbox.show([
            entry(3, .failed, text: "And the holidays?", session: "s3", attempts: 4,
                  error: "The server did not answer (HTTP 500 internal_error)"),
            entry(4, .refused, text: "Add this to the Lisbon notes", session: "s4", attempts: 1,
                  error: "This conversation was deleted on the server"),
            entry(5, .queued, text: "Plan a day in Sintra\nwith the train times", session: nil, attempts: 0),
        ])
        outbox.titles = ["s3": "Saving plan for the groceries", "s4": "Lisbon trip in March"]
        outbox.selected = 1
        outbox.confirmingDiscard = confirming
        var state = ScreenGoldenTests.base()
        state.outboxScreen = outbox
        return state
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theOutboxListsEveryEntryWithItsStateAndReason(size: (width: Int, height: Int)) {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.screen(), width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "outbox-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("Outbox (3 messages)"))
        #expect(grid.snapshot.contains("#3  not sent · 4 attempts  ·  Saving plan for the groceries"))
        #expect(grid.snapshot.contains("▸ #4  refused by the server"))
        #expect(grid.snapshot.contains("Why: This conversation was deleted on the server"))
        #expect(grid.snapshot.contains("#5  waiting to be sent · 0 attempts  ·  a new conversation"))
        #expect(grid.snapshot.contains("“Plan a day in Sintra with the train times”"))
        #expect(grid.snapshot.contains("r send again  x discard  g refresh  Esc close"))

        let (_, asking) = ScreenGoldenTests.settledGrid(Self.screen(confirming: true), width: size.width, height: size.height)
        GoldenScreen.check(asking.snapshot, named: "outbox-discard-\(size.width)x\(size.height)")
        #expect(asking.snapshot.contains("Discard #4? It will never be sent.  y discard it  n keep it"))
    }

    @Test func anEmptyOutboxSaysEverythingWasDelivered() {
        var state = ScreenGoldenTests.base()
        var outbox = OutboxScreen()
        outbox.show([])
        state.outboxScreen = outbox
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: 80, height: 24)
        #expect(grid.snapshot.contains("The outbox is empty: everything you sent was delivered."))
    }

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

    /// The keys as a value: what each asks of the shell, and what the screen says meanwhile.
    @Test func theKeysSayWhatTheShellIsToDo() throws {
        var outbox = try #require(Self.screen().outboxScreen)
        #expect(outbox.handle(.char("r"), chatIsDelivering: false) == .none, "#4 was refused")
        #expect(outbox.message == "#4 was refused by the server and will not be sent again; x discards it.")
        #expect(outbox.handle(.char("x"), chatIsDelivering: false) == .none)
        #expect(outbox.confirmingDiscard)
        let key = try #require(outbox.selectedEntry?.key.rawValue)
        #expect(outbox.handle(.char("y"), chatIsDelivering: false) == .discard(entryID: 4, clientKey: key))
        _ = outbox.handle(KeyPress(.up), chatIsDelivering: false)
        #expect(outbox.handle(.char("r"), chatIsDelivering: true) == .none)
        #expect(outbox.message == "A message is being sent from the chat; r again when it is through.")
        #expect(outbox.handle(.char("r"), chatIsDelivering: false) == .retry(entryID: 3))
        #expect(outbox.handle(.char("x"), chatIsDelivering: false) == .none)
        #expect(outbox.message == "#3 is being sent; wait for the answer.")
        outbox.retried(entryID: 3, words: "#3 delivered.")
        #expect(outbox.retrying == nil && outbox.message == "#3 delivered.")
        #expect(outbox.handle(.char("g"), chatIsDelivering: false) == .reload)
        #expect(outbox.handle(KeyPress(.escape), chatIsDelivering: false) == .close)
    }

    @MainActor @Test func ctrlQOpensTheOutboxFromTheHelpAndThePalette() {
        #expect(GlobalAction(.char("q", .control)) == .outbox)
        let entries = ChatScreen.help.groups.flatMap(\.entries)
        #expect(entries.contains { $0.keys == "Ctrl-Q" && $0.press == .char("q", .control) })
    }
}
