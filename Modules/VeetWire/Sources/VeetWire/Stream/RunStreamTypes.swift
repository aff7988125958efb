import VeetTransport
/// When and how often a run stream reconnects (docs/wire/streaming.md §4): backoff
/// 0.25 s doubling to a 4 s cap; give up after 8 consecutive reconnects
/// without progress or 32 in total.
public struct ReconnectPolicy: Sendable, Hashable {
    public var initialDelay: Duration
    public var maxDelay: Duration
    /// Reconnects in a row that delivered no new persisted event before giving up.
    public var maxConsecutiveWithoutProgress: Int
    /// Reconnects over the whole life of the stream before giving up.
    public var maxTotalReconnects: Int

    public init(initialDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(4),
                maxConsecutiveWithoutProgress: Int = 8, maxTotalReconnects: Int = 32) {
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.maxConsecutiveWithoutProgress = maxConsecutiveWithoutProgress
        self.maxTotalReconnects = maxTotalReconnects
    }

    public static let `default` = ReconnectPolicy()

    /// The wait before the `attempt`-th consecutive reconnect (1-based).
    public func delay(forAttempt attempt: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(attempt, 1) {
            delay *= 2
            if delay >= maxDelay { return maxDelay }
        }
        return min(delay, maxDelay)
    }
}

/// What a run stream delivers: frames, plus connection notices a UI can show.
public enum RunStreamOutput: Sendable, Hashable {
    /// The server accepted the (re)connection; frames follow.
    case connected
    /// A frame, already de-duplicated. `stream.overflow` is handled inside
    /// the stream (reported as `.interrupted(.overflow)`), never delivered here.
    case frame(RunEventFrame)
    /// The server's keep-alive comment arrived (every 15 s of silence).
    case heartbeat
    /// The connection ended before the run's terminal event; a reconnect follows unless the stream gives up.
    case interrupted(RunStreamInterruption)
    /// Waiting `after` before reconnect number `attempt` of the current run
    /// of reconnects without progress (1 after any progress).
    case reconnecting(attempt: Int, after: Duration)
}

/// Why a connection ended early.
public enum RunStreamInterruption: Sendable, Hashable {
    /// The server closed the stream before a terminal event (proxy timeout, restart, deploy).
    case endOfStream
    /// The client read too slowly; the server sent `stream.overflow` and closed.
    case overflow(lastSequence: Int64?)
    /// The network failed or the connection was cut.
    case transport(TransportError)
}

/// The run stream stopped trying.
public enum RunStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Too many reconnects without progress (or in total); `lastProblem` says what ended the last connection.
    case gaveUp(runID: String, reconnects: Int, withoutProgress: Int, lastProblem: String)

    public var description: String {
        switch self {
        case .gaveUp(let runID, let reconnects, let withoutProgress, let lastProblem):
            "Lost the event stream of run \(runID) and gave up after \(reconnects) reconnects "
                + "(\(withoutProgress) in a row without new events). Last problem: \(lastProblem)"
        }
    }
}

extension RunStreamInterruption: CustomStringConvertible {
    public var description: String {
        switch self {
        case .endOfStream: "the server closed the stream before the run ended"
        case .overflow(let last): "the server dropped the stream because it was read too slowly"
            + (last.map { " (last sequence \($0))" } ?? "")
        case .transport(let error): error.description
        }
    }
}
