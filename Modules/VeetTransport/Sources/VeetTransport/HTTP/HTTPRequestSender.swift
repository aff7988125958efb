import Foundation

/// The one way a feature reaches the server: send a request and get the
/// answer whatever its status, or open a streamed answer. Every feature API is
/// a value over one of these. The apps make it with `.live(client:)`; unit
/// tests make it from canned answers (VeetTestSupport's scripted sender), so a
/// feature's rules are tested without a server.
public struct HTTPRequestSender: Sendable {
    /// Sends one request; returns the answer whatever its status and throws
    /// only when no answer arrived (`TransportError`).
    public typealias Send = @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Opens a streamed answer; returns once a 2xx head arrived, throws
    /// `APIError` for any other answer and `TransportError` for none.
    public typealias OpenStream = @Sendable (HTTPRequest) async throws -> HTTPByteStream
    /// How retries wait; tests pass one that returns at once.
    public typealias Sleeper = @Sendable (Duration) async throws -> Void

    private let sendRequest: Send
    private let openStreamRequest: OpenStream
    public let sleeper: Sleeper

    public static let taskSleeper: Sleeper = { try await Task.sleep(for: $0) }

    /// `openStream` defaults to reading the whole answer through `send` and
    /// handing its body over as one chunk: enough for a sender of canned answers.
    public init(send: @escaping Send, openStream: OpenStream? = nil, sleeper: @escaping Sleeper = taskSleeper) {
        sendRequest = send
        openStreamRequest = openStream ?? { request in
            let response = try await send(request)
            try response.requireSuccess()
            let (chunks, sink) = AsyncThrowingStream<Data, Error>.makeStream()
            if !response.body.isEmpty { sink.yield(response.body) }
            sink.finish()
            return HTTPByteStream(response: response, chunks: chunks)
        }
        self.sleeper = sleeper
    }

    /// The real server, through `client`.
    public static func live(client: HTTPClient, sleeper: @escaping Sleeper = taskSleeper) -> HTTPRequestSender {
        HTTPRequestSender(send: { try await client.send($0) }, openStream: { try await client.openStream($0) },
                          sleeper: sleeper)
    }

    /// The same sender with retries waiting through `sleeper`.
    public func waiting(with sleeper: @escaping Sleeper) -> HTTPRequestSender {
        HTTPRequestSender(send: sendRequest, openStream: openStreamRequest, sleeper: sleeper)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await sendRequest(request)
    }

    public func callAsFunction(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await sendRequest(request)
    }

    public func openStream(_ request: HTTPRequest) async throws -> HTTPByteStream {
        try await openStreamRequest(request)
    }

    /// Sends a request and decodes a 2xx body. A non-2xx answer throws
    /// `APIError`; a 2xx body that does not decode throws `InvalidResponseError`.
    public func decode<T: Decodable>(_ request: HTTPRequest, as type: T.Type = T.self) async throws -> T {
        try await send(request).decoded(as: T.self)
    }

    /// Sends a request whose answer has no body worth reading (204, a 202 to ignore).
    @discardableResult
    public func sendExpectingSuccess(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request).requireSuccess()
    }

    /// Sends `request`, retrying after no answer, 429 and 5xx as `policy` allows.
    /// Every attempt carries the same `Idempotency-Key` (none when nil), so a
    /// send the server already applied is answered with the original result.
    /// Returns the last answer whatever its status; throws the last
    /// `TransportError` when no attempt was answered.
    public func sendRetrying(_ request: HTTPRequest, idempotencyKey: IdempotencyKey?,
                             policy: RetryPolicy = .standard) async throws -> HTTPResponse {
        var request = request
        request.setHeader("Idempotency-Key", idempotencyKey?.rawValue)
        var attempt = 1
        while true {
            let wait: Duration
            do {
                let response = try await send(request)
                guard attempt < policy.maxAttempts, policy.shouldRetry(status: response.status) else {
                    return response
                }
                let retryAfter = response.header("retry-after").flatMap { RetryAfter.parse($0) }
                wait = policy.delay(forAttempt: attempt, retryAfter: retryAfter)
            } catch {
                guard attempt < policy.maxAttempts, policy.shouldRetry(error: error) else { throw error }
                wait = policy.delay(forAttempt: attempt)
            }
            try await sleeper(wait)
            try Task.checkCancellation()
            attempt += 1
        }
    }

    /// Which requests a retrying sender repeats after no answer, 429 or 5xx.
    public enum RetryScope: Sendable {
        /// GETs only: a repeated write could apply twice.
        case reads
        /// GETs, and writes that carry an `Idempotency-Key` (the server answers a
        /// repeat with the first result).
        case readsAndKeyedWrites
        /// Every request, writes without a key too: only for a sender that a
        /// feature keeps for the routes its contract calls retry-safe (a repeat
        /// changes nothing, as a second revoke or cancel).
        case everyRequest
    }

    /// This sender with `policy` applied to the requests in `scope`; the rest go once.
    /// A feature API applies its own rule here, so every app gets the same one.
    public func retrying(_ policy: RetryPolicy, _ scope: RetryScope) -> HTTPRequestSender {
        let base = self
        return HTTPRequestSender(send: { request in
            let key = request.header("Idempotency-Key").flatMap(IdempotencyKey.init(rawValue:))
            let repeatable = switch scope {
            case .reads: request.method == "GET"
            case .readsAndKeyedWrites: request.method == "GET" || key != nil
            case .everyRequest: true
            }
            guard repeatable else { return try await base.send(request) }
            return try await base.sendRetrying(request, idempotencyKey: key, policy: policy)
        }, openStream: openStreamRequest, sleeper: sleeper)
    }
}

extension HTTPRequestSender: ByteStreamSource {
    public func openByteStream(path: String, headers: [String: String]) async throws
        -> AsyncThrowingStream<Data, Error> {
        var request = HTTPRequest.get(path, headers: headers)
        if request.header("Cache-Control") == nil { request.setHeader("Cache-Control", "no-cache") }
        return try await openStream(request).chunks
    }
}
