import Foundation

/// Why polling stopped.
public enum PollEnd: Sendable, Hashable {
    /// The run ended with this status.
    case finished(RunStatus)
    /// Three reads in a row failed; the last error's summary.
    case unreadable(String)
    /// The run was still going when the time limit came.
    case timedOut(RunStatus)
}
