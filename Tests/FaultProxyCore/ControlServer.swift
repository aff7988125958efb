import Foundation
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

/// The proxy's control interface: a tiny HTTP/1.1 server on 127.0.0.1.
///
/// - `GET /mode`: the rules in force, one per line (empty: pass through).
/// - `POST /mode`: replace them with the body's rules (`FaultRule` text form); 400 on a bad rule.
/// - `GET /stats`: `ProxyStats` as JSON.
/// Every answer closes its connection.
public final class ControlServer: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let schedule: FaultSchedule
    private let stats: @Sendable () -> ProxyStats
    private let stopped = ThreadLock(false)
    static let maximumRequestBytes = 65_536

    public init(schedule: FaultSchedule, port requestedPort: UInt16 = 0, stats: @escaping @Sendable () -> ProxyStats) throws {
        self.schedule = schedule
        self.stats = stats
        (listener, port) = try LoopbackSocket.listen(port: requestedPort)
        let listener = listener
        Thread.detachNewThread { [self] in acceptLoop(listener) }
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        if !wasStopped { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if stopped.withLock({ $0 }) {
                    close(listener)
                    return
                }
                continue
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let (status, body) = ControlRequest.read(from: client).map(answer) ?? (400, "bad request\n")
        let reason = [200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed"][status] ?? "Error"
        let type = body.hasPrefix("{") ? "application/json" : "text/plain; charset=utf-8"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n"
        _ = LoopbackSocket.writeAll(client, Array((head + body).utf8)[...])
    }

    private func answer(_ request: ControlRequest) -> (Int, String) {
        switch (request.method, request.path) {
        case ("GET", "/stats"): return (200, stats().json + "\n")
        case ("GET", "/mode"): return (200, schedule.current.map { "\($0)\n" }.joined())
        case ("POST", "/mode"):
            do {
                let rules = try FaultSchedule.parse(request.body)
                schedule.replace(with: rules)
                return (200, rules.isEmpty ? "pass\n" : rules.map { "\($0)\n" }.joined())
            } catch {
                return (400, "\(error.description)\n")
            }
        case (_, "/stats"), (_, "/mode"): return (405, "use GET /stats, GET /mode or POST /mode\n")
        default: return (404, "use GET /stats, GET /mode or POST /mode\n")
        }
    }
}

/// One request read from a control connection: head, then a `Content-Length` body.
struct ControlRequest {
    var method: String
    var path: String
    var body: String

    static func read(from socket: Int32) -> ControlRequest? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var headEnd: Int?
        var expected = 0
        while bytes.count <= ControlServer.maximumRequestBytes {
            if let end = headEnd, bytes.count >= end + expected { break }
            let count = Glibc.read(socket, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if headEnd == nil, let end = blankLineEnd(bytes) {
                headEnd = end
                expected = contentLength(String(decoding: bytes[..<end], as: UTF8.self)) ?? 0
            }
        }
        guard let end = headEnd, expected <= ControlServer.maximumRequestBytes, bytes.count >= end + expected else {
            return nil
        }
        let requestLine = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")[0]
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3 else { return nil }
        let body = String(decoding: bytes[end..<(end + expected)], as: UTF8.self)
        return ControlRequest(method: String(parts[0]), path: String(parts[1]), body: body)
    }

    private static func blankLineEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }

    private static func contentLength(_ head: String) -> Int? {
        for line in head.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }
}

/// A blocking client for the control interface (tests, the soak runner).
public enum ControlClient {
    /// Sends one request and returns the status and body; throws on a socket failure or after `timeout` seconds.
    public static func request(port: UInt16, _ method: String, _ path: String, body: String = "",
                               timeout: Int = 5) throws -> (status: Int, body: String) {
        let socket = try LoopbackSocket.connect(port: port)
        defer { close(socket) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n\(body)"
        guard LoopbackSocket.writeAll(socket, Array(request.utf8)[...]) else {
            throw SocketError(description: "control request could not be written")
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count < 0 { throw SocketError(description: "control answer not read: errno \(errno)") }
            if count == 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n"),
              let status = Int(text.prefix(while: { $0 != "\r" }).split(separator: " ").dropFirst().first ?? "")
        else { throw SocketError(description: "control answer malformed: \(text.prefix(80))") }
        return (status, String(text[split.upperBound...]))
    }
}
