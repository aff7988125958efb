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
final class TCPConnection: Sendable {
    private let fd: Int32
    private let wake: WakePipe
    private let requestID: String

    private init(fd: Int32, wake: WakePipe, requestID: String) {
        self.fd = fd
        self.wake = wake
        self.requestID = requestID
    }

    deinit { close(fd) }

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
                let sent = Glibc.send(fd, base + offset, min(raw.count - offset, pieceSize), Int32(MSG_NOSIGNAL))
                if sent > 0 { offset += sent; progress(offset); continue }
                if sent < 0 && errno == EINTR { continue }
                guard sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { throw lost("send") }
                guard try wait(for: Int16(POLLOUT), until: Date().addingTimeInterval(timeout)) else {
                    throw TransportError(.timedOut, "the server took no bytes for \(Int(timeout)) s", requestID: requestID)
                }
            }
        }
    }

    /// Whatever is there now (up to `limit` bytes): nil when nothing is, empty at the end of the stream.
    func receiveNow(limit: Int) throws -> Data? {
        if isInterrupted { throw TransportError(.cancelled, "cancelled", requestID: requestID) }
        var buffer = Data(count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
            if count >= 0 { return buffer.prefix(count) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw lost("recv")
        }
    }

    /// Waits (up to `timeout` of silence) for bytes, then returns them; empty at the end of the stream. Blocking.
    func receive(limit: Int, timeout: TimeInterval) throws -> Data {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let data = try receiveNow(limit: limit) { return data }
            guard try wait(for: Int16(POLLIN), until: deadline) else {
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
