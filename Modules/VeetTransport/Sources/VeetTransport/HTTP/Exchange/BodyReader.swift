import Foundation

/// Reads one answer's body off its connection, a bounded piece per `next()`.
/// Nothing is read ahead: between two calls the bytes wait in the kernel,
/// and once its window is full, the server waits too.
final class BodyReader: @unchecked Sendable {  // next() is called only by the one consumer of the unfolding stream, never concurrently
    private let connection: TCPConnection
    private var decoder: BodyDecoder
    private var leftover: Data?
    private var finished = false
    private let timeout: TimeInterval
    private let requestID: String

    init(connection: TCPConnection, decoder: BodyDecoder, leftover: Data, timeout: TimeInterval, requestID: String) {
        self.connection = connection
        self.decoder = decoder
        self.leftover = leftover.isEmpty ? nil : leftover
        self.timeout = timeout
        self.requestID = requestID
    }

    /// A dropped stream ends any wait still holding the connection, which then closes.
    deinit {
        connection.interrupt()
        connection.shutDown()
    }

    /// Callable from any thread: ends a wait in progress and every later read
    /// with `.cancelled`, and closes the session. It holds the connection, not
    /// the reader, so a dropped stream still shuts its session down at once.
    var canceller: @Sendable () -> Void {
        { [connection] in
            connection.interrupt()
            connection.shutDown()
        }
    }

    /// Nothing more will be read: the server learns at once, not when the stream is dropped.
    private func finish() {
        finished = true
        connection.shutDown()
    }

    /// The next piece of the body; nil at its end. Throws `TransportError`:
    /// `.cancelled` after the `canceller` ran or the consumer's task was cancelled,
    /// `.connectionLost` for anything that broke the body midway.
    func next() async throws -> Data? {
        while !finished {
            let input: Data
            if let pending = leftover {
                leftover = nil
                input = pending
            } else {
                input = try await receive()
                if input.isEmpty { return try endOfStream() }
            }
            let body = try decode(input)
            if !body.isEmpty { return body }
        }
        return nil
    }

    /// The rest of the body, up to `limit` bytes; `whole` is false when more
    /// was there (it is not read). Blocking.
    func readWholeBlocking(limit: Int) throws -> (body: Data, whole: Bool) {
        var body = Data()
        if let pending = leftover {
            leftover = nil
            body.append(try decode(pending))
        }
        while !finished && body.count <= limit {
            let input = try connection.receive(limit: HTTPExchange.readSize, timeout: timeout)
            if input.isEmpty {
                _ = try endOfStream()
                break
            }
            body.append(try decode(input))
        }
        if !finished { finish() }
        return (body.prefix(limit), body.count <= limit)
    }

    private func decode(_ input: Data) throws -> Data {
        do {
            let body = try decoder.feed(input)
            if decoder.isComplete { finish() }
            return body
        } catch {
            finish()
            throw TransportError(.connectionLost, "the answer's framing broke: \(error)", requestID: requestID)
        }
    }

    private func endOfStream() throws -> Data? {
        finish()
        guard decoder.endsAtClose else {
            throw TransportError(.connectionLost, "the server closed the connection before the end of the answer",
                                 requestID: requestID)
        }
        return nil
    }

    private func receive() async throws -> Data {
        do {
            if Task.isCancelled { connection.interrupt() }
            if let ready = try connection.receiveNow(limit: HTTPExchange.readSize) { return ready }
            let connection = connection, timeout = timeout
            return try await Blocking.run(onCancel: connection.interrupt) {
                try connection.receive(limit: HTTPExchange.readSize, timeout: timeout)
            }
        } catch let error as TransportError {
            finish()
            // Whatever broke mid-body (reset, idle timeout), the cure is the same: reconnect.
            let kind: TransportError.Kind = error.kind == .cancelled ? .cancelled : .connectionLost
            throw TransportError(kind, error.detail, requestID: requestID)
        }
    }
}
