import Foundation
import Glibc

/// The application behind the listener. Called on the connection's own thread.
protocol RequestResponder: Sendable {
    /// Answers one request. `readBody(limit)` reads the body on demand, so the
    /// application can refuse a request (401, 415, 413) before reading it.
    func respond(
        to head: RequestHead, framing: BodyFraming, requestID: String,
        readBody: (Int) -> RequestReader.BodyResult
    ) -> HTTPResponse
}

/// Accept loop on one thread plus one thread per connection.
final class HTTPListener: @unchecked Sendable {  // mutable state below is guarded by `lock`
    struct Limits {
        var maximumHeadBytes = 65_536
        /// A body this small is read and discarded after an early answer, keeping the connection.
        var drainableBodyBytes = 1_048_576
        var idleTimeout: TimeInterval = 120
    }

    private let responder: any RequestResponder
    private let limits: Limits
    private let lock = NSLock()
    private var listener: ListeningSocket?
    private var wakeDescriptors: [Int32] = [-1, -1]
    private var openConnections: Set<Int32> = []
    private var stopped = false
    private let connectionsFinished = DispatchGroup()
    private let acceptLoopFinished = DispatchSemaphore(value: 0)

    init(responder: any RequestResponder, limits: Limits = Limits()) {
        self.responder = responder
        self.limits = limits
    }

    /// Binds and starts accepting; returns the bound port.
    func start(port: UInt16) throws -> UInt16 {
        let socket = try ListeningSocket.open(port: port)
        var pipeDescriptors: [Int32] = [-1, -1]
        guard pipe(&pipeDescriptors) == 0 else {
            Glibc.close(socket.descriptor)
            throw SocketError(operation: "pipe", code: errno)
        }
        lock.withLock {
            listener = socket
            wakeDescriptors = pipeDescriptors
        }
        let wakeReader = pipeDescriptors[0]
        let thread = Thread { [self] in acceptLoop(socket: socket, wake: wakeReader) }
        thread.name = "veet-fixture-accept"
        thread.start()
        return socket.port
    }

    var isStopped: Bool { lock.withLock { stopped } }

    /// Stops accepting, shuts every open connection down and waits (bounded) for their threads.
    func stop() {
        let wasRunning: Bool = lock.withLock {
            guard !stopped, listener != nil else { return false }
            stopped = true
            var byte: UInt8 = 1
            _ = Glibc.write(wakeDescriptors[1], &byte, 1)
            for descriptor in openConnections { SocketStream(descriptor: descriptor).shutdownBoth() }
            return true
        }
        guard wasRunning else { return }
        acceptLoopFinished.wait()
        _ = connectionsFinished.wait(timeout: .now() + 5)
        lock.withLock {
            Glibc.close(wakeDescriptors[0])
            Glibc.close(wakeDescriptors[1])
        }
    }

    private func acceptLoop(socket: ListeningSocket, wake: Int32) {
        defer {
            Glibc.close(socket.descriptor)
            acceptLoopFinished.signal()
        }
        while true {
            var pollers = [
                pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&pollers, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || pollers[1].revents != 0 || isStopped { return }
            guard pollers[0].revents & Int16(POLLIN) != 0 else { continue }
            let descriptor = accept(socket.descriptor, nil, nil)
            guard descriptor >= 0 else { continue }
            var noDelay: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            let admitted: Bool = lock.withLock {
                guard !stopped else { return false }
                openConnections.insert(descriptor)
                connectionsFinished.enter()
                return true
            }
            guard admitted else {
                Glibc.close(descriptor)
                return
            }
            let thread = Thread { [self] in serve(SocketStream(descriptor: descriptor)) }
            thread.name = "veet-fixture-connection"
            thread.start()
        }
    }

    private func serve(_ stream: SocketStream) {
        defer {
            if !isStopped { lingerBeforeClose(stream) }
            lock.withLock {
                openConnections.remove(stream.descriptor)
                stream.close()
            }
            connectionsFinished.leave()
        }
        var reader = RequestReader(
            stream: stream, maximumHeadBytes: limits.maximumHeadBytes, idleTimeout: limits.idleTimeout)
        while !isStopped {
            let head: RequestHead
            switch reader.readHead() {
            case .closed:
                return
            case .tooLarge:
                send(.plainServerError(431, "Request header fields too large."), requestID: nil, on: stream)
                return
            case .malformed:
                send(.plainServerError(400, "Invalid HTTP request received."), requestID: nil, on: stream)
                return
            case .head(let parsed):
                head = parsed
            }
            guard let framing = RequestReader.framing(of: head) else {
                send(.plainServerError(400, "Invalid HTTP request received."), requestID: nil, on: stream)
                return
            }
            let requestID = Identifier.requestID(echoing: head.header("x-request-id"))
            let expectsContinue = head.header("expect")?.lowercased() == "100-continue"
            var bodyWasRead = false
            var response = responder.respond(to: head, framing: framing, requestID: requestID) { limit in
                bodyWasRead = true
                // The client holds the body back until told to go on.
                if expectsContinue { stream.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
                return reader.readBody(framing, limit: limit)
            }
            if response.dropWithoutAnswer { return }
            // An answer given without reading the body: discard a small declared body after
            // answering (so the connection stays usable); otherwise close.
            var unreadLength = 0
            if !bodyWasRead && framing != .none {
                if case .length(let length) = framing, length <= limits.drainableBodyBytes, !expectsContinue {
                    unreadLength = length
                } else {
                    response.closeAfterwards = true
                }
            }
            let close = response.closeAfterwards || head.wantsClose
            response.omitsBody = head.method == "HEAD"
            guard send(response, requestID: requestID, on: stream, close: close), !close else { return }
            if unreadLength > 0 {
                guard case .body = reader.readBody(.length(unreadLength), limit: unreadLength) else { return }
            }
        }
    }

    /// Closing with unread request bytes makes the kernel send a reset, which can
    /// destroy the answer just written (e.g. a 413). So: end our side, then read
    /// and discard until the peer closes (bounded in time and bytes).
    private func lingerBeforeClose(_ stream: SocketStream) {
        stream.shutdownWriting()
        var discarded = 0
        let deadline = Date().addingTimeInterval(1)
        while discarded < 8 * 1_048_576, Date() < deadline {
            guard case .bytes(let bytes) = stream.read(timeout: deadline.timeIntervalSinceNow) else { return }
            discarded += bytes.count
        }
    }

    /// Writes a response; false when the connection must end.
    @discardableResult
    private func send(_ response: HTTPResponse, requestID: String?, on stream: SocketStream, close: Bool = true) -> Bool {
        guard stream.write(response.head(requestID: requestID, close: close)) else { return false }
        switch response.body {
        case .bytes(let data):
            return data.isEmpty || response.omitsBody || stream.write(data)
        case .stream(let produce):
            let writer = ChunkWriter(stream: stream)
            switch produce(writer) {
            case .finished: return writer.finish()
            case .finishedThenClose:
                _ = writer.finish()
                return false
            case .aborted: return false
            }
        }
    }
}
