import Foundation

/// Fixed settings of a `FixtureServer`.
public struct FixtureOptions: Sendable, Equatable {
    /// Seconds of silence after which an event stream gets `: heartbeat` (the snapshot uses 15).
    public var heartbeatInterval: TimeInterval
    /// Pause between consecutive events of a scripted run (clients can attach mid-run).
    public var stepDelay: TimeInterval
    /// Total duration of the reply to a prompt containing "slow" (twenty deltas).
    public var slowReplyDuration: TimeInterval
    /// Largest accepted request body (bytes); larger is `413 payload_too_large`.
    public var maximumBodyBytes: Int
    /// Largest accepted request line plus headers (bytes); larger is a plain `431`.
    public var maximumHeaderBytes: Int
    /// A keep-alive connection idle this long is closed.
    public var idleConnectionTimeout: TimeInterval
    /// Start with queued runs held (see `FixtureServer.holdRuns(_:)`).
    public var holdRuns: Bool

    public init(
        heartbeatInterval: TimeInterval = 15, stepDelay: TimeInterval = 0.05, slowReplyDuration: TimeInterval = 10,
        maximumBodyBytes: Int = 1_048_576, maximumHeaderBytes: Int = 65_536, idleConnectionTimeout: TimeInterval = 120,
        holdRuns: Bool = false
    ) {
        self.heartbeatInterval = heartbeatInterval
        self.stepDelay = stepDelay
        self.slowReplyDuration = slowReplyDuration
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumHeaderBytes = maximumHeaderBytes
        self.idleConnectionTimeout = idleConnectionTimeout
        self.holdRuns = holdRuns
    }

    /// Fast settings for tests: 0.2 s heartbeat, 1 ms steps, 0.5 s slow reply.
    public static var testing: FixtureOptions {
        FixtureOptions(heartbeatInterval: 0.2, stepDelay: 0.001, slowReplyDuration: 0.5)
    }
}
