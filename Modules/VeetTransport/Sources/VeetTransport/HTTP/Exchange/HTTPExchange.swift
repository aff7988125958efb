import Foundation

/// A request as it goes on the wire: what `HTTPClient` made of an `HTTPRequest`.
struct OutgoingRequest: Sendable {
    var url: URL
    var method: String
    var headers: [String: String]
    var body: Data?
    /// The `X-Request-Id` it carries.
    var requestID: String
    /// A PEM file trusted instead of the system's roots, for https://.
    var trustedCertificates: String?
    /// Which proxy, if any, carries it (`ProxyRule`).
    var proxy: ProxyChoice = .direct(.noVariable)
}

/// Answers over HTTP/1.1, spoken here: streamed ones read only as fast as
/// their consumer asks (docs/reliability.md, "Backpressure"), whole ones
/// bounded; one connection per request, `Connection: close`, read in bounded
/// pieces; TLS for https:// through the system's OpenSSL, loaded only when
/// the first https:// request is made.
///
/// FoundationNetworking's URLSession, which this replaced, hands a task's
/// bytes to its delegate as fast as they arrive and cannot pause a transfer
/// safely on this toolchain, so a consumer slower than its server grew
/// without bound; an answer cut inside its head made it trap
/// (swift-corelibs-foundation 5285), killing the process; and loading it
/// (libcurl and some thirty libraries of its own) was most of every
/// command's start-up, network or not (docs/bench.md).
enum HTTPExchange {
    /// Largest piece handed to the consumer at once.
    static let readSize = 64 * 1024
    /// A refusal (non-2xx) body is read whole for its error envelope, up to this.
    static let refusalBodyLimit = 1024 * 1024
    /// A whole answer (`send`) larger than this is refused: far above any
    /// JSON view or the 32 MiB upload bound, it can only be a broken server.
    static let answerBodyLimit = 256 * 1024 * 1024

    /// Sends the request and reads the whole answer, whatever its status.
    static func send(_ request: OutgoingRequest, timeout: TimeInterval,
                     progress: HTTPUploadProgress? = nil) async throws -> HTTPResponse {
        let requestID = request.requestID
        let wake = try WakePipe(requestID: requestID)
        return try await Blocking.run(onCancel: wake.signal) {
            let (head, reader) = try exchange(request, requestID: requestID, timeout: timeout, wake: wake,
                                              progress: progress)
            let (body, whole) = try reader.readWholeBlocking(limit: answerBodyLimit)
            guard whole else {
                throw InvalidResponseError("the answer's body is over \(answerBodyLimit / 1_048_576) MiB",
                                           requestID: head.requestID ?? requestID)
            }
            return HTTPResponse(received: head.status, headers: head.headers, body: body)
        }
    }

    /// Sends the request and reads the head. A 2xx answer comes back with its
    /// body still unread; any other answer comes back whole.
    static func open(_ request: OutgoingRequest, timeout: TimeInterval) async throws -> HTTPByteStream {
        let requestID = request.requestID
        let wake = try WakePipe(requestID: requestID)
        let (head, reader) = try await Blocking.run(onCancel: wake.signal) {
            try openBlocking(request, requestID: requestID, timeout: timeout, wake: wake)
        }
        guard let reader else { return HTTPByteStream(response: head, chunks: AsyncThrowingStream { $0.finish() }) }
        return HTTPByteStream(response: head, chunks: AsyncThrowingStream(unfolding: { try await reader.next() }),
                              cancel: reader.canceller)
    }

    private static func openBlocking(_ request: OutgoingRequest, requestID: String, timeout: TimeInterval,
                                     wake: WakePipe) throws -> (HTTPResponse, BodyReader?) {
        let (head, reader) = try exchange(request, requestID: requestID, timeout: timeout, wake: wake)
        guard (200..<300).contains(head.status) else {
            let body = try reader.readWholeBlocking(limit: refusalBodyLimit).body
            return (HTTPResponse(received: head.status, headers: head.headers, body: body), nil)
        }
        return (HTTPResponse(received: head.status, headers: head.headers, body: Data()), reader)
    }

    /// Connects, sends the request and reads the answer's head. Blocking.
    private static func exchange(_ request: OutgoingRequest, requestID: String, timeout: TimeInterval,
                                 wake: WakePipe, progress: HTTPUploadProgress? = nil) throws -> (ResponseHead, BodyReader) {
        let url = request.url
        guard let host = url.host, !host.isEmpty else {
            throw TransportError(.other, "the request has no host", requestID: requestID)
        }
        let secure = url.scheme?.lowercased() == "https"
        let port = url.port ?? (secure ? 443 : 80)
        // A plain http:// request through a proxy is forwarded by it; https:// goes through a tunnel.
        let bytes = try requestBytes(request, host: host, requestID: requestID,
                                     forwardedBy: secure ? nil : request.proxy.server)
        let connection: TCPConnection
        switch request.proxy {
        case .direct:
            connection = try TCPConnection.connect(host: host, port: port, timeout: timeout, requestID: requestID,
                                                   wake: wake)
        case .unusable(let variable, let reason):
            throw TransportError(.proxy, "\(variable) cannot be used: \(reason); the request was not sent",
                                 requestID: requestID)
        case .proxy(let proxy):
            connection = try ProxyTunnel.connect(to: proxy, timeout: timeout, requestID: requestID, wake: wake)
            if secure {
                // The proxy sees only "CONNECT host:port"; the request, token included, goes inside TLS.
                try ProxyTunnel.open(connection, through: proxy, to: host, port: port, timeout: timeout,
                                     requestID: requestID)
            }
        }
        if secure {
            try connection.startTLS(host: host, trustedCertificates: request.trustedCertificates, timeout: timeout)
        }
        if let progress, let body = request.body, !body.isEmpty {
            let headLength = bytes.count - body.count
            try connection.send(bytes, timeout: timeout, pieceSize: 64 * 1024) { sent in
                if sent > headLength { progress.report(sent - headLength) }
            }
        } else {
            try connection.send(bytes, timeout: timeout)
        }
        var parser = ResponseHeadParser()
        var parsed: (ResponseHead, Data)?
        while parsed == nil {
            let data = try connection.receive(limit: readSize, timeout: timeout)
            guard !data.isEmpty else {
                throw TransportError(.connectionLost, "the server closed without answering", requestID: requestID)
            }
            do {
                parsed = try parser.feed(data)
            } catch {
                throw InvalidResponseError("\(error)", requestID: requestID)
            }
        }
        guard let (head, leftover) = parsed else { preconditionFailure("the loop ends only with a head") }
        if !secure, head.status == 407, let proxy = request.proxy.server {
            throw TransportError(.proxy, ProxyTunnel.refusal(407, proxy: proxy, target: host), requestID: requestID)
        }
        let framing: BodyDecoder.Framing
        do {
            framing = try BodyDecoder.framing(for: head)
        } catch {
            throw InvalidResponseError("\(error)", requestID: head.header("x-request-id") ?? requestID)
        }
        let reader = BodyReader(connection: connection, decoder: BodyDecoder(framing: framing),
                                     leftover: leftover, timeout: timeout, requestID: requestID)
        return (head, reader)
    }

    /// The request line, headers and body. A header holding a line break is
    /// refused rather than sent: it would end the head early.
    /// A plain http:// request `forwardedBy` a proxy names its whole URL
    /// (absolute form) and carries the proxy's credentials.
    static func requestBytes(_ request: OutgoingRequest, host: String, requestID: String,
                             forwardedBy proxy: ProxyServer? = nil) throws -> Data {
        let url = request.url
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let method = request.method
        let authority = (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? "")
        if proxy != nil { target = "http://\(authority)\(target)" }
        var lines = ["\(method) \(target) HTTP/1.1", "Host: \(authority)"]
        var fields = request.headers
        for name in fields.keys where ["host", "connection", "content-length", "transfer-encoding", "accept-encoding",
                                       "proxy-authorization"]
            .contains(name.lowercased()) { fields[name] = nil }
        if let authorization = proxy?.authorization { fields["Proxy-Authorization"] = authorization }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            // By bytes: "\r\n" is one Character in Swift, equal to neither "\r" nor "\n".
            guard !(name + value).utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw TransportError(.other, "the header \(name) holds a line break; the request was not sent",
                                     requestID: requestID)
            }
            lines.append("\(name): \(value)")
        }
        lines.append("Accept-Encoding: identity")
        lines.append("Connection: close")
        if let body = request.body { lines.append("Content-Length: \(body.count)") }
        var bytes = Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        if let body = request.body { bytes.append(body) }
        return bytes
    }
}

/// Runs blocking work on a thread of its own, so neither Swift concurrency's
/// few threads nor dispatch's global queues (whose workers Swift's executor
/// also uses on Linux) wait on a socket. A stream waits here only when no
/// bytes are ready (`receiveNow` comes first), so a thread per wait is rare
/// where throughput matters. `onCancel` runs when the calling task is
/// cancelled and must make `work` end (a wake pipe's signal).
enum Blocking {
    static func run<T: Sendable>(onCancel: @escaping @Sendable () -> Void,
                                 _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread { continuation.resume(with: Result { try work() }) }
                thread.name = "VeetTransport.HTTP"
                thread.start()
            }
        } onCancel: {
            onCancel()
        }
    }
}
