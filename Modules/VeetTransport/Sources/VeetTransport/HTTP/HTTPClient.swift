import Foundation

/// Talks to one Veetbot server with one token. Every request carries the
/// bearer token, a fresh `X-Request-Id` and the client's identity; nothing
/// is cached, no cookies are kept, redirects are refused and TLS verifies the
/// server's certificate and name against the system's roots (OpenSSL's
/// `SSL_CERT_FILE` and `SSL_CERT_DIR` name others).
///
/// Every request is one HTTP/1.1 exchange of its own (`HTTPExchange`): a
/// fresh connection, TLS for https:// (`TCPConnection.startTLS`), read only as
/// fast as its consumer asks. A proxy named in the environment carries it as
/// curl would (`ProxyRule`): https:// through a `CONNECT` tunnel with TLS
/// inside, so the proxy never sees the token. No connection is reused, so a write is never
/// resent behind the caller's back; a lost answer is retried by
/// `sendRetrying` with the same idempotency key.
public final class HTTPClient: Sendable {
    public let settings: ConnectionSettings
    let userAgent: String
    private let idleTimeout: TimeInterval
    private let writeIdleTimeout: TimeInterval
    /// A PEM file trusted instead of the system's roots (tests: their own authority).
    let trustedCertificates: String?
    /// Which proxy carries requests (read from the environment by default).
    public let proxyRule: ProxyRule

    /// - Parameters:
    ///   - clientVersion: sent as `User-Agent: veet/<version>`.
    ///   - idleTimeout: longest silence while waiting for bytes. Event streams
    ///     send a heartbeat every 15 s, so 60 s means the connection is dead.
    ///   - writeTimeout: longest wait for the answer to a POST/PUT/PATCH (they answer at once;
    ///     only a stalled resend waits this long).
    ///   - proxy: the proxy variables; by default this process's environment.
    public convenience init(settings: ConnectionSettings, clientVersion: String = VeetTransportVersion.current,
                            idleTimeout: TimeInterval = 60, writeTimeout: TimeInterval = 15,
                            proxy: ProxyRule = .processEnvironment) {
        self.init(settings: settings, clientVersion: clientVersion, idleTimeout: idleTimeout,
                  writeTimeout: writeTimeout, trustedCertificates: nil, proxy: proxy)
    }

    init(settings: ConnectionSettings, clientVersion: String = VeetTransportVersion.current,
         idleTimeout: TimeInterval = 60, writeTimeout: TimeInterval = 15, trustedCertificates: String?,
         proxy: ProxyRule = .none) {
        self.settings = settings
        self.proxyRule = proxy
        self.idleTimeout = idleTimeout
        self.writeIdleTimeout = min(writeTimeout, idleTimeout)
        self.trustedCertificates = trustedCertificates
        self.userAgent = "veet/\(clientVersion)"
    }

    /// How requests to this client's server travel: direct, or through which proxy.
    public var proxy: ProxyChoice { proxyRule.choice(for: settings.serverURL.url) }

    static func changesState(_ method: String) -> Bool {
        !["GET", "HEAD", "DELETE", "OPTIONS"].contains(method.uppercased())
    }

    /// Sends a request and returns the answer whatever its status. Throws
    /// `TransportError` only when no answer arrived (or a redirect was refused).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let outgoing = makeOutgoing(request, accept: "application/json")
        try Self.checkCancellation(outgoing.requestID)
        // A write answers at once; only a stalled server makes it wait, so its silence is cut shorter.
        let timeout = Self.changesState(request.method) ? writeIdleTimeout : idleTimeout
        let response = try await HTTPExchange.send(outgoing, timeout: timeout, progress: HTTPUploadProgress.current)
        try Self.refuseRedirect(response, request: request, requestID: outgoing.requestID)
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
        let outgoing = makeOutgoing(request, accept: "text/event-stream")
        try Self.checkCancellation(outgoing.requestID)
        let stream = try await HTTPExchange.open(outgoing, timeout: idleTimeout)
        try Self.refuseRedirect(stream.response, request: request, requestID: outgoing.requestID)
        try stream.response.requireSuccess()
        return stream
    }

    /// Cancellation is reported the same way before and during a request.
    private static func checkCancellation(_ requestID: String) throws {
        if Task.isCancelled { throw TransportError(.cancelled, "cancelled before sending", requestID: requestID) }
    }

    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    private static func refuseRedirect(_ response: HTTPResponse, request: HTTPRequest, requestID: String) throws {
        guard redirectStatuses.contains(response.status) else { return }
        let target = response.header("location").map { " to \($0)" } ?? ""
        throw TransportError(.redirectRefused, "\(request.method) \(request.path) answered \(response.status)\(target)",
                             requestID: response.requestID ?? requestID)
    }

    /// The request as it goes on the wire, with the client's headers and a fresh request id.
    func makeOutgoing(_ request: HTTPRequest, accept: String) -> OutgoingRequest {
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
        let url = settings.serverURL.url(for: request.path, query: request.query)
        return OutgoingRequest(url: url, method: request.method, headers: merged.headers, body: request.body,
                               requestID: merged.header("X-Request-Id") ?? "",
                               trustedCertificates: trustedCertificates, proxy: proxyRule.choice(for: url))
    }
}

/// A client streams as its `.live` sender does (one place builds the event-stream request).
extension HTTPClient: ByteStreamSource {
    public func openByteStream(path: String, headers: [String: String]) async throws
        -> AsyncThrowingStream<Data, Error> {
        try await HTTPRequestSender.live(client: self).openByteStream(path: path, headers: headers)
    }
}
