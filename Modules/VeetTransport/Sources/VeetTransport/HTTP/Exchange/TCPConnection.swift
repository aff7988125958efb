import CVeetTLS
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One TCP connection that reads only when asked, so a slow reader slows the
/// sender (the kernel's window fills and the server's writes wait) instead of
/// buffering the difference in memory.
///
/// Every blocking wait also watches a `WakePipe`: `interrupt()`, callable from
/// any thread, ends the wait in progress and every later one with
/// `TransportError(.cancelled)`. The socket closes when the last reference
/// goes, never while a wait still uses it (each wait holds one).
///
/// After `startTLS` every byte goes through the TLS session instead.
final class TCPConnection: @unchecked Sendable {  // tls is set once before any other use; its reads and writes come from one exchange at a time, other threads only signal the wake pipe or shut the socket
    private let fd: Int32
    private let wake: WakePipe
    private let requestID: String
    private var tls: OpaquePointer?
    /// What the TLS session last asked to wait for when a read had no bytes
    /// (a read can need to write first, e.g. while keys are renegotiated).
    private var tlsReadWaits = Int16(POLLIN)

    private init(fd: Int32, wake: WakePipe, requestID: String) {
        self.fd = fd
        self.wake = wake
        self.requestID = requestID
    }

    deinit {
        if let tls { veet_tls_free(tls) }
        close(fd)
    }

    /// Makes the connection TLS: the handshake, the server's certificate
    /// checked against the system's roots (or `trustedCertificates`, a PEM
    /// file) and against `host`, within `timeout`. Blocking.
    func startTLS(host: String, trustedCertificates: String?, timeout: TimeInterval) throws {
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var message = [CChar](repeating: 0, count: 512)
        guard let session = veet_tls_client(fd, bareHost, Self.isAddress(bareHost) ? 1 : 0, trustedCertificates,
                                            &message, message.count) else {
            throw TransportError(.tls, Self.words(message), requestID: requestID)
        }
        tls = session
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let step = veet_tls_handshake(session, &message, message.count)
            let wanted: Int16
            switch step {
            case VEET_TLS_DONE: return
            case VEET_TLS_WANT_READ: wanted = Int16(POLLIN)
            case VEET_TLS_WANT_WRITE: wanted = Int16(POLLOUT)
            case VEET_TLS_UNTRUSTED:
                throw TransportError(.tls, "the certificate of \(host) is not trusted: \(Self.words(message))",
                                     requestID: requestID)
            default:
                throw TransportError(.tls, "\(host): \(Self.words(message))", requestID: requestID)
            }
            guard try wait(for: wanted, until: deadline) else {
                throw TransportError(.timedOut, "\(host) did not finish the TLS handshake within the timeout",
                                     requestID: requestID)
            }
        }
    }

    /// A message the TLS layer wrote into its buffer, up to its terminating zero.
    private static func words(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An IPv4 or IPv6 literal: checked as an address in the certificate, and sent without SNI.
    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Connects to `host:port` (each resolved address in turn), within `timeout`.
    /// Blocking: call it off Swift concurrency's threads. `wake` cancels it.
    static func connect(host: String, port: Int, timeout: TimeInterval, requestID: String,
                        wake: WakePipe) throws -> TCPConnection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let resolved = getaddrinfo(bareHost, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw TransportError(.cannotConnect, "cannot resolve \(host): \(String(cString: gai_strerror(resolved)))",
                                 requestID: requestID)
        }
        defer { freeaddrinfo(list) }
        let deadline = Date().addingTimeInterval(timeout)
        var lastError = TransportError(.cannotConnect, "no address for \(host)", requestID: requestID)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family,
                            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { continue }
            let connection = TCPConnection(fd: fd, wake: wake, requestID: requestID)
            do {
                try connection.finishConnect(address.pointee.ai_addr, address.pointee.ai_addrlen, deadline: deadline,
                                             host: host, port: port)
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return connection
            } catch let error as TransportError where error.kind == .cannotConnect {
                lastError = error
            }
        }
        throw lastError
    }

    private func finishConnect(_ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, deadline: Date,
                               host: String, port: Int) throws {
        if Glibc.connect(fd, address, length) == 0 { return }
        guard errno == EINPROGRESS || errno == EINTR else {
            throw TransportError(.cannotConnect, "\(host):\(port): \(String(cString: strerror(errno)))", requestID: requestID)
        }
        guard try wait(for: Int16(POLLOUT), until: deadline) else {
            throw TransportError(.cannotConnect, "\(host):\(port) did not accept within the timeout", requestID: requestID)
        }
        var code: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &size)
        guard code == 0 else {
            throw TransportError(.cannotConnect, "\(host):\(port): \(String(cString: strerror(code)))", requestID: requestID)
        }
    }

    /// Ends every wait on this connection, now and later, with `.cancelled`.
    func interrupt() { wake.signal() }

    /// Ends the TCP session at once (the server's writes start failing); the
    /// descriptor itself closes with the last reference.
    func shutDown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    private var isInterrupted: Bool { wake.isSignalled }

    /// Waits until the socket is ready for `events`. False when the deadline passed first.
    private func wait(for events: Int16, until deadline: Date) throws -> Bool {
        var entries = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        while true {
            let millis = Int32(max(0, min(deadline.timeIntervalSinceNow, 86_400)) * 1000)
            let result = poll(&entries, 2, millis)
            if result < 0 && errno == EINTR { continue }
            if entries[1].revents != 0 { throw TransportError(.cancelled, "cancelled", requestID: requestID) }
            // poll's milliseconds round down: wait out the rest of a deadline not yet reached.
            if result == 0 { if deadline.timeIntervalSinceNow > 0 { continue } else { return false } }
            return true
        }
    }

    /// Sends all of `data` within `timeout` of silence. Blocking. `sent`
    /// hears the running count after each piece (at most `pieceSize` bytes,
    /// so a large body reports as it goes).
    func send(_ data: Data, timeout: TimeInterval, pieceSize: Int = Int.max, sent progress: (Int) -> Void = { _ in }) throws {
        try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                if isInterrupted { throw TransportError(.cancelled, "cancelled", requestID: requestID) }
                let length = min(raw.count - offset, pieceSize)
                var waitFor = Int16(POLLOUT)
                if let tls {
                    var message = [CChar](repeating: 0, count: 512)
                    let sent = veet_tls_write(tls, base + offset, length, &message, message.count)
                    if sent > 0 { offset += sent; progress(offset); continue }
                    switch Int32(sent) {
                    case VEET_TLS_WANT_WRITE: break
                    case VEET_TLS_WANT_READ: waitFor = Int16(POLLIN)
                    default: throw TransportError(.connectionLost, Self.words(message), requestID: requestID)
                    }
                } else {
                    let sent = Glibc.send(fd, base + offset, length, Int32(MSG_NOSIGNAL))
                    if sent > 0 { offset += sent; progress(offset); continue }
                    if sent < 0 && errno == EINTR { continue }
                    guard sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { throw lost("send") }
                }
                guard try wait(for: waitFor, until: Date().addingTimeInterval(timeout)) else {
                    throw TransportError(.timedOut, "the server took no bytes for \(Int(timeout)) s", requestID: requestID)
                }
            }
        }
    }

    /// Whatever is there now (up to `limit` bytes): nil when nothing is, empty at the end of the stream.
    func receiveNow(limit: Int) throws -> Data? {
        if isInterrupted { throw TransportError(.cancelled, "cancelled", requestID: requestID) }
        var buffer = Data(count: limit)
        if let tls { return try receiveNow(over: tls, into: &buffer) }
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
            if count >= 0 { return buffer.prefix(count) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw lost("recv")
        }
    }

    /// A TLS record's bytes when one is whole; nil when the session must wait.
    /// The end of the stream, with or without TLS's own close, is the end:
    /// the body's framing decides whether the answer was whole.
    private func receiveNow(over tls: OpaquePointer, into buffer: inout Data) throws -> Data? {
        var message = [CChar](repeating: 0, count: 512)
        let limit = buffer.count
        let count = buffer.withUnsafeMutableBytes { veet_tls_read(tls, $0.baseAddress, limit, &message, message.count) }
        if count >= 0 { return buffer.prefix(count) }
        switch Int32(count) {
        case VEET_TLS_WANT_READ: tlsReadWaits = Int16(POLLIN); return nil
        case VEET_TLS_WANT_WRITE: tlsReadWaits = Int16(POLLOUT); return nil
        case VEET_TLS_CLOSED: return Data()
        default: throw TransportError(.connectionLost, Self.words(message), requestID: requestID)
        }
    }

    /// Waits (up to `timeout` of silence) for bytes, then returns them; empty at the end of the stream. Blocking.
    func receive(limit: Int, timeout: TimeInterval) throws -> Data {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let data = try receiveNow(limit: limit) { return data }
            guard try wait(for: tls == nil ? Int16(POLLIN) : tlsReadWaits, until: deadline) else {
                throw TransportError(.timedOut, "no bytes from the server for \(Int(timeout)) s", requestID: requestID)
            }
        }
    }

    private func lost(_ operation: String) -> TransportError {
        TransportError(.connectionLost, "\(operation): \(String(cString: strerror(errno)))", requestID: requestID)
    }
}

/// A pipe whose one written byte wakes every `poll` that watches its read end,
/// from any thread, for good: the cancellation signal of one request, or
/// veetd's stop signal to its socket threads.
public final class WakePipe: Sendable {
    public let readEnd: Int32
    private let writeEnd: Int32

    public init(requestID: String? = nil) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw TransportError(.other, "cannot create a pipe (errno \(errno))", requestID: requestID)
        }
        // Glibc's module map leaves out pipe2; the flags follow at once instead.
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    public var isSignalled: Bool {
        var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}
