import Foundation

/// A value behind an `NSLock` (a pthread mutex underneath), for VeetTransport
/// and the packages on it (VeetStore, the fault proxy, veetd).
///
/// Why not `Synchronization.Mutex`: on Linux a contended `Mutex` waits in a
/// futex path ThreadSanitizer does not instrument, so the next holder looks
/// unsynchronized and `make sanitize` reports a race that is not there
/// (it did, on VeetStore's reader pool and on `BoundedHandoff`). A pthread mutex is seen, so a report under
/// this lock is a real one.
public final class ThreadLock<Value>: @unchecked Sendable {  // `value` is only touched while `lock` is held
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
