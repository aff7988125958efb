import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An HTTP proxy on 127.0.0.1 for tests: `CONNECT host:port` opens a tunnel,
/// and a request in absolute form (`GET http://host:port/path`) is forwarded.
/// Every host name is reached at 127.0.0.1 on the asked port, so a test can
/// name a server that is not loopback (`veet.example.org`, which the TLS
/// front's `.elsewhere` certificate is for) and still be proxied.
///
/// With `credentials` ("user:password") it answers 407 to a request whose
/// `Proxy-Authorization: Basic` differs. It keeps every byte the client sent
/// it, so a test can prove what the proxy never saw (`saw(_:)`).
public final class TestProxy: Sendable {
    public let port: Int
    private let listener: Int32
    private let credentials: String?
    private let refusesTunnels: Bool
    private let received = Mutex<[Data]>([])
    private let recordedHeads = Mutex<[String]>([])

    /// - Parameters:
    ///   - credentials: "user:password" that `Proxy-Authorization` must carry; nil lets everyone through.
    ///   - refusingTunnels: answer every `CONNECT` with 403, as a proxy whose policy forbids the port.
    public init(credentials: String? = nil, refusingTunnels: Bool = false) throws {
        let (fd, port) = try TLSFront.listenOnLoopback()
        listener = fd
        self.port = port
        self.credentials = credentials
        refusesTunnels = refusingTunnels
        Thread { [self] in self.acceptLoop() }.start()
    }

    /// The proxy's address with `userInfo` (e.g. "user:password@") in front of the host.
    public func address(userInfo: String = "") -> String { "http://\(userInfo)127.0.0.1:\(port)" }

    /// The request heads received, in order (`CONNECT` lines and forwarded requests).
    public var heads: [String] { recordedHeads.withLock { $0 } }

    /// Whether `text` appears anywhere in what clients sent the proxy, tunnelled bytes included.
    public func saw(_ text: String) -> Bool {
        let needle = Data(text.utf8)
        return received.withLock { $0.contains { $0.range(of: needle) != nil } }
    }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let slot = received.withLock { all in all.append(Data()); return all.count - 1 }
            Thread { [self] in self.serve(client, slot: slot) }.start()
        }
    }

    private func record(_ bytes: some Sequence<UInt8>, slot: Int) {
        received.withLock { $0[slot].append(contentsOf: bytes) }
    }

    private func serve(_ client: Int32, slot: Int) {
        defer { close(client) }
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            buffer += chunk[0..<count]
            record(chunk[0..<count], slot: slot)
            headEnd = Self.endOfHead(buffer)
        }
        guard let headEnd else { return }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        let leftover = Array(buffer[(headEnd + 4)...])
        recordedHeads.withLock { $0.append(head) }
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return answer(client, "400 Bad Request") }
        if let credentials {
            let expected = "basic " + Data(credentials.utf8).base64EncodedString().lowercased()
            let given = lines.first { $0.lowercased().hasPrefix("proxy-authorization:") }
                .map { $0.dropFirst("proxy-authorization:".count).trimmingCharacters(in: .whitespaces).lowercased() }
            guard given == expected else {
                return answer(client, "407 Proxy Authentication Required", extra: "Proxy-Authenticate: Basic realm=\"test\"\r\n")
            }
        }
        let method = String(requestLine[0])
        if method == "CONNECT" {
            guard !refusesTunnels else { return answer(client, "403 Forbidden") }
            guard let port = Self.port(of: String(requestLine[1])), let upstream = TLSFront.connect(port: port) else {
                return answer(client, "502 Bad Gateway")
            }
            defer { close(upstream) }
            guard Self.writeAll(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)) else { return }
            guard Self.writeAll(upstream, leftover) else { return }
            pump(client, upstream, slot: slot)
        } else {
            // Absolute form: forward as origin form, without the proxy's own header.
            guard let url = URLComponents(string: String(requestLine[1])),
                  let upstream = TLSFront.connect(port: url.port ?? 80) else { return answer(client, "502 Bad Gateway") }
            defer { close(upstream) }
            let target = (url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath)
                + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
            lines[0] = "\(method) \(target) \(requestLine[2])"
            lines.removeAll { $0.lowercased().hasPrefix("proxy-authorization:") }
            guard Self.writeAll(upstream, Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + leftover) else { return }
            pump(client, upstream, slot: slot)
        }
    }

    /// Copies both ways until either side ends, keeping what the client sent.
    private func pump(_ client: Int32, _ upstream: Int32, slot: Int) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var entries = [pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
        while true {
            entries[0].revents = 0
            entries[1].revents = 0
            guard poll(&entries, 2, 30_000) > 0 else { return }
            if entries[0].revents != 0 {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                record(buffer[0..<count], slot: slot)
                guard Self.writeAll(upstream, Array(buffer[0..<count])) else { return }
            }
            if entries[1].revents != 0 {
                let count = recv(upstream, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                guard Self.writeAll(client, Array(buffer[0..<count])) else { return }
            }
        }
    }

    private func answer(_ client: Int32, _ status: String, extra: String = "") {
        _ = Self.writeAll(client, Array("HTTP/1.1 \(status)\r\n\(extra)Content-Length: 0\r\nConnection: close\r\n\r\n".utf8))
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10
            && bytes[index + 2] == 13 && bytes[index + 3] == 10 { return index }
        return nil
    }

    private static func port(of authority: String) -> Int? {
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return Int(authority[authority.index(after: colon)...])
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
