/// How a durable email operation (`EmailOperation`) is polled until it ends, one rule for every
/// feature that starts one (docs/wire/email.md §13, docs/wire/subscriptions.md §7): a read every
/// second for the first ten seconds, then 2, 3, 4 and at most 5 seconds apart; a read that fails is
/// retried after 1, then 2 seconds, and the third failure in a row stops the polling (the status is
/// unreadable until the next refresh); an answer resets the failure count. A caller that must not
/// wait forever sets `limit` and stops once `hasReachedLimit`.
///
/// A value the caller steps: ask for the wait after each read, sleep it, read again.
public struct OperationPolling: Sendable, Hashable {
    public var fastInterval: Duration = .seconds(1)
    public var fastPeriod: Duration = .seconds(10)
    public var slowInterval: Duration = .seconds(5)
    public var maximumConsecutiveFailures = 3
    /// Past this much waiting the caller stops and takes what it has; nil never stops on time.
    public var limit: Duration?

    /// The waits handed out so far (the time since the first read, sleeping aside).
    public private(set) var elapsed: Duration = .zero
    public private(set) var consecutiveFailures = 0
    private var slowReads = 0

    public init(limit: Duration? = nil) {
        self.limit = limit
    }

    /// For a caller that must end on its own (a command settling its rows): two minutes at most.
    public static let bounded = OperationPolling(limit: .seconds(120))

    /// True once `maximumConsecutiveFailures` reads in a row failed.
    public var hasStopped: Bool { consecutiveFailures >= maximumConsecutiveFailures }

    /// True once the waits handed out reach `limit`.
    public var hasReachedLimit: Bool { limit.map { elapsed >= $0 } ?? false }

    /// The wait before the next read, after a read that answered.
    public mutating func nextDelayAfterAnswer() -> Duration {
        consecutiveFailures = 0
        let delay: Duration
        if elapsed < fastPeriod {
            delay = fastInterval
        } else {
            slowReads += 1
            delay = min(fastInterval * (slowReads + 1), slowInterval)
        }
        elapsed += delay
        return delay
    }

    /// The wait before reading again after a failed read, or nil once polling has stopped.
    public mutating func nextDelayAfterFailure() -> Duration? {
        consecutiveFailures += 1
        guard !hasStopped else { return nil }
        let delay = min(fastInterval * (1 << (consecutiveFailures - 1)), slowInterval)
        elapsed += delay
        return delay
    }
}
