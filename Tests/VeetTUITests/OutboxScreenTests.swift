import Foundation
import Testing
@testable import veet_tui
import VeetChatScreens
import VeetCurses
@testable import VeetStore
import VeetTransport
import VeetWire

/// The outbox screen (Ctrl-Q, issue 20 item 7) in the shell: every entry the server has not
/// confirmed with its state, attempts and reason; a discard asks first. (Its keys and words as
/// a value: VeetChatScreensTests' OutboxScreenTests.)
@Suite struct OutboxScreenTests {
    static func entry(_ id: Int64, _ state: OutboxState, text: String, session: String?, attempts: Int,
                      error: String? = nil) -> OutboxEntry {
        OutboxEntry(id: id, sessionID: session, conversationKey: nil, key: IdempotencyKey(), content: [.text(text)],
                    createdAt: ScreenGoldenTests.now, state: state, attempts: attempts, lastError: error, runID: nil,
                    afterSequence: 0, browserProfileID: nil, claimedAt: nil, claimedBy: nil)
    }

    static func screen(confirming: Bool = false) -> ScreenState {
        var outbox = OutboxScreen(OutboxListing(entries: [
            entry(3, .failed, text: "And the holidays?", session: "s3", attempts: 4,
                  error: "The server did not answer (HTTP 500 internal_error)"),
            entry(4, .refused, text: "Add this to the Lisbon notes", session: "s4", attempts: 1,
                  error: "This conversation was deleted on the server"),
            entry(5, .queued, text: "Plan a day in Sintra\nwith the train times", session: nil, attempts: 0),
        ], sessions: []))
        outbox.titles = ["s3": "Saving plan for the groceries", "s4": "Lisbon trip in March"]
        outbox.selected = 1
        outbox.confirmingDiscard = confirming
        var state = ScreenGoldenTests.base()
        state.featureScreen = MountedScreen(outbox, work: NoOutboxWork(), mount: 1)
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
        state.featureScreen = MountedScreen(OutboxScreen(OutboxListing(entries: [], sessions: [])), work: NoOutboxWork(), mount: 1)
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: 80, height: 24)
        #expect(grid.snapshot.contains("The outbox is empty: everything you sent was delivered."))
    }

    @MainActor @Test func ctrlQOpensTheOutboxFromTheHelpAndThePalette() {
        #expect(GlobalAction(.char("q", .control)) == .outbox)
        let entries = ChatScreen.help.groups.flatMap(\.entries)
        #expect(entries.contains { $0.keys == "Ctrl-Q" && $0.press == .char("q", .control) })
    }
}

struct NoOutboxWork: ScreenEffects {
    typealias Screen = OutboxScreen
    func run(_ effect: OutboxScreenEffect, report: @escaping @Sendable (OutboxScreenResult) -> Void) async {}
}
