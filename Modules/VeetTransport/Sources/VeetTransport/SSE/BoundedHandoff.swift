/// Hands elements from one producer task to one consumer, holding at most
/// `capacity` in between: the producer waits while the consumer is behind,
/// so a slow consumer slows the producer (and, under it, the connection)
/// instead of piling up decoded events in memory.
public final class BoundedHandoff<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        /// How the producer ended; delivered once the buffer is drained.
        var end: Result<Void, any Error>?
        /// Set when the consumer let go: later sends are dropped.
        var closed = false
        var waitingConsumer: CheckedContinuation<Element?, any Error>?
        var waitingProducer: CheckedContinuation<Void, Never>?
    }

    private enum SendStep { case delivered(CheckedContinuation<Element?, any Error>?), full, dropped }
    private enum NextStep { case element(Element, CheckedContinuation<Void, Never>?), ended(Result<Void, any Error>), wait }

    public let capacity: Int
    private let state = ThreadLock(State())

    public init(capacity: Int) {
        precondition(capacity > 0, "a handoff needs room for one element")
        self.capacity = capacity
    }

    /// Passes `element` on, waiting while `capacity` elements are unread.
    /// False once the consumer is gone (the element is dropped).
    @discardableResult
    public func send(_ element: Element) async -> Bool {
        while true {
            let step = state.withLock { state -> SendStep in
                if state.closed || state.end != nil { return .dropped }
                if let consumer = state.waitingConsumer {
                    state.waitingConsumer = nil
                    return .delivered(consumer)
                }
                guard state.buffer.count < capacity else { return .full }
                state.buffer.append(element)
                return .delivered(nil)
            }
            switch step {
            case .delivered(let consumer):
                consumer?.resume(returning: element)
                return true
            case .dropped:
                return false
            case .full:
                await withCheckedContinuation { (producer: CheckedContinuation<Void, Never>) in
                    let roomNow = state.withLock { state -> Bool in
                        if state.closed || state.buffer.count < capacity { return true }
                        state.waitingProducer = producer
                        return false
                    }
                    if roomNow { producer.resume() }
                }
            }
        }
    }

    /// The producer is done; the consumer sees `result` after the buffered elements.
    public func finish(_ result: Result<Void, any Error>) {
        let consumer = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = result
            defer { state.waitingConsumer = nil }
            return state.waitingConsumer
        }
        consumer?.resume(with: result.map { nil })
    }

    /// The next element; nil at the end (or after `close()`); throws the producer's error once.
    public func next() async throws -> Element? {
        return try await withCheckedThrowingContinuation { consumer in
            let step = state.withLock { state -> NextStep in
                if !state.buffer.isEmpty {
                    let element = state.buffer.removeFirst()
                    defer { state.waitingProducer = nil }
                    return .element(element, state.waitingProducer)
                }
                if let end = state.end {
                    state.end = .success(())  // an error is reported once; afterwards the stream is simply over
                    return .ended(end)
                }
                if state.closed { return .ended(.success(())) }
                state.waitingConsumer = consumer
                return .wait
            }
            switch step {
            case .element(let element, let producer):
                producer?.resume()
                consumer.resume(returning: element)
            case .ended(let result):
                consumer.resume(with: result.map { nil })
            case .wait:
                break
            }
        }
    }

    /// Every element buffered now, at least one (waiting for it as `next()`
    /// does); nil at the end. A consumer behind its producer takes what is
    /// there in one step and wakes a waiting producer once for all of it,
    /// instead of once per element (each a thread hand-off).
    public func nextBatch() async throws -> [Element]? {
        let (batch, producer) = state.withLock { state -> ([Element], CheckedContinuation<Void, Never>?) in
            guard !state.buffer.isEmpty else { return ([], nil) }
            let batch = state.buffer
            state.buffer.removeAll(keepingCapacity: true)
            defer { state.waitingProducer = nil }
            return (batch, state.waitingProducer)
        }
        producer?.resume()
        if !batch.isEmpty { return batch }
        return try await next().map { [$0] }
    }

    /// The consumer let go: buffered elements are dropped, a waiting producer is released.
    public func close() {
        let (producer, consumer) = state.withLock { state -> (CheckedContinuation<Void, Never>?, CheckedContinuation<Element?, any Error>?) in
            state.closed = true
            state.buffer.removeAll()
            defer { (state.waitingProducer, state.waitingConsumer) = (nil, nil) }
            return (state.waitingProducer, state.waitingConsumer)
        }
        producer?.resume()
        consumer?.resume(returning: nil)
    }
}

/// The consumer's end of a handoff fed by a producer task: letting go of it
/// (dropping the stream, or cancelling the task that reads it) cancels the
/// producer. It takes what the handoff holds a batch at a time and hands it
/// out one element per `next()`, so up to twice the handoff's capacity can be
/// decoded ahead of the consumer.
public final class HandoffConsumer<Element: Sendable>: Sendable {
    private let handoff: BoundedHandoff<Element>
    private let producer: Task<Void, Never>
    /// The batch taken last and how much of it was handed out.
    private let taken = ThreadLock(Taken())

    private struct Taken {
        var elements: [Element] = []
        var handedOut = 0

        mutating func pop() -> Element? {
            guard handedOut < elements.count else { return nil }
            defer { handedOut += 1 }
            return elements[handedOut]
        }
    }

    public init(_ handoff: BoundedHandoff<Element>, producer: Task<Void, Never>) {
        self.handoff = handoff
        self.producer = producer
    }

    deinit {
        handoff.close()
        producer.cancel()
    }

    public func next() async throws -> Element? {
        let handoff = handoff, producer = producer
        if Task.isCancelled {
            handoff.close()
            producer.cancel()
            return nil
        }
        if let element = taken.withLock({ $0.pop() }) { return element }
        let batch = try await withTaskCancellationHandler {
            try await handoff.nextBatch()
        } onCancel: {
            handoff.close()
            producer.cancel()
        }
        guard let batch, let first = batch.first else { return nil }
        taken.withLock { $0 = Taken(elements: batch, handedOut: 1) }
        return first
    }

    /// A stream over the handoff for one consumer.
    public var stream: AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream(unfolding: { try await self.next() })
    }
}
