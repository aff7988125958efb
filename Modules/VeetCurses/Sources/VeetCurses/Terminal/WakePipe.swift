import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The self-pipe an event loop sleeps on beside its other descriptors: any
/// thread calls `wake()` and the loop's `poll` returns. Wakes between two
/// drains are coalesced into one byte, so a burst of posts costs one write
/// and one read, and the pipe never fills. Both ends are non-blocking and
/// close-on-exec (a child program never inherits them); they close with the
/// object, so a late `wake()` from a background task never writes to a
/// descriptor number the process reused.
public final class WakePipe: Sendable {
    /// The end a loop polls for `POLLIN`.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    /// True from a `wake()` until the next `drain()`: later wakes write nothing.
    private let pending = Atomic<Bool>(false)

    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        } else {
            fds = [-1, -1]
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    /// Makes the loop's next (or current) wait return. Thread-safe; cheap when already pending.
    public func wake() {
        guard writeDescriptor >= 0, !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe; the loop calls it when `readDescriptor` polled readable,
    /// before it looks at what the wakers left for it (so a wake after that look is not lost).
    public func drain() { drain(midway: {}) }

    /// The pipe is emptied first and the pending mark cleared after: a wake between the two writes
    /// nothing (its caller's work is seen by the look that follows), and every wake after the clear
    /// writes a byte. Cleared first, a wake in between wrote a byte the read then swallowed and left
    /// the mark set, so no later wake wrote anything and the loop slept to its next deadline.
    /// `midway` runs between the two (tests).
    func drain(midway: () -> Void) {
        guard readDescriptor >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &bytes, bytes.count) > 0 {}
        midway()
        pending.store(false, ordering: .sequentiallyConsistent)
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) for a wake. True when one came.
    /// For a loop that has no other descriptor (and for tests).
    public func wait(timeoutMilliseconds: Int32) -> Bool {
        guard readDescriptor >= 0 else { return false }
        var waits = [pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&waits, 1, timeoutMilliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            drain()
            return true
        }
    }
}
