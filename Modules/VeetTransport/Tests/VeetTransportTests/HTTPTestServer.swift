import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import VeetTestSupport

/// A minimal HTTP/1.1 responder on 127.0.0.1 for client tests. Each
/// connection gets its own thread, one request, and is closed after the
/// answer (`Connection: close`), so nothing depends on keep-alive.
final class HTTPTestServer: Sendable {
    struct Request: Sendable {
        var method: String
        /// Path and query as sent.
        var target: String
        /// Lowercased names.
        var headers: [String: String]
        var body: Data
    }

    /// Runs on the connection's thread and may block (for instance on a gate).
    typealias Handler = @Sendable (_ request: Request, _ index: Int, _ connection: Connection) -> Void

    let port: Int
    private let listener: Int32
    private let recorded = Mutex<[Request]>([])
    private let front = Mutex<TLSFront?>(nil)

    init(handler: @escaping Handler) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        // The accept thread keeps the server alive until `stop()`; tests call it in a `defer`.
        Thread { [self] in self.acceptLoop(handler) }.start()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// An https:// address for the same handler: a `TLSFront` before it, made on first use.
    func tlsBaseURL() throws -> String {
        try front.withLock { front in
            if let front { return front.baseURL }
            let made = try TLSFront(upstreamPort: port)
            front = made
            return made.baseURL
        }
    }

    /// Every request received so far, in arrival order.
    var requests: [Request] { recorded.withLock { $0 } }

    func stop() {
        front.withLock { $0?.stop() }
        // shutdown() wakes a thread blocked in accept(); close() alone does not on Linux.
        shutdown(listener, Int32(SHUT_RDWR))
        closeSocket(listener)
    }

    private func acceptLoop(_ handler: @escaping Handler) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread { [self] in
                let connection = Connection(fd: client)
                guard let request = connection.readRequest() else { return connection.close() }
                let index = recorded.withLock { list in
                    list.append(request)
                    return list.count - 1
                }
                handler(request, index, connection)
                connection.close()
            }.start()
        }
    }

    /// One accepted socket. Writes use MSG_NOSIGNAL so a client that hung up
    /// cannot kill the test process with SIGPIPE.
    final class Connection: Sendable {
        private let fd: Int32
        private let closed = Mutex(false)

        init(fd: Int32) { self.fd = fd }

        /// False once the peer has gone away.
        @discardableResult
        func write(_ data: Data) -> Bool {
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    if sent <= 0 { return false }
                    offset += sent
                }
                return true
            }
        }

        @discardableResult
        func write(_ text: String) -> Bool { write(Data(text.utf8)) }

        func close() {
            let wasClosed = closed.withLock { value in
                defer { value = true }
                return value
            }
            if !wasClosed { closeSocket(fd) }
        }

        /// A complete answer with a body and `Content-Length`.
        func respond(status: Int, headers: [String: String] = [:], body: String = "") {
            let bytes = Data(body.utf8)
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
            write(Data(head.utf8) + bytes)
        }

        func startChunked(status: Int, headers: [String: String] = [:]) {
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            write(head)
        }

        @discardableResult
        func writeChunk(_ text: String) -> Bool {
            let bytes = Data(text.utf8)
            return write(Data((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Data("\r\n".utf8))
        }

        func endChunked() { write("0\r\n\r\n") }

        fileprivate func readRequest() -> Request? {
            var buffer = Data()
            var chunk = [UInt8](repeating: 0, count: 4096)
            let separator = Data("\r\n\r\n".utf8)
            while buffer.range(of: separator) == nil {
                let count = recv(fd, &chunk, chunk.count, 0)
                guard count > 0 else { return nil }
                buffer.append(contentsOf: chunk[0..<count])
            }
            let headEnd = buffer.range(of: separator)!
            let headText = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
            var lines = headText.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ")
            guard requestLine.count >= 2 else { return nil }
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { $0 + ", " + value } ?? value
            }
            var body = Data(buffer[headEnd.upperBound...])
            let expected = Int(headers["content-length"] ?? "") ?? 0
            if expected > body.count, headers["expect"]?.lowercased() == "100-continue" {
                write("HTTP/1.1 100 Continue\r\n\r\n")
            }
            while body.count < expected {
                let count = recv(fd, &chunk, chunk.count, 0)
                guard count > 0 else { return nil }
                body.append(contentsOf: chunk[0..<count])
            }
            return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
        }

        private static func reason(_ status: Int) -> String {
            switch status {
            case 200: "OK"
            case 202: "Accepted"
            case 204: "No Content"
            case 307: "Temporary Redirect"
            case 400: "Bad Request"
            case 401: "Unauthorized"
            case 404: "Not Found"
            case 409: "Conflict"
            case 429: "Too Many Requests"
            case 500: "Internal Server Error"
            case 503: "Service Unavailable"
            default: "Status"
            }
        }
    }
}

/// A loopback port that is bound but never listens: connecting is refused at
/// once, and no other test's server can be given the port while it is held.
final class RefusingPort: Sendable {
    let port: Int
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
        self.fd = fd
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func release() { closeSocket(fd) }
}

private func closeSocket(_ fd: Int32) {
    _ = close(fd)
}

/// A one-shot signal between a test and a server thread. The wait is bounded
/// so a broken client makes the test fail (the caller checks the result)
/// rather than hang.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func open() { semaphore.signal() }

    /// True when opened, false when the bound passed first.
    func wait(seconds: Double = 10) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }

    /// The same wait from async code, off the cooperative pool.
    func waitAsync(seconds: Double = 10) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.wait(seconds: seconds)) }.start()
        }
    }
}
