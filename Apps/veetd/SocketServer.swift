import Foundation
import Glibc
import Synchronization
import VeetDaemonProtocol
import VeetTransport

/// The Unix socket: an accept thread and one reader thread per client, each
/// blocked in `poll` (no busy loop). Requests of one client are handled in
/// order; `handle` answers them.
final class SocketServer: Sendable {
    typealias Handler = @Sendable (_ client: ClientConnection, _ request: DaemonRequest) async -> Void
    typealias Disconnect = @Sendable (_ client: ClientConnection) -> Void

    let path: String
    private let listener: Int32
    private let wake: WakePipe
    private let clients = Mutex<[Int: ClientConnection]>([:])
    private let nextID = Atomic<Int>(1)
    private let handle: Handler
    private let disconnected: Disconnect
    private let log: DaemonLog
    private let version: String

    init(path: String, version: String, log: DaemonLog, handle: @escaping Handler,
         disconnected: @escaping Disconnect) throws {
        self.path = path
        self.version = version
        self.log = log
        self.handle = handle
        self.disconnected = disconnected
        listener = try UnixSocket.listen(path: path)
        wake = try WakePipe()
    }

    var clientCount: Int { clients.withLock { $0.count } }

    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "veetd-accept"
        thread.start()
    }

    /// Stops accepting, ends every client connection and removes the socket file.
    func stop() {
        wake.signal()
        for client in clients.withLock({ Array($0.values) }) { client.close() }
        unlink(path)
    }

    private func acceptLoop() {
        while true {
            var entries = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&entries, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || entries[1].revents != 0 { break }
            guard let fd = UnixSocket.accept(listener) else { continue }
            let client = ClientConnection(clientID: nextID.add(1, ordering: .relaxed).oldValue, fd: fd)
            clients.withLock { $0[client.clientID] = client }
            let thread = Thread { [self] in serve(client) }
            thread.name = "veetd-client-\(client.clientID)"
            thread.start()
        }
        close(listener)
    }

    /// Reads requests until the client leaves (or breaks the protocol's first rule).
    private func serve(_ client: ClientConnection) {
        var framer = LineFramer()
        var greeted = false
        reading: while true {
            var entries = [pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&entries, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || entries[1].revents != 0 { break }
            guard let bytes = try? UnixSocket.read(client.fd), !bytes.isEmpty else { break }
            for item in framer.feed(bytes) {
                guard case .line(let line) = item else {
                    client.send(.error(.tooLarge()))
                    continue
                }
                let request: DaemonRequest
                do {
                    request = try DaemonCodec.decode(DaemonRequest.self, from: line)
                } catch {
                    client.send(.error(error))
                    continue
                }
                if !greeted {
                    guard case .hello(let version, _) = request else {
                        client.send(.error(DaemonError(code: "hello_required", message: "say hello first")))
                        break reading
                    }
                    guard version == DaemonProtocol.version else {
                        client.send(.error(DaemonError(code: "unsupported_version",
                                                       message: "this veetd speaks protocol \(DaemonProtocol.version)")))
                        break reading
                    }
                    greeted = true
                    client.send(.welcome(version: DaemonProtocol.version, daemonVersion: self.version, pid: getpid()))
                    continue
                }
                runToCompletion(client, request)
            }
        }
        client.close()
        clients.withLock { $0[client.clientID] = nil }
        disconnected(client)
        close(client.fd)
    }

    /// Waits on this client's own thread for the async handler, keeping its requests in order.
    private func runToCompletion(_ client: ClientConnection, _ request: DaemonRequest) {
        let done = DispatchSemaphore(value: 0)
        let handle = self.handle
        Task {
            await handle(client, request)
            done.signal()
        }
        done.wait()
    }
}
