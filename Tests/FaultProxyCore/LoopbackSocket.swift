import Foundation
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

public struct SocketError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Plain blocking POSIX sockets on 127.0.0.1, enough for a test proxy.
public enum LoopbackSocket {
    public static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// A listening socket on a loopback port (0: a free one).
    public static func listen(port: UInt16 = 0) throws -> (Int32, UInt16) {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw SocketError(description: "socket() failed: \(errno)") }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = address(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(socketFD, 64) == 0 else {
            close(socketFD)
            throw SocketError(description: "bind/listen failed: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return (socketFD, UInt16(bigEndian: address.sin_port))
    }

    public static func connect(port: UInt16) throws -> Int32 {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw SocketError(description: "socket() failed: \(errno)") }
        var address = address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socketFD)
            throw SocketError(description: "connect() failed: \(errno)")
        }
        return socketFD
    }

    /// Writes every byte; false when the peer is gone (no SIGPIPE).
    public static func writeAll(_ socketFD: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes {
                send(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// A loopback port that only counts the connections it receives, notes the
/// first line each one sends (within a second), and closes them. Proves that
/// nothing was sent to it: match on a marker in the path, since a stray
/// client of another test can reach a reused port number.
public final class CountingListener: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let accepted = ThreadLock(0)
    private let lines = ThreadLock<[String]>([])
    private let stopped = ThreadLock(false)

    public init() throws {
        (listener, port) = try LoopbackSocket.listen()
        let listener = listener
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else {
                    if stopped.withLock({ $0 }) {
                        close(listener)
                        return
                    }
                    continue
                }
                accepted.withLock { $0 += 1 }
                if let line = Self.firstLine(client) { lines.withLock { $0.append(line) } }
                close(client)
            }
        }
    }

    public var connectionCount: Int { accepted.withLock { $0 } }

    /// The first line of every connection that sent one, oldest first.
    public var requestLines: [String] { lines.withLock { $0 } }

    private static func firstLine(_ client: Int32) -> String? {
        var limit = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 2_048)
        let count = read(client, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self).components(separatedBy: "\r\n").first
    }

    /// Call once when done; the accept thread keeps the listener alive until then.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }
}
