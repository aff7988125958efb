import Foundation
import Testing
import VeetCurses
import VeetSubscriptions
import VeetSubscriptionsScreens

/// A thread's one confirmation (x on a mail thread's bulk-sender line), as a value: its keys, the
/// work it asks for, and the words it gives the page that opened it.
@Suite struct ThreadUnsubscribeTests {
    static let row = SubscriptionsScreenTests.row(1, "Example News", count: 38, destination: "example.com")

    @Test func enterSendsTheOneCommandWithTheFlagsItWasConfirmedUnder() throws {
        var sheet = try ThreadUnsubscribe(row: Self.row, flags: SubscriptionsScreenTests.flags)
        #expect(sheet.press(.char("a"), height: 24) == .open)
        guard case .send(.unsubscribe(let confirmed, let flags), let words) = sheet.press(KeyPress(.enter), height: 24) else {
            Issue.record("Enter did not send")
            return
        }
        #expect(words == "Unsubscribing from Example News…")
        #expect(confirmed.archiveExisting && confirmed.rows.map(\.id) == [Self.row.id])
        #expect(flags == SubscriptionsScreenTests.flags)
    }

    @Test func escClosesSayingNothingWasSent() throws {
        var sheet = try ThreadUnsubscribe(row: Self.row, flags: SubscriptionsScreenTests.flags)
        #expect(sheet.press(KeyPress(.escape), height: 24) == .closed("Not unsubscribed; nothing was sent."))
    }

    @Test func aRowThatCannotBeUnsubscribedIsRefused() {
        let kept = SubscriptionsScreenTests.row(8, "Kept Digest", count: 3, destination: "kept.example", state: .kept)
        #expect(throws: (any Error).self) { _ = try ThreadUnsubscribe(row: kept, flags: SubscriptionsScreenTests.flags) }
    }

    @Test func theWorksFailureIsSaidOnThePageAndOtherAnswersAreNot() {
        let failed = ThreadUnsubscribe.words(for: .commandFailed(ids: [Self.row.id], "Not unsubscribed: refused"))
        #expect(failed?.message == "Not unsubscribed: refused" && failed?.settled == nil)
        #expect(ThreadUnsubscribe.words(for: .unavailable) == nil)
    }

    @Test func theSheetIsDrawnOverThePage() throws {
        let sheet = try ThreadUnsubscribe(row: Self.row, flags: SubscriptionsScreenTests.flags)
        var grid = ScreenGrid(width: 100, height: 30)
        sheet.draw(in: &grid)
        #expect(grid.snapshot.contains("Unsubscribe from Example News?"))
        #expect(grid.snapshot.contains(UnsubscribeSheetPainter.keyHints))
    }

    @Test func aRowsLineBesideAMessageAndItsXLabel() {
        #expect(Self.row.offerLine == "One-click request to example.com · Active")
        #expect(Self.row.unsubscribeOffer(SubscriptionsScreenTests.flags) == "Unsubscribe")
        let work = SubscriptionsScreenTests.row(9, "Work Bulletin", count: 2, destination: "work.example", account: "work")
        #expect(work.unsubscribeOffer(SubscriptionsScreenTests.flags) == nil)
        let checking = SubscriptionsScreenTests.row(4, "Checking Sender", count: 7, verified: false)
        #expect(checking.offerLine == checking.stateText)
    }

    @Test func theHelpGroupNamesTheScreensKeys() {
        #expect(SubscriptionsScreen.helpGroup.title == "Subscriptions (S in Email)")
        #expect(SubscriptionsScreen.helpGroup.entries.map(\.keys).first == "Up, Down, Tab")
    }
}
