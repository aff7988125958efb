import Foundation
import Glibc

/// Thin POSIX helpers for the daemon's stream socket. Every blocking wait
/// goes through `poll` with a deadline.
public enum UnixSocket {
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var operation: String
        public var code: Int32
        public init(operation: String, code: Int32) {
            self.operation = operation
            self.code = code
        }
        public var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }

    /// Accepts one connection (close-on-exec); nil when none could be taken.
    public static func accept(_ listener: Int32) -> Int32? {
        let fd = Glibc.accept(listener, nil, nil)
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw Failure(operation: "socket path too long", code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws -> T {
        var address = try address(path)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Connects to a listening socket; throws when nobody listens there.
    public static func connect(path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(operation: "socket", code: errno) }
        let result = try withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure(operation: "connect", code: code)
        }
        return fd
    }

    /// Binds and listens at `path` (mode 0600). A stale socket file nobody
    /// answers on is replaced; a live one means another daemon runs: `EADDRINUSE`.
    public static func listen(path: String, backlog: Int32 = 16) throws -> Int32 {
        if FileManager.default.fileExists(atPath: path) {
            if let live = try? connect(path: path) {
                Glibc.close(live)
                throw Failure(operation: "another veetd is listening on \(path)", code: EADDRINUSE)
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(operation: "socket", code: errno) }
        let previous = umask(0o177)
        let bound = try withAddress(path) { bind(fd, $0, $1) }
        umask(previous)
        guard bound == 0, Glibc.listen(fd, backlog) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure(operation: "bind \(path)", code: code)
        }
        return fd
    }

    /// Waits until `fd` is readable or the timeout passes (nil: forever). False on timeout.
    public static func waitReadable(_ fd: Int32, timeout: TimeInterval?) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let millis = timeout.map { Int32(max(0, min($0, 86_400)) * 1000) } ?? -1
        while true {
            let result = poll(&entry, 1, millis)
            if result < 0 && errno == EINTR { continue }
            return result != 0
        }
    }

    /// Reads what is there (up to 64 KiB); empty data means the peer closed.
    public static func read(_ fd: Int32) throws -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(operation: "recv", code: errno) }
            return Data(buffer[0..<count])
        }
    }

    /// Writes all of `data`, never raising SIGPIPE.
    public static func writeAll(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { throw Failure(operation: "send", code: errno) }
                offset += sent
            }
        }
    }
}
