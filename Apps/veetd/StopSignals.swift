import Dispatch
import Glibc

/// SIGTERM and SIGINT stop the daemon. The handlers run on a Dispatch queue,
/// not in signal context, and outside the main actor (top-level code is on it).
func installStopSignals(_ stop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
    [SIGTERM, SIGINT].map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler(handler: stop)
        source.resume()
        return source
    }
}
