import Foundation
import Synchronization

/// Lets the main loop sleep until a deadline or until something happens
/// (a sync request, a run event that may raise an alert, shutdown).
final class Wakeup: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var poked = false
    }

    private let state = Mutex(State())

    func poke() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.poked = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at `deadline` or at the first poke (including one that came before the call).
    func wait(until deadline: Date) async {
        let delay = deadline.timeIntervalSinceNow
        guard delay > 0 else { return }
        let timer = Task { [self] in
            try? await Task.sleep(for: .milliseconds(Int(min(delay, 86_400) * 1000) + 1))
            if !Task.isCancelled { poke() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.poked {
                    state.poked = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
        timer.cancel()
        state.withLock { $0.poked = false }
    }
}
