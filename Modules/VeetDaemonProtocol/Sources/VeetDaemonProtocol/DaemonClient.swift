import Foundation
import VeetTransport
import Glibc

/// A connection to veetd for the CLI and the TUI. Blocking calls, each with
/// a deadline; `connect` returns nil-equivalent errors quickly when no daemon
/// runs, so callers fall back to doing the work themselves.
public final class DaemonClient: Sendable {
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case notRunning
        case timedOut
        case closed
        case refused(DaemonError)

        public var description: String {
            switch self {
            case .notRunning: "veetd is not running"
            case .timedOut: "veetd did not answer in time"
            case .closed: "veetd closed the connection"
            case .refused(let error): error.description
            }
        }
    }

    private struct ReadState: Sendable {
        var framer = LineFramer()
        var ready: [LineFramer.Item] = []
        var closed = false
        var daemonVersion = ""
        var daemonPID: Int32 = 0
    }

    private let fd: Int32
    private let state = ThreadLock(ReadState())
    /// What the daemon said about itself in `welcome`.
    public var daemonVersion: String { state.withLock { $0.daemonVersion } }
    public var daemonPID: Int32 { state.withLock { $0.daemonPID } }

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit { Glibc.close(fd) }

    /// Connects and says hello. Throws `.notRunning` when nothing listens.
    public static func connect(paths: DaemonPaths = DaemonPaths(), client: String,
                               timeout: TimeInterval = 2) throws -> DaemonClient {
        let fd: Int32
        do { fd = try UnixSocket.connect(path: paths.socketFile.path) } catch { throw Failure.notRunning }
        let connection = DaemonClient(fd: fd)
        try connection.send(.hello(version: DaemonProtocol.version, client: client))
        switch try connection.receive(timeout: timeout) {
        case .welcome(_, let version, let pid):
            connection.state.withLock {
                $0.daemonVersion = version
                $0.daemonPID = pid
            }
            return connection
        case .error(let error): throw Failure.refused(error)
        default: throw Failure.refused(.malformed("expected welcome"))
        }
    }

    public func send(_ request: DaemonRequest) throws {
        do { try UnixSocket.writeAll(fd, try DaemonCodec.line(request)) } catch { throw Failure.closed }
    }

    /// The next message, waiting at most `timeout` seconds.
    public func receive(timeout: TimeInterval) throws -> DaemonMessage {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let item = state.withLock({ $0.ready.isEmpty ? nil : $0.ready.removeFirst() }) {
                switch item {
                case .oversized: throw Failure.refused(DaemonError.tooLarge())
                case .line(let line):
                    do { return try DaemonCodec.decode(DaemonMessage.self, from: line) } catch { throw Failure.refused(error) }
                }
            }
            if state.withLock({ $0.closed }) { throw Failure.closed }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, UnixSocket.waitReadable(fd, timeout: left) else { throw Failure.timedOut }
            let bytes = (try? UnixSocket.read(fd)) ?? Data()
            state.withLock { state in
                if bytes.isEmpty { state.closed = true } else { state.ready += state.framer.feed(bytes) }
            }
        }
    }

    /// Sends a request and returns its answer, skipping run events of earlier attaches.
    public func request(_ request: DaemonRequest, timeout: TimeInterval = 10) throws -> DaemonMessage {
        try send(request)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try receive(timeout: max(0, deadline.timeIntervalSinceNow))
            switch message {
            case .event, .runEnded: continue
            case .error(let error): throw Failure.refused(error)
            default: return message
            }
        }
    }

    /// `status`, or nil when no daemon answers.
    public static func status(paths: DaemonPaths = DaemonPaths(), timeout: TimeInterval = 2) -> DaemonStatus? {
        guard let client = try? connect(paths: paths, client: "status", timeout: timeout),
              case .status(let status)? = try? client.request(.status, timeout: timeout) else { return nil }
        return status
    }
}
