import Foundation
import Glibc

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A plain TCP client speaking just enough HTTP/1.1 to inspect raw answers.
/// Reads give up after 10 s so a broken server fails a test instead of hanging it.
final class TestConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var peerClosed = false

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw TestFailure("connect failed")
        }
    }

    deinit { Glibc.close(descriptor) }

    func send(_ text: String) throws { try send(Data(text.utf8)) }

    func send(_ data: Data) throws {
        let written = data.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == data.count else { throw TestFailure("short write") }
    }

    /// Reads more bytes; false at EOF. Throws on the safety timeout.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw TestFailure("read timed out") }
        peerClosed = true
        return false
    }

    private func readLine() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[0..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == 0x0D { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard try fill() else { return nil }
        }
    }

    private func readExactly(_ count: Int) throws -> Data? {
        while buffer.count < count {
            guard try fill() else { return nil }
        }
        let data = Data(buffer[0..<count])
        buffer.removeFirst(count)
        return data
    }

    /// Status line and headers; nil when the peer closed before answering.
    func readHead() throws -> (status: Int, headers: [(String, String)])? {
        guard let statusLine = try readLine() else { return nil }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw TestFailure("bad status line \(statusLine)") }
        var headers: [(String, String)] = []
        while let line = try readLine(), !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw TestFailure("bad header \(line)") }
            headers.append((
                line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            ))
        }
        return (status, headers)
    }

    /// One chunk of a chunked body; nil after the terminating chunk. Throws `Truncated` at EOF.
    func readChunk() throws -> Data? {
        guard let sizeLine = try readLine() else { throw Truncated() }
        guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else {
            throw TestFailure("bad chunk size \(sizeLine)")
        }
        if size == 0 {
            _ = try readLine()
            return nil
        }
        guard let data = try readExactly(size), try readLine() != nil else { throw Truncated() }
        return data
    }

    struct Truncated: Error {}

    /// A full response (for a HEAD request pass `expectBody: false`).
    func readResponse(expectBody: Bool = true) throws -> TestResponse {
        guard let (status, headers) = try readHead() else { throw TestFailure("connection closed without answer") }
        var response = TestResponse(status: status, headers: headers, body: Data())
        guard expectBody, status != 204, status != 304 else { return response }
        if response.header("transfer-encoding")?.lowercased() == "chunked" {
            while let chunk = try readChunk() { response.body.append(chunk) }
        } else if let length = response.header("content-length").flatMap(Int.init) {
            guard let body = try readExactly(length) else { throw TestFailure("short body") }
            response.body = body
        } else {
            while try fill() {}
            response.body = Data(buffer)
            buffer.removeAll()
        }
        return response
    }

    /// True when the server closed the connection (reads EOF without data).
    func isClosedByServer() throws -> Bool {
        if !buffer.isEmpty { return false }
        return try !fill()
    }
}

struct TestResponse {
    var status: Int
    var headers: [(String, String)]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first(where: { $0.0 == name.lowercased() })?.1
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (empty when it is not one).
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    var error: [String: Any] { object["error"] as? [String: Any] ?? [:] }
    var errorCode: String? { error["code"] as? String }
    var errorMessage: String? { error["message"] as? String }
    var errorDetails: [String: Any] { error["details"] as? [String: Any] ?? ["<missing>": true] }
}
