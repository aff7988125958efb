import Testing
import VeetWire

@Suite struct OperationPollingTests {
    @Test func readsEverySecondForTenSecondsThenStepsUpToFive() {
        var polling = OperationPolling()
        let waits = (0..<16).map { _ in polling.nextDelayAfterAnswer() }
        #expect(waits == Array(repeating: .seconds(1), count: 10) + [2, 3, 4, 5, 5, 5].map { Duration.seconds($0) })
        #expect(polling.elapsed == .seconds(34))
    }

    @Test func aFailureIsRetriedSoonAndTheThirdInARowStops() {
        var polling = OperationPolling()
        #expect(polling.nextDelayAfterFailure() == .seconds(1))
        #expect(polling.nextDelayAfterFailure() == .seconds(2))
        #expect(polling.nextDelayAfterAnswer() == .seconds(1), "an answer resets the count")
        #expect(polling.nextDelayAfterFailure() == .seconds(1))
        #expect(polling.nextDelayAfterFailure() == .seconds(2))
        #expect(polling.nextDelayAfterFailure() == nil)
        #expect(polling.hasStopped)
    }

    @Test func aLimitIsReachedByTheWaitsHandedOut() {
        var polling = OperationPolling.bounded
        #expect(polling.limit == .seconds(120))
        var waits = 0
        while !polling.hasReachedLimit { _ = polling.nextDelayAfterAnswer(); waits += 1 }
        #expect(waits == 10 + 4 + 20, "10 fast, 2+3+4+5, then 5 s reads up to two minutes")
        var unlimited = OperationPolling()
        for _ in 0..<1000 { _ = unlimited.nextDelayAfterAnswer() }
        #expect(!unlimited.hasReachedLimit)
    }
}
