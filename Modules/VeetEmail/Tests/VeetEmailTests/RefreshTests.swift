import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetEmail

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let current = ThreadLock(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

@Suite struct RefreshAdmissionTests {
    @Test func opensThenAtMostEverySixtySecondsWhileVisible() {
        var admission = RefreshAdmission()
        let start = Date(timeIntervalSince1970: 0)
        var admitted: [Bool] = []
        admitted.append(admission.tick(at: start))  // not visible yet
        admitted.append(admission.becameVisible(at: start))
        admitted.append(admission.tick(at: start.addingTimeInterval(59)))
        admitted.append(admission.tick(at: start.addingTimeInterval(60)))
        admitted.append(admission.tick(at: start.addingTimeInterval(90)))
        admission.becameHidden()
        admitted.append(admission.tick(at: start.addingTimeInterval(200)))  // hidden: admission stops
        admitted.append(admission.becameVisible(at: start.addingTimeInterval(201)))  // returning starts a refresh
        #expect(admitted == [false, true, false, true, false, false, true])
    }

    @Test func pollingBacksOffAndStopsAfterThreeConsecutiveFailures() {
        var polling = OperationPolling()
        var delays: [Duration?] = []
        delays.append(polling.nextDelayAfterAnswer())
        delays.append(polling.nextDelayAfterFailure())
        delays.append(polling.nextDelayAfterFailure())
        delays.append(polling.nextDelayAfterAnswer())  // an answer resets the failure count
        delays.append(polling.nextDelayAfterFailure())
        delays.append(polling.nextDelayAfterFailure())
        delays.append(polling.nextDelayAfterFailure())  // the third in a row: stop
        #expect(delays == [.seconds(1), .seconds(1), .seconds(2), .seconds(1), .seconds(1), .seconds(2), nil])
        #expect(polling.hasStopped)
        var long = OperationPolling()
        var last: Duration = .zero
        for _ in 0..<30 { last = long.nextDelayAfterAnswer() }
        #expect(last == .seconds(5), "after the first 10 s it backs off to 5 s")
    }
}

@Suite struct EmailRefresherTests {
    @Test func aRefreshFollowsItsOperationAndAdmitsAgainAfterSixtySeconds() async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/refresh", .json(Wire.operation()))
        server.on("GET", "/v1/email/operations/op1", sequence: [.json(Wire.operation(status: "RUNNING")),
                                                               .json(Wire.operation(status: "COMPLETED"))])
        let clock = TestClock()
        let refresher = EmailRefresher(api: Wire.api(server), now: { clock.now })
        guard case .completed = await refresher.becameVisible() else { Issue.record("no refresh on open"); return }
        #expect(await refresher.tick() == .notAdmitted)
        clock.advance(61)
        guard case .completed = await refresher.tick() else { Issue.record("not admitted after 60 s"); return }
        await refresher.becameHidden()
        clock.advance(120)
        #expect(await refresher.tick() == .notAdmitted)
        #expect(server.requests("POST", "/v1/email/refresh").count == 2)
    }

    @Test func threeFailedStatusReadsStopPollingUntilTheNextRefresh() async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/refresh", .json(Wire.operation()))
        server.on("GET", "/v1/email/operations/op1", .apiError(503, "internal_error"))
        let clock = TestClock()
        let refresher = EmailRefresher(api: Wire.api(server), now: { clock.now })
        guard case .pollingStopped = await refresher.becameVisible() else { Issue.record("polling did not stop"); return }
        #expect(server.requests("GET", "/v1/email/operations/op1").count == 3)
        #expect(await refresher.pollingStopped)
        server.on("GET", "/v1/email/operations/op1", .json(Wire.operation(status: "COMPLETED")))
        clock.advance(60)
        guard case .completed = await refresher.tick() else { Issue.record("the next refresh did not poll"); return }
        #expect(await !refresher.pollingStopped)
    }

    /// A refresh failure stays shown through cached reads until a refresh completes.
    @Test func aRefreshFailureSurvivesCachedReads() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/refresh", .apiError(402, "budget_exceeded", reason: "email_aggregate_cost",
                                                          details: ["retry_at": "2026-09-21T00:00:00+00:00"]))
        server.on("GET", "/v1/email/threads", Wire.page([Wire.thread("t1")]))
        let clock = TestClock()
        let api = Wire.api(server)
        let refresher = EmailRefresher(api: api, now: { clock.now })
        guard case .budget(let refusal) = await refresher.becameVisible() else { Issue.record("no budget refusal"); return }
        #expect(refusal.retryAt?.text == "2026-09-21T00:00:00+00:00")
        _ = try await api.threads()
        #expect(await refresher.refreshError != nil, "a cached read does not clear the refresh error")
        server.on("POST", "/v1/email/refresh", .json(Wire.operation(status: "COMPLETED")))
        clock.advance(60)
        _ = await refresher.tick()
        #expect(await refresher.refreshError == nil)
    }

    /// An answer that arrives after the connection changed is dropped, not shown as an error.
    @Test func lateAnswersFromAnOldConnectionAreDropped() async {
        let oldServer = ScriptedServer()
        let gate = AsyncGate()
        oldServer.on("POST", "/v1/email/refresh") { _ in
            await gate.wait()
            return .apiError(500, "internal_error")
        }
        let newServer = ScriptedServer()
        let refresher = EmailRefresher(api: Wire.api(oldServer))
        let pending = Task { await refresher.becameVisible() }
        await gate.waitUntilWaiting()
        await refresher.connectionChanged(to: Wire.api(newServer))
        await gate.open()
        let outcome = await pending.value
        #expect(outcome == .superseded && !outcome.isError)
        #expect(await refresher.refreshError == nil)
    }

    @Test func cancellationIsNotAnError() async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/refresh") { _ in throw TransportError(.cancelled, "cancelled") }
        let refresher = EmailRefresher(api: Wire.api(server))
        let outcome = await refresher.becameVisible()
        #expect(outcome == .cancelled && !outcome.isError)
        #expect(await refresher.refreshError == nil)
    }
}

/// A door a scripted answer waits behind until the test opens it.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var arrived = false
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        arrived = true
        arrivalWaiters.forEach { $0.resume() }
        arrivalWaiters = []
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func waitUntilWaiting() async {
        if arrived { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}
