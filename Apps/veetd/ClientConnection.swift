import Foundation
import Glibc
import Synchronization
import VeetDaemonProtocol

/// One connected client: its socket, what it said in hello, and a lock so
/// answers and fanned-out run events never interleave mid-line.
final class ClientConnection: MessageSink, Sendable {
    let clientID: Int
    let fd: Int32
    private let writeLock = Mutex<Bool>(true)  // true while the socket is usable

    init(clientID: Int, fd: Int32) {
        self.clientID = clientID
        self.fd = fd
        // A client that stops reading is dropped after 2 s instead of stalling everyone.
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    @discardableResult
    func send(_ message: DaemonMessage) -> Bool {
        guard let line = try? DaemonCodec.line(message) else {
            return send(.error(DaemonError(code: "too_large", message: "an answer did not fit in one message")))
        }
        return writeLock.withLock { usable in
            guard usable else { return false }
            do {
                try UnixSocket.writeAll(fd, line)
                return true
            } catch {
                usable = false
                shutdown(fd, Int32(SHUT_RDWR))
                return false
            }
        }
    }

    /// Ends the connection; the reader thread sees EOF and cleans up.
    func close() {
        writeLock.withLock { usable in
            usable = false
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }
}
