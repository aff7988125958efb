import CVeetTLS
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TLS server on 127.0.0.1 in front of a plain test server: each accepted
/// connection is handshaken with `certificate` (Certificates/, issued by the
/// test authority) and its bytes copied both ways to `upstreamPort`. It lets
/// every client test run over https:// as well as http://, and
/// `veet-fault-proxy --tls` put the built apps behind https://.
public final class TLSFront: Sendable {
    public enum Certificate: String, Sendable {
        /// For localhost, 127.0.0.1 and ::1.
        case loopback
        /// For veet.example.org only: the wrong name for 127.0.0.1.
        case elsewhere
    }

    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Certificates")
    /// The authority that issued both certificates, for `HTTPClient(trustedCertificates:)`.
    public static let authority = directory.appendingPathComponent("authority.pem").path

    public let port: Int
    private let listener: Int32

    public init(upstreamPort: Int, certificate: Certificate = .loopback) throws {
        let (fd, port) = try Self.listenOnLoopback()
        listener = fd
        self.port = port
        let chain = Self.directory.appendingPathComponent(certificate.rawValue + ".pem").path
        let key = Self.directory.appendingPathComponent(certificate.rawValue + ".key").path
        Thread { [self] in self.acceptLoop(upstreamPort: upstreamPort, chain: chain, key: key) }.start()
    }

    public var baseURL: String { "https://127.0.0.1:\(port)" }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A listening socket on 127.0.0.1 and its port.
    public static func listenOnLoopback() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop(upstreamPort: Int, chain: String, key: String) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread { Self.serve(client, upstreamPort: upstreamPort, chain: chain, key: key) }.start()
        }
    }

    private static func serve(_ client: Int32, upstreamPort: Int, chain: String, key: String) {
        defer { close(client) }
        var message = [CChar](repeating: 0, count: 512)
        guard let session = veet_tls_server(client, chain, key, &message, message.count) else { return }
        defer { veet_tls_free(session) }
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        while true {
            let step = veet_tls_handshake(session, &message, message.count)
            if step == VEET_TLS_DONE { break }
            guard step == VEET_TLS_WANT_READ || step == VEET_TLS_WANT_WRITE,
                  wait(client, step == VEET_TLS_WANT_READ ? Int16(POLLIN) : Int16(POLLOUT)) else { return }
        }
        guard let upstream = connect(port: upstreamPort) else { return }
        defer { close(upstream) }
        pump(session, client: client, upstream: upstream)
    }

    /// Copies decrypted bytes to the upstream and the upstream's bytes back
    /// through TLS until either side ends.
    private static func pump(_ session: OpaquePointer, client: Int32, upstream: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var message = [CChar](repeating: 0, count: 512)
        var entries = [pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
        while true {
            // TLS may hold decrypted bytes the socket no longer shows: read until it wants more.
            while true {
                let count = buffer.withUnsafeMutableBytes { veet_tls_read(session, $0.baseAddress, $0.count, &message, message.count) }
                if count > 0 {
                    guard writeAll(upstream, buffer, count) else { return }
                    continue
                }
                if count == Int(VEET_TLS_WANT_READ) || count == Int(VEET_TLS_WANT_WRITE) { break }
                return
            }
            entries[0].revents = 0
            entries[1].revents = 0
            guard poll(&entries, 2, 30_000) > 0 else { return }
            if entries[1].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(upstream, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                var offset = 0
                while offset < count {
                    let sent = buffer.withUnsafeBytes {
                        veet_tls_write(session, $0.baseAddress! + offset, count - offset, &message, message.count)
                    }
                    if sent > 0 { offset += sent; continue }
                    guard sent == Int(VEET_TLS_WANT_WRITE) || sent == Int(VEET_TLS_WANT_READ),
                          wait(client, sent == Int(VEET_TLS_WANT_READ) ? Int16(POLLIN) : Int16(POLLOUT)) else { return }
                }
            }
        }
    }

    private static func wait(_ fd: Int32, _ events: Int16) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        return poll(&entry, 1, 30_000) > 0
    }

    private static func writeAll(_ fd: Int32, _ buffer: [UInt8], _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let sent = buffer.withUnsafeBytes { send(fd, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// A connected socket to 127.0.0.1:`port`, nil when nothing listens.
    static func connect(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
