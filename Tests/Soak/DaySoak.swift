import Foundation
import VeetChat
import VeetFixture
import VeetSchedules
import VeetStore
import VeetTransport
import VeetWire
#if canImport(Glibc)
import Glibc
#endif

/// A day compressed into minutes (issue 37 item 4): the in-process fixture plays
/// `runs` runs, spread evenly over `seconds`, with their events past the built veetd and an open veet-tui (on a
/// pseudo-terminal, focused, through `script`): one in eight parks on an approval
/// that is then approved, one in twenty-five is a schedule firing, and the fixture
/// raises the inbox notifications of the runs that wait (`--auto-notify`). After
/// each quarter of the runs (the first is the warm-up) it reads each process's
/// resident memory, open file descriptors and threads once settled. It holds when
/// each grew less than 2 MiB after the warm-up and neither holds more descriptors
/// or threads than after it.
enum DaySoak {
    static let connection = "day"
    static let parallel = 6
    static let sessionCount = 60
    static let allowance = 2 * 1_048_576

    static func run(_ target: SoakTarget, runs: Int, seconds: Double, binDirectory: URL, seed: UInt64,
                    deadline: ContinuousClock.Instant) async throws -> SoakResult {
        guard let fixture = target.fixture else { throw SoakSetupError("the day needs the in-process fixture (it fires schedules)") }
        let start = ContinuousClock.now
        let home = try DayHome(target: target, binDirectory: binDirectory)
        defer { home.remove() }
        let notifications = fixture.startAutoNotifications()
        defer { notifications.stop() }
        let api = try target.api()
        var sessions: [String] = []
        for _ in 0..<sessionCount { sessions.append(try await api.createSession().id) }
        let probe = try await api.createSession()
        let schedules = SchedulesAPI(sender: .live(client: try SoakTarget.client(target.url, token: target.token)))
        let schedule = try await schedules.create(Conformance.definition(title: "Day soak schedule", agent: probe),
                                                  idempotencyKey: IdempotencyKey()).id
        let processes = try home.start()
        defer { processes.forEach { $0.stop() } }
        var random = SoakRandom(seed: seed)
        let plan = (0..<runs).map { index in
            DayRun(index: index, session: sessions[index % sessions.count],
                   kind: index % 25 == 0 ? .schedule(schedule) : Int.random(in: 0..<8, using: &random) == 0 ? .approval : .message)
        }
        // A reading after each quarter; the first quarter is the warm-up.
        let interval = Duration.milliseconds(Int(seconds * 1_000) / max(1, runs))
        var tally = DayTally()
        var readings: [[ProcessReading]] = []
        for quarter in 0..<4 {
            tally.add(try await play(plan[(runs * quarter / 4)..<(runs * (quarter + 1) / 4)], interval: interval, api: api,
                                     fixture: fixture, deadline: deadline))
            readings.append(try await settled(processes))
        }
        var figures: [(String, String)] = [("runs", "\(tally.done)/\(runs)"), ("approved", "\(tally.approved)"),
                                           ("schedule firings", "\(tally.fired)"), ("errors", "\(tally.errors)"),
                                           ("load", ProcessReading.loadAverage())]
        var held = tally.done == runs && tally.errors == 0
        for (index, process) in processes.enumerated() {
            let was = readings[0][index], now = readings[3][index]
            let curve = readings.map { String(format: "%.2f", Double($0[index].resident) / 1_048_576) }.joined(separator: " ")
            figures.append((process.name, "RSS after each quarter \(curve) MiB, after the warm-up "
                            + "\(String(format: "%+.2f", Double(now.resident - was.resident) / 1_048_576)) MiB; "
                            + "fds \(was.descriptors) -> \(now.descriptors)"
                            + (now.descriptors > was.descriptors ? " (\(now.descriptorsBeyond(was)))" : "")
                            + ", threads \(was.threads) -> \(now.threads)"))
            held = held && now.resident - was.resident < allowance && now.descriptors <= was.descriptors
                && now.threads <= was.threads && process.isRunning
        }
        if let failure = tally.firstFailure { figures.append(("first failure", failure)) }
        return SoakResult(name: "a day compressed (veetd and veet-tui)", figures: figures, held: held,
                          seconds: elapsed(since: start))
    }

    /// What each process holds once the quarter's work settled: the least of each figure over 10 s
    /// (the concurrency pool's idle threads and transient allocations are gone by then; a leak is not).
    static func settled(_ processes: [WatchedProcess]) async throws -> [ProcessReading] {
        var least = processes.map(\.reading)
        for _ in 0..<10 {
            try await Task.sleep(for: .seconds(1))
            least = zip(least, processes.map(\.reading)).map { $0.least($1) }
        }
        return least
    }

    /// Plays `runs`, one every `interval`, at most `parallel` at a time, each to its end.
    static func play(_ runs: ArraySlice<DayRun>, interval: Duration, api: ChatAPI, fixture: FixtureServer,
                     deadline: ContinuousClock.Instant) async throws -> DayTally {
        var tally = DayTally()
        var pending = runs
        let begin = ContinuousClock.now
        await withTaskGroup(of: DayOutcome.self) { group in
            func launch() {
                guard ContinuousClock.now < deadline, let next = pending.popFirst() else { return }
                let startAt = begin + interval * (next.index - runs.startIndex)
                group.addTask { await next.play(at: startAt, api: api, fixture: fixture) }
            }
            for _ in 0..<parallel { launch() }
            for await outcome in group {
                tally.add(outcome)
                launch()
            }
        }
        return tally
    }
}

struct DayRun: Sendable {
    enum Kind: Sendable { case message, approval, schedule(String) }
    var index: Int
    var session: String
    var kind: Kind

    /// Starts at `startAt` (its moment in the compressed day) and follows the run to its end.
    func play(at startAt: ContinuousClock.Instant, api: ChatAPI, fixture: FixtureServer) async -> DayOutcome {
        do {
            try await Task.sleep(until: startAt)
            let runID: String
            switch kind {
            case .schedule(let id):
                guard let fired = fixture.fireScheduleStartingRun(id) else { return DayOutcome(failure: "run \(index): not fired") }
                runID = fired.runID
            case .message, .approval:
                let text = kind.isApproval ? "day \(index): please approve a write" : "day \(index): a short answer"
                runID = try await api.submit(sessionID: session, content: [.text(text)], key: IdempotencyKey()).runID
            }
            var approved = 0
            let giveUp = Date().addingTimeInterval(60)
            while !(RunStatus(raw: fixture.runStatus(runID) ?? "COMPLETED").isTerminal) {
                guard Date() < giveUp else { return DayOutcome(failure: "run \(index) did not end") }
                for approval in fixture.pendingApprovalIDs(ofRun: runID) {
                    _ = try await api.resolve(approvalID: approval, decision: .approveOnce)
                    approved += 1
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            return DayOutcome(approved: approved, fired: kind.isSchedule ? 1 : 0)
        } catch {
            return DayOutcome(failure: "run \(index): \(error)")
        }
    }
}

extension DayRun.Kind {
    var isApproval: Bool { if case .approval = self { true } else { false } }
    var isSchedule: Bool { if case .schedule = self { true } else { false } }
}

struct DayOutcome: Sendable {
    var approved = 0
    var fired = 0
    var failure: String?
}

struct DayTally {
    var done = 0, errors = 0, approved = 0, fired = 0
    var firstFailure: String?

    mutating func add(_ outcome: DayOutcome) {
        done += 1
        approved += outcome.approved
        fired += outcome.fired
        if let failure = outcome.failure {
            errors += 1
            if firstFailure == nil { firstFailure = failure }
        }
    }

    mutating func add(_ other: DayTally) {
        done += other.done
        errors += other.errors
        approved += other.approved
        fired += other.fired
        firstFailure = firstFailure ?? other.firstFailure
    }
}
