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
/// raises the inbox notifications of the runs that wait (`--auto-notify`). After a
/// quarter of the runs (the warm-up) and again after the last one (and a settle),
/// it reads each process's resident memory, open file descriptors and threads. It
/// holds when each grew less than 2 MiB and neither holds more descriptors or
/// threads than after the warm-up.
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
        let first = ContinuousClock.now
        let plan = (0..<runs).map { index in
            DayRun(index: index, startAt: first + .milliseconds(Int(seconds * 1_000) * index / max(1, runs)),
                   session: sessions[index % sessions.count],
                   kind: index % 25 == 0 ? .schedule(schedule) : Int.random(in: 0..<8, using: &random) == 0 ? .approval : .message)
        }
        let warmUp = max(1, runs / 4)
        var tally = try await play(plan[..<warmUp], api: api, fixture: fixture, deadline: deadline)
        try await Task.sleep(for: .seconds(5))
        let before = processes.map(\.reading)
        tally.add(try await play(plan[warmUp...], api: api, fixture: fixture, deadline: deadline))
        try await Task.sleep(for: .seconds(5))
        let after = processes.map(\.reading)
        var figures: [(String, String)] = [("runs", "\(tally.done)/\(runs)"), ("approved", "\(tally.approved)"),
                                           ("schedule firings", "\(tally.fired)"), ("errors", "\(tally.errors)"),
                                           ("load", ProcessReading.loadAverage())]
        var held = tally.done == runs && tally.errors == 0
        for (process, (was, now)) in zip(processes, zip(before, after)) {
            figures.append((process.name, "RSS \(Memory.mebibytes(was.resident)) -> \(Memory.mebibytes(now.resident)) "
                            + "(\(String(format: "%+.2f", Double(now.resident - was.resident) / 1_048_576)) MiB), "
                            + "fds \(was.descriptors) -> \(now.descriptors), threads \(was.threads) -> \(now.threads)"))
            held = held && now.resident - was.resident < allowance && now.descriptors <= was.descriptors
                && now.threads <= was.threads && process.isRunning
        }
        if let failure = tally.firstFailure { figures.append(("first failure", failure)) }
        return SoakResult(name: "a day compressed (veetd and veet-tui)", figures: figures, held: held,
                          seconds: elapsed(since: start))
    }

    /// Plays `runs`, `parallel` at a time, each to its end.
    static func play(_ runs: ArraySlice<DayRun>, api: ChatAPI, fixture: FixtureServer,
                     deadline: ContinuousClock.Instant) async throws -> DayTally {
        var tally = DayTally()
        var pending = runs
        await withTaskGroup(of: DayOutcome.self) { group in
            func launch() {
                guard ContinuousClock.now < deadline, let next = pending.popFirst() else { return }
                group.addTask { await next.play(api: api, fixture: fixture) }
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
    /// Its moment in the compressed day.
    var startAt: ContinuousClock.Instant
    var session: String
    var kind: Kind

    func play(api: ChatAPI, fixture: FixtureServer) async -> DayOutcome {
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
