import Foundation
import VeetTransport

/// When Email may start a mailbox refresh (docs/email.md, Refresh): when it
/// opens or returns to the foreground, then at most once every 60 seconds
/// while it stays visible, and never while hidden.
public struct RefreshAdmission: Sendable, Hashable {
    public static let interval: TimeInterval = 60

    public private(set) var isVisible = false
    public private(set) var lastAdmitted: Date?

    public init() {}

    /// Email opened or came back: admits a refresh now.
    public mutating func becameVisible(at now: Date) -> Bool {
        isVisible = true
        lastAdmitted = now
        return true
    }

    /// Email was hidden or backgrounded: nothing more is admitted until it is visible again.
    public mutating func becameHidden() {
        isVisible = false
    }

    /// A periodic check while Email is on screen: admits when 60 s have passed since the last admission.
    public mutating func tick(at now: Date) -> Bool {
        guard isVisible else { return false }
        if let lastAdmitted, now.timeIntervalSince(lastAdmitted) < Self.interval { return false }
        lastAdmitted = now
        return true
    }
}

/// How an email operation is polled (docs/wire/email.md §13: 1 s for the first 10 s,
/// then back off to 5 s) and when polling gives up: after three consecutive
/// failed status reads, until the next admitted refresh (docs/email.md, Refresh).
public struct OperationPolling: Sendable, Hashable {
    public static let failureLimit = 3
    public static let firstPhase: TimeInterval = 10

    public private(set) var consecutiveFailures = 0
    public private(set) var elapsed: TimeInterval = 0

    public init() {}

    /// True once three reads in a row failed: stop until the next admitted refresh.
    public var hasStopped: Bool { consecutiveFailures >= Self.failureLimit }

    /// The wait before the next read after a read that answered.
    public mutating func nextDelayAfterAnswer() -> TimeInterval {
        consecutiveFailures = 0
        let delay: TimeInterval = elapsed < Self.firstPhase ? 1 : min(5, 1 + (elapsed - Self.firstPhase) / 2 + 1)
        elapsed += delay
        return delay
    }

    /// The wait before retrying the same operation after a failed read (1, 2, 4 s…, at most 5),
    /// or nil when polling has stopped.
    public mutating func nextDelayAfterFailure() -> TimeInterval? {
        consecutiveFailures += 1
        guard !hasStopped else { return nil }
        let delay = min(5, pow(2, Double(consecutiveFailures - 1)))
        elapsed += delay
        return delay
    }
}

/// Whether an error is the client's own cancellation (a task cancelled, a
/// connection replaced): never shown as a connection error.
public enum QuietFailure {
    public static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        return (error as? TransportError)?.kind == .cancelled
    }
}
