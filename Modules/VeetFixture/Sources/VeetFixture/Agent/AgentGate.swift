import Foundation

/// Timing for the scripted agent.
struct AgentPacing: Sendable {
    /// Pause between consecutive events of a run.
    var stepDelay: TimeInterval
    /// Total length of the "slow" reply.
    var slowReplyDuration: TimeInterval
}

/// Lets tests hold queued runs and lets `stop()` interrupt every pause at once.
final class AgentGate: @unchecked Sendable {  // all mutable state guarded by `condition`
    private let condition = NSCondition()
    private var held = false
    private var stopped = false

    var isStopped: Bool { condition.withLock { stopped } }

    func setHeld(_ value: Bool) {
        condition.withLock {
            held = value
            condition.broadcast()
        }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Waits while runs are held; false once the server stops.
    func waitWhileHeld() -> Bool {
        condition.withLock {
            while held && !stopped { condition.wait() }
            return !stopped
        }
    }

    /// Sleeps, waking early on stop; false once the server stops.
    func sleep(_ seconds: TimeInterval) -> Bool {
        condition.withLock {
            let deadline = Date().addingTimeInterval(seconds)
            while !stopped && Date() < deadline {
                _ = condition.wait(until: deadline)
            }
            return !stopped
        }
    }
}

/// Starts scripted runs, each on its own thread.
struct AgentRunner: Sendable {
    let store: FixtureStore
    let gate: AgentGate
    let pacing: AgentPacing

    func start(runID: String) { spawn(runID: runID, resuming: false) }

    /// Continues a run after its approval was resolved or its question answered.
    func resume(runID: String) { spawn(runID: runID, resuming: true) }

    private func spawn(runID: String, resuming: Bool) {
        let driver = RunDriver(runID: runID, store: store, gate: gate, pacing: pacing)
        let thread = Thread { driver.play(resuming: resuming) }
        thread.name = "veet-fixture-run"
        thread.start()
    }
}
