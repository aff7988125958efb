import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSubscriptions

@Suite struct SelectionTests {
    @Test func selectionStopsAtTwentyFive() throws {
        let rows = try (1...30).map { try Wire.decode(Wire.row($0)) }
        var selection = SubscriptionSelection()
        for row in rows.prefix(25) { try selection.select(row, Wire.flags) }
        #expect(selection.countText == "25 of 25")
        #expect(throws: SubscriptionSelection.Refusal.full) { try selection.select(rows[25], Wire.flags) }
        #expect(selection.count == 25)
        selection.deselect(rows[0].id)
        try selection.select(rows[25], Wire.flags)
        #expect(selection.ids.last == rows[25].id && selection.count == 25)
    }

    @Test func selectAllSkipsProtectedAndIneligibleRowsAndStopsAtTwentyFive() throws {
        var objects = [
            Wire.row(1, protected: true), Wire.row(2, verified: false), Wire.row(3, mechanism: "none"),
            Wire.row(4, state: "kept"), Wire.row(5, state: "unsubscribed"), Wire.row(6, state: "reported_spam"),
            Wire.row(7, state: "pending"), Wire.row(8, state: "failed"), Wire.row(9, state: "still_sending"),
            Wire.row(10, mechanism: "mailto"),
        ]
        objects += (11...40).map { Wire.row($0) }
        let rows = try objects.map(Wire.decode)
        var selection = SubscriptionSelection()
        #expect(selection.selectAll(rows, Wire.flags) == 25)
        #expect(selection.ids.prefix(3) == [Wire.hex(8), Wire.hex(9), Wire.hex(10)][...])
        #expect(selection.ids.last == Wire.hex(32))
        for skipped in 1...7 { #expect(!selection.contains(Wire.hex(skipped))) }
        // A protected sender is still actionable by hand.
        var byHand = SubscriptionSelection()
        try byHand.select(rows[0], Wire.flags)
        #expect(byHand.ids == [Wire.hex(1)])
    }

    @Test func anUnverifiedRowReadsCheckingCannotBeSelectedButKeepsKeepAndReportSpam() throws {
        let row = try Wire.decode(Wire.row(2, verified: false))
        #expect(row.stateText == "Checking…")
        var selection = SubscriptionSelection()
        #expect(throws: SubscriptionSelection.Refusal.checking) { try selection.select(row, Wire.flags) }
        #expect(row.actions(Wire.flags) == [.reportSpam, .keep])
        #expect(throws: SubscriptionSelection.Refusal.noMechanism) {
            try selection.select(try Wire.decode(Wire.row(3, mechanism: "none")), Wire.flags)
        }
        #expect(throws: SubscriptionSelection.Refusal.alreadyDecided) {
            try selection.select(try Wire.decode(Wire.row(4, state: "kept")), Wire.flags)
        }
    }

    @Test func theActionsFollowTheState() throws {
        #expect(try Wire.decode(Wire.row(1)).actions(Wire.flags) == [.unsubscribe, .reportSpam, .keep])
        let still = try Wire.decode(Wire.row(2, state: "still_sending"))
        #expect(still.actions(Wire.flags) == [.unsubscribe, .reportSpam, .keep])
        #expect(still.unsubscribeLabel == "Unsubscribe again")
        #expect(still.stateAdvice?.contains("Report spam") == true)
        let failed = try Wire.decode(Wire.row(3, state: "failed", operation: Wire.op(status: "failed", code: "unsubscribe.rejected")))
        #expect(failed.unsubscribeLabel == "Try again" && failed.actions(Wire.flags) == [.unsubscribe, .reportSpam, .keep])
        #expect(try Wire.decode(Wire.row(4, state: "reported_spam")).actions(Wire.flags) == [.notSpam])
        #expect(try Wire.decode(Wire.row(5, state: "kept")).actions(Wire.flags) == [.stopKeeping])
        #expect(try Wire.decode(Wire.row(6, state: "unsubscribed")).actions(Wire.flags).isEmpty)
    }

    @Test func accountsWithoutTheFlagOfferNothing() throws {
        let row = try Wire.decode(Wire.row(1))
        #expect(row.actions(.unknown).isEmpty)
        var selection = SubscriptionSelection()
        #expect(throws: SubscriptionSelection.Refusal.notOffered) { try selection.select(row, .unknown) }
        #expect(selection.selectAll([row], .unknown) == 0)
        let noSpam = AccountFlags([SubscriptionAccountCapabilities(accountID: "default", unsubscribeSupported: true,
                                                                   spamSupported: false)])
        #expect(row.actions(noSpam) == [.unsubscribe, .keep])
        #expect(try Wire.decode(Wire.row(2, state: "reported_spam")).actions(noSpam).isEmpty)
        let otherAccount = try Wire.decode(Wire.row(3, account: "work"))
        #expect(otherAccount.actions(Wire.flags).isEmpty)
        #expect(Wire.flags.anyUnsubscribeSupported && !AccountFlags.unknown.anyUnsubscribeSupported)
    }

    @Test func theFlagsDecodeFromAnAccountObjectAndAMissingFlagIsFalse() throws {
        let json = #"{"items":[{"id":"default","label":"P","unsubscribe_supported":true,"spam_supported":true},"#
            + #"{"id":"work","archive_supported":true}],"next_cursor":null}"#
        let page = try WireJSON.decoder().decode(Page<SubscriptionAccountCapabilities>.self, from: Data(json.utf8))
        let flags = AccountFlags(page.items)
        #expect(flags.spamSupported("default") && !flags.unsubscribeSupported("work") && !flags.spamSupported("work"))
    }
}
