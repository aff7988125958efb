import Foundation

/// A value behind a lock, for small pieces of shared server state.
final class Locked<Value>: @unchecked Sendable {  // `value` is only touched while `lock` is held
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func read<T>(_ body: (Value) -> T) -> T { lock.withLock { body(value) } }

    func update<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }

    var current: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
