import VeetTransport
/// The pure state of a reconnecting run stream: the resume cursor, the
/// de-duplication set and the reconnect budget. No I/O, so every rule of
/// docs/wire/streaming.md §4 is testable without a connection.
struct RunStreamBookkeeping: Sendable {
    enum Disposition: Equatable {
        /// Deliver the frame.
        case deliver
        /// Already seen: drop it.
        case drop
        /// The run is over: deliver the frame (unless it is a duplicate) and end the stream.
        case finish(deliver: Bool)
        /// `stream.overflow`: end this connection and reconnect from the (raised) cursor.
        case overflow(lastSequence: Int64?)
    }

    enum Next: Equatable {
        case reconnect(attempt: Int, after: Duration)
        case giveUp(reconnects: Int, withoutProgress: Int)
    }

    let policy: ReconnectPolicy
    /// The highest persisted sequence received; sent back as `Last-Event-ID`.
    private(set) var cursor: Int64?
    private(set) var seen: Set<Int64>
    private(set) var consecutiveWithoutProgress = 0
    private(set) var totalReconnects = 0
    /// New (not previously seen) persisted frames on the current connection.
    private var newOnThisConnection = 0

    init(cursor: Int64?, seen: Set<Int64>, policy: ReconnectPolicy) {
        self.cursor = cursor
        self.seen = seen
        self.policy = policy
    }

    /// Request headers for the next connection: never a `Last-Event-ID` without a cursor.
    var headers: [String: String] {
        var headers = ["Accept": "text/event-stream"]
        if let cursor { headers["Last-Event-ID"] = String(cursor) }
        return headers
    }

    mutating func accept(_ frame: RunEventFrame) -> Disposition {
        if case .streamOverflow(let overflow) = frame.event {
            if let last = overflow.lastSequence { advanceCursor(to: last) }
            return .overflow(lastSequence: overflow.lastSequence)
        }
        var isNew = true
        if let sequence = frame.sequence {
            advanceCursor(to: sequence)
            isNew = seen.insert(sequence).inserted
            if isNew { newOnThisConnection += 1 }
        }
        if frame.isTerminal { return .finish(deliver: isNew) }
        return isNew ? .deliver : .drop
    }

    /// A connection ended before the terminal event: reconnect or give up.
    mutating func connectionEnded(byOverflow: Bool) -> Next {
        if newOnThisConnection > 0 && !byOverflow { consecutiveWithoutProgress = 0 }
        newOnThisConnection = 0
        consecutiveWithoutProgress += 1
        totalReconnects += 1
        if consecutiveWithoutProgress > policy.maxConsecutiveWithoutProgress
            || totalReconnects > policy.maxTotalReconnects {
            return .giveUp(reconnects: totalReconnects - 1, withoutProgress: consecutiveWithoutProgress - 1)
        }
        return .reconnect(attempt: consecutiveWithoutProgress,
                          after: policy.delay(forAttempt: consecutiveWithoutProgress))
    }

    private mutating func advanceCursor(to sequence: Int64) {
        cursor = max(cursor ?? sequence, sequence)
    }
}
