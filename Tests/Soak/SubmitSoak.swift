import FaultProxyCore
import Foundation
import VeetChat
import VeetTransport

/// Submissions whose answer is dropped after the server applied them (1 to 3
/// times in a row), retried by the client with the same idempotency key: each
/// intent must make exactly one run. Runs are counted from the transcript (user
/// messages), which any server offers, and from the fixture when it is in process.
enum SubmitSoak {
    static let parallel = 4

    static func run(_ target: SoakTarget, count: Int, seed: UInt64, deadline: ContinuousClock.Instant) async throws -> SoakResult {
        let start = ContinuousClock.now
        // Drops still owed per session: the proxy drops that many answers to its submissions.
        let owed = ThreadLock<[String: Int]>([:])
        let proxy = try FaultProxy(upstream: target.url) { line in
            guard line.hasPrefix("POST "), line.contains("/messages") else { return .passThrough }
            let parts = line.split(separator: "/")
            guard parts.count > 3 else { return .passThrough }
            let session = String(parts[3]).lowercased()
            return owed.withLock { owed in
                guard let left = owed[session], left > 0 else { return .passThrough }
                owed[session] = left - 1
                return .dropAnswer
            }
        }
        defer { proxy.stop() }
        let direct = try target.api()
        let viaProxy = try target.api(proxy.url)
        var random = SoakRandom(seed: seed)
        var plans = (0..<count).map { _ in Int.random(in: 1...3, using: &random) }[...]
        var tally = Tally()
        await withTaskGroup(of: Outcome.self) { group in
            func launch() -> Bool {
                guard ContinuousClock.now < deadline, let drops = plans.popFirst() else { return false }
                let index = count - plans.count - 1
                group.addTask {
                    await one(index: index, drops: drops, direct: direct, viaProxy: viaProxy, target: target, owed: owed)
                }
                return true
            }
            for _ in 0..<parallel where !launch() { break }
            for await outcome in group {
                tally.add(outcome)
                _ = launch()
            }
        }
        let stats = proxy.stats
        var figures: [(String, String)] = [
            ("intents", "\(tally.done)/\(count)"), ("answers dropped after apply", "\(stats.faults["drop"] ?? 0)"),
            ("submit requests", "\(stats.requests)"),
            ("runs per intent", tally.histogram.keys.sorted().map { "\($0):\(tally.histogram[$0]!)" }.joined(separator: " ")),
            ("errors", "\(tally.errors)"),
        ]
        if let firstFailure = tally.firstFailure { figures.append(("first failure", firstFailure)) }
        let held = tally.done == count && tally.errors == 0 && tally.histogram.keys.allSatisfy { $0 == 1 }
        return SoakResult(name: "dropped-after-apply submissions", figures: figures, held: held, seconds: elapsed(since: start))
    }

    struct Outcome: Sendable {
        var runs: Int?
        var failure: String?
    }

    struct Tally {
        var done = 0
        var errors = 0
        var histogram: [Int: Int] = [:]
        var firstFailure: String?

        mutating func add(_ outcome: Outcome) {
            done += 1
            if let runs = outcome.runs { histogram[runs, default: 0] += 1 }
            if outcome.runs == nil { errors += 1 }
            if let failure = outcome.failure, firstFailure == nil { firstFailure = failure }
        }
    }

    static func one(index: Int, drops: Int, direct: ChatAPI, viaProxy: ChatAPI, target: SoakTarget,
                    owed: ThreadLock<[String: Int]>) async -> Outcome {
        do {
            let session = try await direct.createSession().id
            owed.withLock { $0[session.lowercased()] = drops }
            _ = try await viaProxy.submit(sessionID: session, content: [.text("soak intent \(index)")], key: IdempotencyKey())
            let userMessages = try await direct.transcript(sessionID: session).filter { $0.role == .user }.count
            var runs = userMessages
            if let fixture = target.fixture { runs = max(runs, fixture.runCount(inSession: session)) }
            return Outcome(runs: runs, failure: runs == 1 ? nil : "intent \(index): \(runs) runs after \(drops) drops")
        } catch {
            return Outcome(runs: nil, failure: "intent \(index): \(error)")
        }
    }
}
