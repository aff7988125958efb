import Foundation
import Glibc

struct SocketError: Error, CustomStringConvertible {
    let operation: String
    let code: Int32
    var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}

/// The loopback listening socket.
struct ListeningSocket {
    let descriptor: Int32
    let port: UInt16

    /// Binds 127.0.0.1:`port` (0 picks a free port) with SO_REUSEADDR and starts listening.
    static func open(port: UInt16) throws -> ListeningSocket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(operation: "socket", code: errno) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "bind", code: code)
        }
        guard listen(descriptor, 128) == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "listen", code: code)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return ListeningSocket(descriptor: descriptor, port: UInt16(bigEndian: actual.sin_port))
    }
}

/// One accepted TCP connection. Owned by a single connection thread; only
/// `shutdown` is called from elsewhere (on stop), which the kernel makes safe.
struct SocketStream {
    enum ReadResult {
        case bytes([UInt8])
        case closed
        case timedOut
    }

    let descriptor: Int32

    /// Reads what is available, waiting at most `timeout` seconds for the first byte.
    func read(maximum: Int = 65_536, timeout: TimeInterval) -> ReadResult {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(max(0, min(timeout, 86_400)) * 1000))
        if ready == 0 { return .timedOut }
        if ready < 0 { return errno == EINTR ? .timedOut : .closed }
        var buffer = [UInt8](repeating: 0, count: maximum)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
        guard count > 0 else { return .closed }
        return .bytes(Array(buffer[0..<count]))
    }

    /// Writes every byte; false when the peer is gone.
    @discardableResult
    func write(_ data: Data) -> Bool {
        var offset = 0
        return data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while offset < raw.count {
                let written = send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    func shutdownBoth() { shutdown(descriptor, Int32(SHUT_RDWR)) }
    func shutdownWriting() { shutdown(descriptor, Int32(SHUT_WR)) }
    func close() { Glibc.close(descriptor) }
}
