import Testing
import VeetChat
import VeetChatScreens
import VeetCurses

/// The queue's view as a value: at most three rows of messages, a window around the chosen one.
@Suite struct QueuedMessagesViewTests {
    static func view(_ texts: [String], focusedOn chosen: Int? = nil) -> QueuedMessagesView {
        var queue = MessageQueue()
        for text in texts { queue.enqueue(text) }
        return QueuedMessagesView(queue: queue, focused: chosen != nil, cursor: chosen.map { queue.entries[$0].id })
    }

    /// More than three: a window around the chosen one, never a row over the transcript's.
    @Test func aLongQueueShowsThreeAroundTheChosenOne() {
        let texts = (1...6).map { "message \($0)" }
        let view = Self.view(texts, focusedOn: 4)
        #expect(view.height == 4)
        #expect(view.visible.map(\.text) == ["message 3", "message 4", "message 5"])
        #expect(Self.view(texts).visible.map(\.text) == ["message 1", "message 2", "message 3"])
    }

    @Test func anEmptyQueueTakesNoRow() {
        #expect(Self.view([]).height == 0)
        var grid = ScreenGrid(width: 60, height: 4)
        Self.view([]).draw(in: &grid, rect: GridRect(row: 0, column: 0, width: 60, height: 4))
        #expect(!grid.snapshot.contains("Waiting for the run"))
    }

    @Test func theChosenOneIsMarkedAndTheNextSaysSo() {
        var grid = ScreenGrid(width: 140, height: 4)
        Self.view(["one", "two\nlines"], focusedOn: 1).draw(in: &grid, rect: GridRect(row: 0, column: 0, width: 140, height: 4))
        #expect(grid.snapshot.contains("1. next · one"))
        #expect(grid.snapshot.contains("▸ 2. two lines"))
        #expect(grid.snapshot.contains("↑↓ choose · e edit · x cancel · Esc back"))
    }
}
