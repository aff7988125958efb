import Foundation
import VeetTransport

/// A run's event stream that survives disconnects (docs/wire/streaming.md §4).
///
/// Opens `GET /v1/runs/{id}/events`, decodes frames, and on an early end
/// (EOF before the terminal event, a network error, `stream.overflow`)
/// reconnects with `Last-Event-ID` set to the highest persisted sequence
/// received. Persisted frames already seen (the caller's set, e.g. from the
/// transcript, plus every one delivered) are dropped, so the consumer gets
/// each persisted event exactly once. Transient frames are passed through
/// and never move the cursor.
///
/// The stream finishes normally right after the first terminal event
/// (`run.completed`, `run.failed`, `run.cancelled`); suspensions keep it
/// open. It throws `APIError` (the server refused: 401, 403, 404, ...;
/// never retried), `SSEError` (an oversized frame), `InvalidResponseError`,
/// a non-retryable `TransportError` (`cancelled`, `redirectRefused`) or
/// `RunStreamError.gaveUp` when the reconnect budget is spent. Cancelling
/// the consumer's task cancels the connection.
public struct RunEventStream: Sendable {
    private let source: any ByteStreamSource
    public let runID: String
    public let lastEventID: Int64?
    public let seenSequences: Set<Int64>
    public let policy: ReconnectPolicy
    public let limits: SSELimits
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - lastEventID: the cursor to open with (the highest persisted sequence
    ///     already processed), or nil to start from the run's first event.
    ///   - seenSequences: persisted sequences the caller already holds; such frames are dropped.
    ///   - sleeper: waits between reconnects (tests pass one that returns at once).
    public init(source: some ByteStreamSource, runID: String, lastEventID: Int64?,
                seenSequences: Set<Int64> = [], policy: ReconnectPolicy = .default,
                limits: SSELimits = .default,
                sleeper: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.source = source
        self.runID = runID
        self.lastEventID = lastEventID
        self.seenSequences = seenSequences
        self.policy = policy
        self.limits = limits
        self.sleeper = sleeper
    }

    /// The route, with the run id escaped as one path segment.
    public var path: String {
        var segment = CharacterSet.urlPathAllowed
        segment.remove(charactersIn: "/")
        let escaped = runID.addingPercentEncoding(withAllowedCharacters: segment) ?? runID
        return "/v1/runs/\(escaped)/events"
    }

    /// Outputs decoded ahead of the consumer at most; beyond that the stream
    /// stops reading the connection until the consumer catches up.
    public static let outputsAhead = 64

    /// Starts the stream. Each call is an independent stream from the initial cursor.
    /// Dropping the stream, or cancelling the task that reads it, closes the connection.
    public func events() -> AsyncThrowingStream<RunStreamOutput, Error> {
        // Half in the handoff, half in the batch its consumer's end took last (HandoffConsumer).
        let handoff = BoundedHandoff<RunStreamOutput>(capacity: Self.outputsAhead / 2)
        let producer = Task {
            do {
                try await run { await handoff.send($0) }
                handoff.finish(.success(()))
            } catch is CancellationError {
                handoff.finish(.success(()))
            } catch {
                handoff.finish(.failure(error))
            }
        }
        return HandoffConsumer(handoff, producer: producer).stream
    }

    private func run(_ emit: @Sendable (RunStreamOutput) async -> Void) async throws {
        var book = RunStreamBookkeeping(cursor: lastEventID, seen: seenSequences, policy: policy)
        while true {
            try Task.checkCancellation()
            let interruption: RunStreamInterruption
            do {
                let bytes = try await source.openByteStream(path: path, headers: book.headers)
                await emit(.connected)
                guard let ended = try await consume(bytes, into: &book, emit) else { return }
                interruption = ended
            } catch let error as TransportError where Self.isRetryable(error) {
                interruption = .transport(error)
            }
            try Task.checkCancellation()
            await emit(.interrupted(interruption))
            var byOverflow = false
            if case .overflow = interruption { byOverflow = true }
            switch book.connectionEnded(byOverflow: byOverflow) {
            case .reconnect(let attempt, let delay):
                await emit(.reconnecting(attempt: attempt, after: delay))
                try await sleeper(delay)
            case .giveUp(let reconnects, let withoutProgress):
                throw RunStreamError.gaveUp(runID: runID, reconnects: reconnects, withoutProgress: withoutProgress,
                                            lastProblem: interruption.description)
            }
        }
    }

    /// Reads one connection. Returns nil when the run ended (terminal event),
    /// otherwise why the connection ended early.
    private func consume(_ bytes: AsyncThrowingStream<Data, Error>, into book: inout RunStreamBookkeeping,
                         _ emit: @Sendable (RunStreamOutput) async -> Void) async throws -> RunStreamInterruption? {
        var decoder = SSEDecoder(limits: limits)
        var events: [SSEEvent] = []
        var heartbeats = 0
        for try await chunk in bytes {
            events.removeAll(keepingCapacity: true)
            var oversized: SSEError?
            do { try decoder.feed(chunk, into: &events) } catch { oversized = error }
            if decoder.commentCount != heartbeats {
                heartbeats = decoder.commentCount
                await emit(.heartbeat)
            }
            // Events decoded before an oversized frame are delivered first: nothing is lost.
            for event in events {
                let frame = RunEventFrame.decode(event)
                switch book.accept(frame) {
                case .deliver: await emit(.frame(frame))
                case .drop: break
                case .finish(let deliver):
                    if deliver { await emit(.frame(frame)) }
                    return nil
                case .overflow(let lastSequence):
                    return .overflow(lastSequence: lastSequence)
                }
            }
            if let oversized { throw oversized }
        }
        try Task.checkCancellation()
        return .endOfStream
    }

    private static func isRetryable(_ error: TransportError) -> Bool {
        switch error.kind {
        case .cancelled, .redirectRefused: false
        default: true
        }
    }
}
