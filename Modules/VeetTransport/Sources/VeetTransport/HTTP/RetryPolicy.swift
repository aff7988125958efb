import Foundation

/// When and how long to wait before sending a request again.
public struct RetryPolicy: Sendable {
    public enum Jitter: Sendable, Hashable {
        /// Exactly the exponential delay (tests, or a single client).
        case none
        /// Uniform in 0...delay: spreads a crowd of clients the most.
        case full
        /// Uniform in delay/2...delay: spreads them while keeping a floor.
        case equal
    }

    /// Attempts in total, the first one included (4 = one try and three retries).
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured; a server asking for more gets this much.
    public var maxRetryAfter: Duration
    public var jitter: Jitter
    /// A number in 0..<1. Injected so tests can pin the jitter.
    public var randomUnit: @Sendable () -> Double

    public init(maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(4),
                maxRetryAfter: Duration = .seconds(60), jitter: Jitter = .full,
                randomUnit: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.jitter = jitter
        self.randomUnit = randomUnit
    }

    public static var standard: RetryPolicy { RetryPolicy() }
    /// One attempt, no retry.
    public static var never: RetryPolicy { RetryPolicy(maxAttempts: 1) }

    /// The wait after attempt number `attempt` (1 for the first try) failed:
    /// `baseDelay` doubling per attempt up to `maxDelay`, jittered, and never
    /// shorter than the server's `Retry-After` (itself capped at `maxRetryAfter`).
    public func delay(forAttempt attempt: Int, retryAfter: Duration? = nil) -> Duration {
        let doublings = min(max(attempt, 1) - 1, 30)
        let exponential = min(baseDelay * (1 << doublings), maxDelay)
        let unit = min(max(randomUnit(), 0), 1)
        let jittered: Duration = switch jitter {
        case .none: exponential
        case .full: exponential * unit
        case .equal: exponential / 2 + (exponential / 2) * unit
        }
        guard let retryAfter else { return jittered }
        return max(jittered, min(max(retryAfter, .zero), maxRetryAfter))
    }

    /// 429 and every 5xx may succeed later; other answers are definite.
    public func shouldRetry(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// No answer arrived, so the request may be sent again (with the same
    /// idempotency key), unless it was cancelled, redirected or stopped by
    /// the proxy (a refused tunnel or wrong proxy credentials stay so).
    public func shouldRetry(error: Error) -> Bool {
        guard let transport = error as? TransportError else { return false }
        return ![.redirectRefused, .cancelled, .proxy].contains(transport.kind)
    }
}
