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

/// Whether an error is the client's own cancellation (a task cancelled, a
/// connection replaced): never shown as a connection error.
public enum QuietFailure {
    public static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        return (error as? TransportError)?.kind == .cancelled
    }
}
