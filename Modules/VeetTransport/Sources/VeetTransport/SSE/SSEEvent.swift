/// One dispatched server-sent event, as the WHATWG event-stream rules define it.
public struct SSEEvent: Sendable, Hashable {
    /// The `event:` field of this frame, or `"message"` when the frame had none (or an empty one).
    public var event: String
    /// Every `data:` line of the frame joined with LF.
    public var data: String
    /// The `id:` field set in THIS frame, or nil when the frame had none.
    /// Only frames with an id are persisted by the Veetbot server, so this is
    /// what marks a frame as replayable; transient frames leave it nil.
    public var id: String?
    /// The WHATWG "last event ID": sticky across frames, so a frame without
    /// an `id:` repeats the previous value. Kept for completeness; resume
    /// logic should use `id` instead.
    public var lastEventID: String
    /// The `retry:` field of this frame (milliseconds), when it had a valid one.
    public var retry: Int?

    public init(event: String = "message", data: String, id: String? = nil,
                lastEventID: String = "", retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.lastEventID = lastEventID
        self.retry = retry
    }
}

/// Upper bounds that keep a misbehaving or hostile stream from growing memory.
public struct SSELimits: Sendable, Hashable {
    /// Longest line (without its line ending) the decoder will buffer.
    public var maxLineBytes: Int
    /// Largest dispatched `data` (all data lines of one frame, joined).
    public var maxEventBytes: Int

    public init(maxLineBytes: Int, maxEventBytes: Int) {
        self.maxLineBytes = maxLineBytes
        self.maxEventBytes = maxEventBytes
    }

    /// The native client refuses frames over 1 MiB; a line may carry a little
    /// more than that for its field name (`data: `).
    public static let `default` = SSELimits(maxLineBytes: 1_048_576 + 1_024, maxEventBytes: 1_048_576)
}

/// Why the decoder stopped. Thrown before the offending bytes were buffered,
/// so memory never grows past the configured bound.
public enum SSEError: Error, Sendable, Hashable, CustomStringConvertible {
    case lineTooLong(limit: Int)
    case eventTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .lineTooLong(let limit):
            "The event stream sent a line longer than \(limit) bytes; the stream was stopped to bound memory."
        case .eventTooLarge(let limit):
            "The event stream sent an event whose data exceeds \(limit) bytes; the stream was stopped to bound memory."
        }
    }
}
