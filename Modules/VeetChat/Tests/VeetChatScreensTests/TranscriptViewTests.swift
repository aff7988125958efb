import Testing
import VeetChat
import VeetChatScreens

/// The transcript keys' rules as a value: the cursor over the rows it can act on, the ends, and
/// what Left/Right says when there is nothing to move.
@Suite struct TranscriptViewTests {
    static func view(_ targets: [RowTarget]) -> TranscriptView {
        var view = TranscriptView()
        view.rowTargets = targets
        return view
    }

    @Test func theCursorSkipsTheStatusLineAndStopsAtTheEnds() {
        var view = Self.view([.entry("user:1"), .entry("assistant:2"), .status])
        view.moveCursor(by: -1)
        #expect(view.selectedRow == "assistant:2", "from nothing, up lands on the last row it can act on")
        #expect(view.revealSelection)
        view.moveCursor(by: 1)
        #expect(view.selectedRow == "assistant:2", "the status line is never chosen")
        view.moveCursor(by: -Int.max / 2)
        #expect(view.selectedRow == "user:1")
        #expect(view.selectedTarget == .entry("user:1"))
        #expect(view.selectedEntryID == "user:1")
    }

    @Test func leftAndRightSayWhyNothingMoved() {
        var view = Self.view([.entry("user:1")])
        let unselected = view.moveSideways(by: 8)
        #expect(unselected == "Select an answer with a wide block (Up/Down)")
        view.moveCursor(by: 1)
        let narrow = view.moveSideways(by: 8)
        #expect(narrow == "Nothing in this message is wider than the transcript")
        #expect(view.transcriptOffsets.sideways.isEmpty)
    }

    @Test func anEntryWithNothingToOpenStaysClosed() {
        var view = Self.view([.entry("user:1")])
        let opened = view.toggle("user:1", in: Transcript())
        #expect(!opened)
        #expect(view.expandedBundleIDs.isEmpty)
        let scrolled = view.scrollLedger(by: 1, movingOnAtTheEnd: true)
        #expect(!scrolled, "no ledger is open")
        #expect(view.ledgerPage == 1)
    }
}
