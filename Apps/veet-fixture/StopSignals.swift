import Foundation
import Glibc

func blockStopSignals() {
    var set = stopSignalSet()
    pthread_sigmask(SIG_BLOCK, &set, nil)
}

/// SIGINT and SIGTERM, the signals that stop the server.
func stopSignalSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    return set
}

/// Waits on the main thread, whose work is done, for SIGINT or SIGTERM (kept
/// pending by the mask if it came earlier), then stops the server and exits 0.
/// Not dispatchMain: it parks the main thread in sigsuspend with an empty mask,
/// where a SIGTERM would end the process by its default action (seen: exit 143).
func serveUntilStopSignal(_ stop: () -> Void) -> Never {
    var set = stopSignalSet()
    var received: Int32 = 0
    while sigwait(&set, &received) != 0 {}
    stop()
    exit(0)
}

/// veet-fixture: the reference Veetbot server as a program.
