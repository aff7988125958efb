import Foundation

/// A value behind an `NSLock`. The proxy uses this rather than `Mutex`: on
/// Linux a contended `Mutex` waits in an uninstrumented futex path that
/// ThreadSanitizer cannot see, so `make sanitize` reported false races on
/// the proxy's connection list; pthread mutexes are seen.
public final class Guarded<Value: Sendable>: @unchecked Sendable {  // `value` is only touched while `lock` is held
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
