import Foundation

/// How a durable operation is polled (docs/wire/subscriptions.md §7, docs/wire/email.md §13): every second for the
/// first ten seconds, then backing off to every five; a read that fails counts,
/// and three failures in a row stop the polling (the status is unreadable);
/// past `limit` the polling stops too and the rows are read back as they are.
public struct OperationPolling: Sendable, Hashable {
    public var fastInterval: Duration = .seconds(1)
    public var fastPeriod: Duration = .seconds(10)
    public var slowInterval: Duration = .seconds(5)
    public var limit: Duration = .seconds(120)
    public var maximumConsecutiveFailures = 3

    public init() {}

    public static let standard = OperationPolling()

    /// The wait before the next read, `elapsed` after the command: 1 s, then
    /// 2, 3, 4 and 5 s once the fast period is over.
    public func interval(after elapsed: Duration, slowReads: Int) -> Duration {
        guard elapsed >= fastPeriod else { return fastInterval }
        let stepped = fastInterval * (slowReads + 2)
        return min(stepped, slowInterval)
    }
}

/// Why polling stopped.
public enum PollEnd: Sendable, Hashable {
    /// The run ended with this status.
    case finished(RunStatus)
    /// Three reads in a row failed; the last error's summary.
    case unreadable(String)
    /// The run was still going when the time limit came.
    case timedOut(RunStatus)
}
