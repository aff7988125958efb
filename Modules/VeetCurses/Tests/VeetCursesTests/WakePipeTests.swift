import Testing
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
@testable import VeetCurses

/// The self-pipe an event-driven loop sleeps on (TerminalSession's `waker`).
@Suite struct WakePipeTests {
    @Test func aWaitWithNothingPostedTimesOut() {
        let pipe = WakePipe()
        #expect(pipe.readDescriptor >= 0)
        #expect(!pipe.wait(timeoutMilliseconds: 0))
    }

    @Test func aWakeFromAnotherThreadEndsTheWait() {
        let pipe = WakePipe()
        DispatchQueue.global().async { pipe.wake() }
        // Forever, unless the wake reaches it: a lost wake hangs the test (and fails it on the time limit).
        #expect(pipe.wait(timeoutMilliseconds: 10_000))
        #expect(!pipe.wait(timeoutMilliseconds: 0))
    }

    @Test func wakesBeforeADrainAreOneByte() {
        let pipe = WakePipe()
        for _ in 0..<10_000 { pipe.wake() }
        var available: Int32 = 0
        _ = ioctl(pipe.readDescriptor, UInt(FIONREAD), &available)
        #expect(available == 1)
        #expect(pipe.wait(timeoutMilliseconds: 0))
        #expect(!pipe.wait(timeoutMilliseconds: 0))
        // After the drain, the next wake writes again.
        pipe.wake()
        #expect(pipe.wait(timeoutMilliseconds: 0))
    }

    /// A wake that lands while the loop drains is not lost, and neither is any wake after it.
    @Test func aWakeDuringADrainLeavesLaterWakesWorking() {
        let pipe = WakePipe()
        pipe.wake()
        pipe.drain(midway: { pipe.wake() })
        #expect(!pipe.wait(timeoutMilliseconds: 0), "the midway wake's work is the look after the drain")
        pipe.wake()
        #expect(pipe.wait(timeoutMilliseconds: 100), "a later wake was swallowed: the loop would sleep to its deadline")
    }

    @Test func theDescriptorsAreNotInheritedByAChild() {
        let pipe = WakePipe()
        #expect(fcntl(pipe.readDescriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(pipe.readDescriptor, F_GETFL) & O_NONBLOCK != 0)
    }
}
