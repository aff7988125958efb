import VeetStore
import VeetTransport

/// What the owner's message shows under it, read off its outbox entry: the
/// one rule every frontend draws, so a message that did not go out never
/// looks sent (issue 14 item 2).
public enum SendState: Sendable, Hashable {
    /// The server has it (or there is no entry left to speak of): nothing under it.
    case delivered
    /// This client is delivering it right now: nothing under it yet.
    case sending
    /// It did not go out. `canRetry` is false for a final refusal (the same
    /// message would be refused again), whose `reason` is the server's.
    case notSent(entryID: Int64, reason: String?, canRetry: Bool)
    /// An attempt reached no definite answer: the server may have it. The
    /// entry keeps its key, so trying again makes at most one run.
    case uncertain(entryID: Int64)

    /// The state of `entry` (nil: gone, i.e. confirmed and pruned, or discarded).
    /// `isBeingDelivered`: this process is delivering it now, so `queued` and
    /// `sending` are in progress rather than left behind.
    public init(entry: OutboxEntry?, isBeingDelivered: Bool) {
        guard let entry else { self = .delivered; return }
        self.init(entryID: entry.id, state: entry.state, lastError: entry.lastError, isBeingDelivered: isBeingDelivered)
    }

    /// The same rule on an entry's facts.
    public init(entryID: Int64, state: OutboxState, lastError: String?, isBeingDelivered: Bool) {
        switch state {
        case .confirmed:
            self = .delivered
        case .refused:
            self = .notSent(entryID: entryID, reason: lastError, canRetry: false)
        case .queued:
            self = isBeingDelivered ? .sending : .notSent(entryID: entryID, reason: nil, canRetry: true)
        case .sending:
            // Left in `sending` by a process that stopped waiting: no answer was ever read.
            self = isBeingDelivered ? .sending : .uncertain(entryID: entryID)
        case .failed:
            self = Self.answerWasLost(lastError)
                ? .uncertain(entryID: entryID) : .notSent(entryID: entryID, reason: nil, canRetry: true)
        }
    }

    /// The line under the message (nil: none).
    public var line: String? {
        switch self {
        case .delivered, .sending: nil
        case .notSent(_, _, true): Self.notSentLine
        case .notSent(_, let reason, false):
            "Not sent: the server refused it" + (reason.map { " (\($0))" } ?? "") + " · x to discard"
        case .uncertain: Self.uncertainLine
        }
    }

    /// The outbox entry Enter and x act on (nil: nothing to act on).
    public var entryID: Int64? {
        switch self {
        case .delivered, .sending: nil
        case .notSent(let id, _, _), .uncertain(let id): id
        }
    }

    /// Enter delivers it again with its key.
    public var canRetry: Bool {
        switch self {
        case .notSent(_, _, let canRetry): canRetry
        case .uncertain: true
        case .delivered, .sending: false
        }
    }

    public static let notSentLine = "Not sent · Enter to try again, x to discard"
    public static let uncertainLine = "Not certain it was sent. Try again; it is sent once either way. (Enter, x to discard)"

    /// The attempt left with no definite answer: the request may have been
    /// applied (a timeout, a cut connection, an answer that could not be read).
    /// A refused connection, a TLS failure or a server error answered for sure.
    static func answerWasLost(_ lastError: String?) -> Bool {
        guard let lastError else { return false }
        let lost = [TransportError(.timedOut, "").description, TransportError(.connectionLost, "").description,
                    InvalidResponseError("").description]
        return lost.contains { lastError.hasPrefix($0) }
    }
}
