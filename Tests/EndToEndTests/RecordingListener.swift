import Foundation
import Glibc

/// A TCP listener that only records: every connection it accepts and the
/// request head read from it (Authorization included), answered with a 500
/// and closed. A redirect target or a host that must never be contacted.
final class RecordingListener: @unchecked Sendable {  // mutable state is guarded by `lock`; `fd` is set once
    let port: UInt16
    let host: String
    private let fd: Int32
    private let lock = NSLock()
    private var heads: [String] = []
    private var accepted = 0
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// Binds `address` (a dotted IPv4 address; 0.0.0.0 for every interface) on a free port.
    init(address: String = "127.0.0.1") throws {
        host = address
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address4 = sockaddr_in()
        address4.sin_family = sa_family_t(AF_INET)
        address4.sin_port = 0
        inet_pton(AF_INET, address, &address4.sin_addr)
        let bound = withUnsafePointer(to: &address4) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw HarnessError("cannot listen on \(address): errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address4) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = UInt16(bigEndian: address4.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var url: String { "http://\(host):\(port)" }

    /// How many connections reached the listener.
    var connectionCount: Int { lock.withLock { accepted } }

    /// The request heads received, in order.
    var requestHeads: [String] { lock.withLock { heads } }

    /// Polls for a connection every 50 ms so that `stop()` ends the loop within that.
    private func acceptLoop() {
        defer { finished.signal() }
        while !lock.withLock({ stopping }) {
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 50) > 0 else { continue }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { continue }
            lock.withLock { accepted += 1 }
            let head = Self.readHead(client)
            lock.withLock { heads.append(head) }
            let answer = Array("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(client)
        }
    }

    /// Reads until the blank line that ends a request head (at most 2 s, 64 KiB).
    private static func readHead(_ client: Int32) -> String {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while bytes.count < 65_536 {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
            if String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        _ = finished.wait(timeout: .now() + 5)
        close(fd)
    }

    deinit { stop() }

    /// This host's first IPv4 address that is not loopback, if it has one.
    static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var entry = list
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                var raw = ipv4.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let dotted = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !dotted.hasPrefix("127.") { return dotted }
        }
        return nil
    }
}
