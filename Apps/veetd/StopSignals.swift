import Foundation
import Glibc

/// SIGTERM and SIGINT stop the daemon. `block()` runs first in main, while the
/// main thread is the only one, so every thread started later inherits the
/// mask: a signal sent at any moment (even before the daemon is set up) stays
/// pending until the stopper thread's sigwait takes it, instead of killing the
/// daemon uncleanly or landing before a handler exists and being dropped.
/// No thread may wait with them unblocked: dispatch_main (an async main) does,
/// in sigsuspend, so the main thread parks here instead.
enum StopSignals {
    static func block() {
        var set = stopSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Calls `stop` (outside signal context and the main actor) for each SIGTERM
    /// or SIGINT, on a thread of its own; `stop` may be called more than once.
    static func onSignal(_ stop: @escaping @Sendable () -> Void) {
        Thread {
            var set = stopSet()
            var received: Int32 = 0
            while true {
                if sigwait(&set, &received) == 0 { stop() }
            }
        }.start()
    }

    /// Keeps the main thread (whose work is done) with the stop signals blocked
    /// until the daemon exits. pause() returns only for a caught signal; a
    /// blocked one stays for sigwait.
    static func parkMainThread() -> Never {
        while true { pause() }
    }

    private static func stopSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}
