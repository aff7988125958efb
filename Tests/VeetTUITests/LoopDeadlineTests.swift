import Foundation
import Synchronization
import Testing
@testable import veet_tui

/// The main loop's next wake (LoopDeadline): computed from what is shown and
/// scheduled, never a fixed tick.
@Suite struct LoopDeadlineTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000.25)

    @Test func nothingScheduledWaitsForeverForInputOrAWake() {
        let inputs = LoopDeadline.Inputs(now: now)
        #expect(LoopDeadline.next(inputs) == nil)
        #expect(LoopDeadline.timeoutMilliseconds(until: nil, now: now) == -1)
    }

    @Test func theEarliestScheduledThingWins() {
        var inputs = LoopDeadline.Inputs(now: now)
        inputs.reconcile = now.addingTimeInterval(30)
        inputs.labelChange = now.addingTimeInterval(42)
        #expect(LoopDeadline.next(inputs) == now.addingTimeInterval(30))
        inputs.draftDue = now.addingTimeInterval(0.8)
        #expect(LoopDeadline.next(inputs) == now.addingTimeInterval(0.8))
        inputs.reconcileDue = now.addingTimeInterval(0.5)
        #expect(LoopDeadline.next(inputs) == now.addingTimeInterval(0.5))
        inputs.emailTick = now.addingTimeInterval(0.2)
        inputs.autosave = now.addingTimeInterval(0.3)
        #expect(LoopDeadline.next(inputs) == now.addingTimeInterval(0.2))
    }

    @Test func aScreenShowingTimesWakesOnTheNextWholeSecond() {
        var inputs = LoopDeadline.Inputs(now: now)
        inputs.reconcile = now.addingTimeInterval(30)
        inputs.secondsShown = true
        #expect(LoopDeadline.next(inputs) == Date(timeIntervalSince1970: 1_800_000_001))
    }

    @Test func theTimeoutRoundsUpAndIsZeroWhenDue() {
        #expect(LoopDeadline.timeoutMilliseconds(until: now.addingTimeInterval(0.0004), now: now) == 1)
        #expect(LoopDeadline.timeoutMilliseconds(until: now.addingTimeInterval(2.5), now: now) == 2500)
        #expect(LoopDeadline.timeoutMilliseconds(until: now.addingTimeInterval(-3), now: now) == 0)
        #expect(LoopDeadline.timeoutMilliseconds(until: now.addingTimeInterval(1e12), now: now) == Int32.max)
    }

    /// For ages across every range, the label reads the same until the computed change and differently at it:
    /// the loop paints exactly when a relative time would change, no later, and sleeps in between.
    @Test func theLabelChangeIsWhenTheSidebarsLabelChanges() throws {
        let ages: [TimeInterval] = [0, 0.4, 1, 12.7, 59.2, 60, 61.5, 119, 600.3, 3599.9, 3600, 7300, 86_399.5,
                                    86_400, 3 * 86_400 + 17, 7 * 86_400 - 0.5]
        for age in ages {
            let date = now.addingTimeInterval(-age)
            let change = try #require(LoopDeadline.labelChange(of: date, now: now), "age \(age)")
            #expect(change > now, "age \(age)")
            let label = Sidebar.relativeAge(from: date, to: now)
            #expect(Sidebar.relativeAge(from: date, to: change.addingTimeInterval(-0.001)) == label, "age \(age)")
            #expect(Sidebar.relativeAge(from: date, to: change) != label, "age \(age)")
        }
    }

    @Test func labelsInMinutesWakeOncePerMinuteNotPerSecond() throws {
        let date = now.addingTimeInterval(-(5 * 60 + 7))
        let change = try #require(LoopDeadline.labelChange(of: date, now: now))
        #expect(abs(change.timeIntervalSince(now) - 53) < 0.001)
        let hours = now.addingTimeInterval(-(2 * 3600 + 10))
        #expect(abs(try #require(LoopDeadline.labelChange(of: hours, now: now)).timeIntervalSince(now) - 3590) < 0.001)
    }

    @Test func aDateLabelNeverChangesAndAFutureTimeWaitsUntilItPasses() {
        #expect(LoopDeadline.labelChange(of: now.addingTimeInterval(-8 * 86_400), now: now) == nil)
        let ahead = now.addingTimeInterval(5)
        #expect(LoopDeadline.labelChange(of: ahead, now: now) == ahead.addingTimeInterval(1))
    }

    @Test func theEarliestLabelAmongManyAndNoneForOldOnes() {
        let dates = [now.addingTimeInterval(-10 * 86_400), now.addingTimeInterval(-125), now.addingTimeInterval(-3 * 3600)]
        #expect(LoopDeadline.labelChange(of: dates, now: now) == now.addingTimeInterval(55))
        #expect(LoopDeadline.labelChange(of: [now.addingTimeInterval(-9 * 86_400)], now: now) == nil)
        #expect(LoopDeadline.labelChange(of: [Date](), now: now) == nil)
    }

    @Test func aPostToTheInboxWakesTheLoop() {
        let inbox = Inbox()
        let woken = WakeCount()
        inbox.wakeWith { woken.add() }
        inbox.post(.notice("x"))
        inbox.post(.notice("y"))
        #expect(woken.count == 2)
        #expect(inbox.drain().count == 2)
    }
}

private final class WakeCount: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// Coming back to the terminal reconciles at once, but not within five seconds of the last reconcile.
@Suite struct ReturnRefreshTests {
    @Test func aReturnReconcilesUnlessOneJustRan() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ReturnRefresh.isDue(now: now, lastReconcile: .distantPast))
        #expect(ReturnRefresh.isDue(now: now, lastReconcile: now.addingTimeInterval(-5)))
        #expect(!ReturnRefresh.isDue(now: now, lastReconcile: now.addingTimeInterval(-4.9)))
        #expect(!ReturnRefresh.isDue(now: now, lastReconcile: now))
    }
}
