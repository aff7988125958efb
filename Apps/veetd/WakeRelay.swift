import Synchronization

/// Lets the run hub (built before the daemon) wake the daemon's loop.
final class WakeRelay: Sendable {
    private let target = Mutex<Wakeup?>(nil)
    func connect(_ wakeup: Wakeup) { target.withLock { $0 = wakeup } }
    func poke() { target.withLock { $0 }?.poke() }
}
