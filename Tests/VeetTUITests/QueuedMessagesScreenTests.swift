import Foundation
import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens

/// Several messages waiting for the run (docs/tui.md, Queued messages): listed in order above the
/// composer, the next marked, one chosen when the queue has the focus.
@Suite struct QueuedMessagesScreenTests {
    static func queued(_ texts: [String], focusedOn chosen: Int? = nil) -> ScreenState {
        var state = ScreenGoldenTests.withTranscript()
        state.conversation.work = RunningWork(id: 1, sessionID: "s3", runID: "r3")
        for text in texts { state.conversation.queue.enqueue(text) }
        if let chosen {
            state.focus = .queue
            state.conversation.queueCursor = state.conversation.queue.entries[chosen].id
        }
        return state
    }

    @Test func eachWaitingMessageIsListedInOrderWithTheNextMarked() {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.queued(["First thought", "Second\nthought", "Third"]),
                                                      width: 160, height: 48)
        let screen = grid.snapshot
        #expect(screen.contains("Waiting for the run · 3 messages, sent one per run in order"), "\(screen)")
        #expect(screen.contains("1. next · First thought"))
        #expect(screen.contains("2. Second thought"))
        #expect(screen.contains("3. Third"))
        #expect(screen.contains("3 queued; the next sends when the run ends"))
    }

    @Test func theChosenMessageIsMarkedAndTheKeysSaySo() {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.queued(["one", "two"], focusedOn: 1), width: 160, height: 48)
        #expect(grid.snapshot.contains("▸ 2. two"))
        #expect(grid.snapshot.contains("↑↓ choose · e edit · x cancel · Esc back"))
    }

    @Test func anEmptyQueueTakesNoRow() {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.queued([]), width: 160, height: 48)
        #expect(!grid.snapshot.contains("Waiting for the run"))
    }
}
