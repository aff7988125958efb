import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to one Veetbot server with one token. Every request carries the
/// bearer token, a fresh `X-Request-Id` and the client's identity; nothing
/// is cached, no cookies are kept, redirects are refused and TLS verification
/// is the platform's own.
public final class HTTPClient: Sendable {
    public let settings: ConnectionSettings
    let userAgent: String
    private let session: URLSession
    private let router: TaskRouter
    /// Requests that change something get a session of their own each (see `send`).
    private let writeConfiguration: URLSessionConfiguration
    private let idleTimeout: TimeInterval
    private let writeIdleTimeout: TimeInterval
    /// Plain-HTTP (loopback) requests go through `PlainHTTPExchange`: streams with
    /// backpressure, and no answer, however cut, can trap inside FoundationNetworking.
    private let readsPlainHTTPItself: Bool

    /// - Parameters:
    ///   - clientVersion: sent as `User-Agent: veet/<version>`.
    ///   - idleTimeout: longest silence while waiting for bytes. Event streams
    ///     send a heartbeat every 15 s, so 60 s means the connection is dead.
    ///   - writeTimeout: longest wait for the answer to a POST/PUT/PATCH (they answer at once;
    ///     only a stalled resend waits this long).
    public convenience init(settings: ConnectionSettings, clientVersion: String = VeetTransportVersion.current,
                            idleTimeout: TimeInterval = 60, writeTimeout: TimeInterval = 15) {
        self.init(settings: settings, clientVersion: clientVersion, idleTimeout: idleTimeout,
                  writeTimeout: writeTimeout, readsPlainHTTPItself: true)
    }

    /// `readsPlainHTTPItself: false` keeps plain-HTTP requests on URLSession,
    /// so tests on loopback can still reach the path HTTPS requests take.
    init(settings: ConnectionSettings, clientVersion: String = VeetTransportVersion.current,
         idleTimeout: TimeInterval = 60, writeTimeout: TimeInterval = 15, readsPlainHTTPItself: Bool) {
        self.settings = settings
        self.idleTimeout = idleTimeout
        self.writeIdleTimeout = min(writeTimeout, idleTimeout)
        self.readsPlainHTTPItself = readsPlainHTTPItself
        self.userAgent = "veet/\(clientVersion)"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.timeoutIntervalForRequest = idleTimeout
        (session, router) = Self.makeSession(configuration, name: "VeetTransport.HTTPClient")
        let writes = configuration.copy() as! URLSessionConfiguration  // copy() of this class returns its own type
        writes.timeoutIntervalForRequest = min(writeTimeout, idleTimeout)
        writeConfiguration = writes
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    private static func makeSession(_ configuration: URLSessionConfiguration, name: String) -> (URLSession, TaskRouter) {
        let router = TaskRouter()
        let queue = OperationQueue()
        queue.name = name
        queue.maxConcurrentOperationCount = 1  // callbacks of one task arrive in order
        return (URLSession(configuration: configuration, delegate: router, delegateQueue: queue), router)
    }


    static func changesState(_ method: String) -> Bool {
        !["GET", "HEAD", "DELETE", "OPTIONS"].contains(method.uppercased())
    }

    /// Sends a request and returns the answer whatever its status. Throws
    /// `TransportError` only when no answer arrived (or a redirect was refused).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (urlRequest, requestID) = makeURLRequest(request, accept: "application/json")
        try Self.checkCancellation(requestID)
        // When a reused keep-alive connection dies under a request with a body,
        // libcurl (under FoundationNetworking) resends it on a new connection
        // without being able to rewind the body, and the task stalls until its
        // timeout. So a write travels on a fresh session (a fresh connection,
        // never resent behind our back) with a short timeout as a second guard;
        // a lost answer is retried by `sendRetrying` with the same idempotency key.
        let isWrite = Self.changesState(request.method)
        if readsPlainHTTPItself && urlRequest.url?.scheme == "http" {
            let response = try await PlainHTTPExchange.send(urlRequest, requestID: requestID,
                                                            timeout: isWrite ? writeIdleTimeout : idleTimeout,
                                                            progress: HTTPUploadProgress.current)
            try Self.refuseRedirect(response, request: request, requestID: requestID)
            return response
        }
        let (taskSession, router) = isWrite
            ? Self.makeSession(writeConfiguration, name: "VeetTransport.HTTPClient.write") : (session, router)
        defer { if isWrite { taskSession.finishTasksAndInvalidate() } }
        let task = taskSession.dataTask(with: urlRequest)
        let handler = BufferedHandler(requestID: requestID, progress: HTTPUploadProgress.current)
        // Registered before anything can cancel the task, so its completion is never missed.
        router.register(handler, for: task)
        let response = try await withTaskCancellationHandler {
            task.resume()
            return try await handler.response.value()
        } onCancel: {
            TaskCanceller.cancel(task)
        }
        try Self.refuseRedirect(response, request: request, requestID: requestID)
        return response
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

    /// Opens a streamed answer. Returns once a 2xx head has arrived; a non-2xx
    /// answer is read whole and thrown as `APIError`, a failure to connect as
    /// `TransportError`. Cancelling the task that iterates `chunks`, or
    /// `HTTPByteStream.cancel()`, cancels the request.
    public func openStream(_ request: HTTPRequest) async throws -> HTTPByteStream {
        let (urlRequest, requestID) = makeURLRequest(request, accept: "text/event-stream")
        try Self.checkCancellation(requestID)
        if readsPlainHTTPItself && urlRequest.url?.scheme == "http" {
            let stream = try await PlainHTTPExchange.open(urlRequest, requestID: requestID, timeout: idleTimeout)
            try Self.refuseRedirect(stream.response, request: request, requestID: requestID)
            try stream.response.requireSuccess()
            return stream
        }
        let task = session.dataTask(with: urlRequest)
        let (delivered, chunkSink) = AsyncThrowingStream<Data, Error>.makeStream()
        chunkSink.onTermination = { _ in TaskCanceller.cancel(task) }
        let chunks = AbandonableChunks.stream(over: delivered, of: task)
        let handler = StreamHandler(requestID: requestID, chunks: chunkSink)
        router.register(handler, for: task)
        let head = try await withTaskCancellationHandler {
            task.resume()
            return try await handler.head.value()
        } onCancel: {
            TaskCanceller.cancel(task)
        }
        try Self.refuseRedirect(head, request: request, requestID: requestID)
        try head.requireSuccess()
        return HTTPByteStream(response: head, chunks: chunks, cancel: { TaskCanceller.cancel(task) })
    }

    /// Cancellation is reported the same way before and during a request.
    private static func checkCancellation(_ requestID: String) throws {
        if Task.isCancelled { throw TransportError(.cancelled, "cancelled before sending", requestID: requestID) }
    }

    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    private static func refuseRedirect(_ response: HTTPResponse, request: HTTPRequest, requestID: String) throws {
        guard redirectStatuses.contains(response.status) else { return }
        let target = response.header("location").map { " to \($0)" } ?? ""
        throw TransportError(.redirectRefused, "\(request.method) \(request.path) answered \(response.status)\(target)",
                             requestID: response.requestID ?? requestID)
    }

    /// Builds the URLRequest with the client's headers; returns the request id it carries.
    func makeURLRequest(_ request: HTTPRequest, accept: String) -> (URLRequest, String) {
        var urlRequest = URLRequest(url: settings.serverURL.url(for: request.path, query: request.query))
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        var headers: [String: String] = [
            "Accept": accept,
            "User-Agent": userAgent,
            "X-Request-Id": UUID().uuidString.lowercased(),
        ]
        if request.body != nil { headers["Content-Type"] = "application/json" }
        var merged = HTTPRequest(method: request.method, path: request.path, headers: headers)
        for (name, value) in request.headers { merged.setHeader(name, value) }
        // An empty key is still a key to the server (it would replay someone's
        // earlier empty-key send): leave the header out instead.
        if merged.header("Idempotency-Key")?.isEmpty == true { merged.setHeader("Idempotency-Key", nil) }
        merged.setHeader("Authorization", "Bearer \(settings.token)")
        for (name, value) in merged.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        return (urlRequest, merged.header("X-Request-Id") ?? "")
    }
}

/// A client streams as its `.live` sender does (one place builds the event-stream request).
extension HTTPClient: ByteStreamSource {
    public func openByteStream(path: String, headers: [String: String]) async throws
        -> AsyncThrowingStream<Data, Error> {
        try await HTTPRequestSender.live(client: self).openByteStream(path: path, headers: headers)
    }
}
