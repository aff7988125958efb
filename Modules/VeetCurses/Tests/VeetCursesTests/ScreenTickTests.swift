import Foundation
import Testing
import VeetCurses

/// A screen that counts time: it asks for a tick a second after each key
/// (re-armed by every key) and every five seconds after a tick.
private struct Ticker: FeatureScreen {
    var keys = 0
    var ticks: [Date] = []
    var openingEffects: [String] { [] }
    var openingTick: TimeInterval? { 5 }

    mutating func update(_ event: ScreenEvent<String>) -> ScreenStep<String, Never> {
        guard case .key = event else { return .ignored }
        keys += 1
        return ScreenStep(tickAfter: 1)
    }

    mutating func tick(now: Date) -> ScreenStep<String, Never> {
        ticks.append(now)
        return ScreenStep(effects: ["ticked"], tickAfter: 5)
    }

    func paint(in grid: inout ScreenGrid, now: Date) { grid.put("ticks \(ticks.count)", row: 0, column: 0) }
    func keyHints(width: Int, now: Date) -> String { "Esc close" }
}

private struct TickerWork: ScreenEffects {
    typealias Screen = Ticker
    func run(_ effect: String, report: @escaping @Sendable (String) -> Void) async {}
}

/// A screen without `tick`.
private struct Still: FeatureScreen {
    var openingEffects: [String] { [] }
    mutating func update(_ event: ScreenEvent<String>) -> ScreenStep<String, Never> { .none }
    func paint(in grid: inout ScreenGrid, now: Date) {}
    func keyHints(width: Int, now: Date) -> String { "" }
}

@Suite struct ScreenTickTests {
    let start = Date(timeIntervalSince1970: 1_000)

    @Test func theDriverRecordsTheTickAskedForAndDeliversIt() {
        var driver = ScreenDriver(Ticker())
        #expect(driver.tickAfter == 5)
        driver.press(.char("x"))
        #expect(driver.tickAfter == 1)
        #expect(driver.tick(now: start) == ["ticked"])
        #expect(driver.tickAfter == 5)
        #expect(driver.screen.ticks == [start])
        #expect(driver.painted(width: 10, height: 1).hasPrefix("ticks 1"))
    }

    @Test func aMountedScreenTicksOnlyWhenDueAndEachKeyRearmsIt() {
        var mounted = MountedScreen(Ticker(), work: TickerWork(), mount: 1, now: start)
        #expect(mounted.tickDue == start.addingTimeInterval(5))
        #expect(mounted.tickIfDue(now: start.addingTimeInterval(4)) == nil)
        _ = mounted.update(.key(.char("a")), now: start.addingTimeInterval(4))
        _ = mounted.update(.key(.char("b")), now: start.addingTimeInterval(4.5))
        // Re-armed by the last key: not at 5 s, a second after it.
        #expect(mounted.tickIfDue(now: start.addingTimeInterval(5)) == nil)
        let step = mounted.tickIfDue(now: start.addingTimeInterval(5.5))
        #expect(step?.effects.first as? String == "ticked")
        #expect(mounted.tickDue == start.addingTimeInterval(10.5))
        #expect(mounted.value(as: Ticker.self)?.ticks == [start.addingTimeInterval(5.5)])
        // Delivered once: the same moment does not tick twice.
        #expect(mounted.tickIfDue(now: start.addingTimeInterval(5.5)) == nil)
    }

    @Test func aScreenThatAsksForNoTickNeverTicks() {
        var mounted = MountedScreen(Still(), work: StillWork(), mount: 2, now: start)
        #expect(mounted.tickDue == nil)
        _ = mounted.update(.key(.char("a")), now: start)
        #expect(mounted.tickIfDue(now: start.addingTimeInterval(3600)) == nil)
        var driver = ScreenDriver(Still())
        #expect(driver.tick(now: start).isEmpty && driver.tickAfter == nil)
    }
}

private struct StillWork: ScreenEffects {
    typealias Screen = Still
    func run(_ effect: String, report: @escaping @Sendable (String) -> Void) async {}
}
