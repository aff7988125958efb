import Foundation

/// One open event-stream connection's queue of frames.
///
/// The store pushes frames while holding its own lock (so persisted and transient
/// frames keep their order); the connection thread pops them here.
final class StreamSubscriber: @unchecked Sendable {  // all mutable state guarded by `condition`
    struct Frame {
        var text: String
        /// Session sequence of a persisted frame; nil for transient frames.
        var sequence: Int64?
        var isTerminal: Bool
    }

    enum Next {
        case frame(Frame)
        /// Nothing arrived within the wait (time for a heartbeat).
        case idle
        /// The run ended and every queued frame was taken.
        case ended
        /// The server is stopping.
        case closed
    }

    /// Persisted frames at or below this sequence are never delivered.
    let afterSequence: Int64
    private let condition = NSCondition()
    private var pending: [Frame] = []
    private var ended = false
    private var closed = false

    init(afterSequence: Int64, backlog: [Frame], ended: Bool) {
        self.afterSequence = afterSequence
        self.pending = backlog
        self.ended = ended
    }

    func push(_ frame: Frame) {
        condition.withLock {
            if let sequence = frame.sequence, sequence <= afterSequence { return }
            pending.append(frame)
            condition.broadcast()
        }
    }

    /// The run reached its terminal event: deliver what is queued, then end.
    func markEnded() {
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }

    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    func next(waitingAtMost timeout: TimeInterval) -> Next {
        condition.withLock {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                if closed { return .closed }
                if !pending.isEmpty { return .frame(pending.removeFirst()) }
                if ended { return .ended }
                if !condition.wait(until: deadline) {
                    if closed { return .closed }
                    if !pending.isEmpty { return .frame(pending.removeFirst()) }
                    return ended ? .ended : .idle
                }
            }
        }
    }
}
