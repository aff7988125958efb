import Foundation

/// Faults a test can switch on at any time through `FixtureServer.faults`.
public struct FixtureFaults: Sendable, Equatable {
    /// An HTTP error answered instead of the next `/v1/` requests.
    public struct Rejection: Sendable, Equatable {
        /// 503 (`service_unavailable`) or 429 (`rate_limited`); any other status uses `internal_error`.
        public var status: Int
        /// How many requests are answered this way.
        public var count: Int
        /// The `Retry-After` header value (seconds or an HTTP date).
        public var retryAfter: String

        public init(status: Int, count: Int = 1, retryAfter: String = "1") {
            self.status = status
            self.count = count
            self.retryAfter = retryAfter
        }
    }

    /// A redirect answered instead of every `/v1/` request (tests of clients that must refuse it).
    public struct Redirect: Sendable, Equatable {
        /// 301, 302, 303, 307 or 308.
        public var status: Int
        /// Base URL of the target; the request's path and query are appended.
        public var location: String

        public init(status: Int, location: String) {
            self.status = status
            self.location = location
        }
    }

    /// How the session list moves rows while a client walks its pages.
    public enum PagingChurn: Sendable, Equatable {
        /// After a page that has a next page, the session that would open the next page gets
        /// new activity and jumps to the top: the walk in progress never lists it.
        case promoteUnseen
        /// After a page that has a next page, the page's first session drops below every other
        /// session: the walk in progress lists it twice.
        case demoteSeen
    }

    /// Close an event stream abruptly (no terminating chunk) once it has written this many
    /// frames (heartbeats not counted), unless the run's terminal frame was among them.
    public var cutStreamsAfterFrames: Int?
    /// How many streams may still be cut; nil cuts every stream.
    public var cutStreamsLimit: Int?
    /// Write `stream.overflow` `{"last_sequence": n}` and close once a stream has written
    /// this many frames (n is the last persisted id it sent, or its Last-Event-ID).
    public var overflowAfterFrames: Int?
    /// How many streams may still overflow; nil overflows every stream.
    public var overflowLimit: Int?
    /// Close the connection without an answer, after applying them, on this many successful
    /// message submissions (`POST /v1/sessions/{id}/messages`, new runs and replays alike).
    public var dropAfterSubmit: Int
    /// Answer this many message submissions (`POST /v1/sessions/{id}/messages`) with
    /// `500 internal_error` before applying them: no run is made, nothing is recorded.
    public var failSubmits: Int = 0
    /// Answer this many uploads (`POST /v1/sessions/{id}/artifacts`) with `429 rate_limited`
    /// and `Retry-After: 30` once their body is read, storing nothing.
    public var failUploads: Int = 0
    /// Seconds an upload waits once its headers are checked, before its body is read: a slow
    /// server, so a client can give up on an upload half sent (a body cut short stores nothing).
    public var uploadDelay: TimeInterval = 0
    /// Answer this many transcript reads (`GET /v1/sessions/{id}/messages`) with `500 internal_error`:
    /// a conversation listed but never readable, as when the server went away before its first read.
    public var failTranscripts: Int = 0
    /// Answer the next `/v1/` requests with an error (checked before anything else).
    public var rejectNextRequests: Rejection?
    /// Heartbeat interval override (seconds); nil uses `FixtureOptions.heartbeatInterval`.
    public var heartbeatInterval: TimeInterval?
    /// Move a session after serving a `GET /v1/sessions` page (see `PagingChurn`).
    public var touchSessionsDuringPaging: PagingChurn?
    /// How many pages may still churn; nil churns after every page that has a next page.
    public var touchSessionsLimit: Int?
    /// This many session-list pages requested with a cursor answer with that same cursor as
    /// `next_cursor` (a repeated cursor, which clients must treat as an invalid response).
    public var repeatSessionCursor: Int
    /// Answer every `/v1/` request with this redirect. Off by default: the reference server
    /// never redirects a route (only a trailing-slash spelling gets the contract's 307).
    public var redirectEveryRequest: Redirect? = nil

    public init(
        cutStreamsAfterFrames: Int? = nil, cutStreamsLimit: Int? = nil, overflowAfterFrames: Int? = nil,
        overflowLimit: Int? = nil, dropAfterSubmit: Int = 0, rejectNextRequests: Rejection? = nil,
        heartbeatInterval: TimeInterval? = nil, touchSessionsDuringPaging: PagingChurn? = nil,
        touchSessionsLimit: Int? = nil, repeatSessionCursor: Int = 0
    ) {
        self.cutStreamsAfterFrames = cutStreamsAfterFrames
        self.cutStreamsLimit = cutStreamsLimit
        self.overflowAfterFrames = overflowAfterFrames
        self.overflowLimit = overflowLimit
        self.dropAfterSubmit = dropAfterSubmit
        self.rejectNextRequests = rejectNextRequests
        self.heartbeatInterval = heartbeatInterval
        self.touchSessionsDuringPaging = touchSessionsDuringPaging
        self.touchSessionsLimit = touchSessionsLimit
        self.repeatSessionCursor = repeatSessionCursor
    }

    /// The churn to apply after the page being served, if any (consumes the limit).
    mutating func takePagingChurn() -> PagingChurn? {
        guard let churn = touchSessionsDuringPaging else { return nil }
        guard let limit = touchSessionsLimit else { return churn }
        guard limit > 0 else { return nil }
        touchSessionsLimit = limit - 1
        return churn
    }

    mutating func takeRepeatedCursor() -> Bool {
        guard repeatSessionCursor > 0 else { return false }
        repeatSessionCursor -= 1
        return true
    }

    /// Takes one rejection if any is left.
    mutating func takeRejection() -> Rejection? {
        guard var rejection = rejectNextRequests, rejection.count > 0 else { return nil }
        rejection.count -= 1
        rejectNextRequests = rejection.count > 0 ? rejection : nil
        return rejection
    }

    mutating func takeSubmitFailure() -> Bool {
        guard failSubmits > 0 else { return false }
        failSubmits -= 1
        return true
    }

    mutating func takeTranscriptFailure() -> Bool {
        guard failTranscripts > 0 else { return false }
        failTranscripts -= 1
        return true
    }

    mutating func takeUploadFailure() -> Bool {
        guard failUploads > 0 else { return false }
        failUploads -= 1
        return true
    }

    mutating func takeSubmitDrop() -> Bool {
        guard dropAfterSubmit > 0 else { return false }
        dropAfterSubmit -= 1
        return true
    }

    /// True when a stream that wrote `frames` frames must be cut now (consumes the limit).
    mutating func takeCut(afterFrames frames: Int) -> Bool {
        guard let threshold = cutStreamsAfterFrames, frames >= threshold else { return false }
        guard let limit = cutStreamsLimit else { return true }
        guard limit > 0 else { return false }
        cutStreamsLimit = limit - 1
        return true
    }

    mutating func takeOverflow(afterFrames frames: Int) -> Bool {
        guard let threshold = overflowAfterFrames, frames >= threshold else { return false }
        guard let limit = overflowLimit else { return true }
        guard limit > 0 else { return false }
        overflowLimit = limit - 1
        return true
    }
}

/// One request as the fixture received it (for assertions in client tests).
public struct RecordedRequest: Sendable, Equatable {
    public var method: String
    /// Path without the query, as sent (percent-encoded).
    public var path: String
    public var query: String?
    /// Header names lowercased; a repeated header keeps its last value.
    public var headers: [String: String]
}
