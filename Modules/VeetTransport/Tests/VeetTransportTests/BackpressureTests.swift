import Foundation
import Synchronization
import Testing
@testable import VeetTransport
import VeetWire

/// A consumer slower than its server must slow the server, not fill memory:
/// the server's writes stop once the kernel's buffers and the client's small
/// look-ahead are full.
final class WrittenBytes: Sendable {
    let count = Mutex(0)
}

@Suite(.timeLimit(.minutes(1)))
struct BackpressureTests {
    /// Far more than kernel buffers (a few MiB on loopback) plus the client's look-ahead hold.
    static let bound = 48 * 1_048_576
    static let serverCap = 512 * 1_048_576

    /// A server writing event frames as fast as it can, up to `serverCap`, counting what it wrote.
    /// `clientGone` opens when a write fails: the client closed the connection.
    static func floodServer(written: WrittenBytes, clientGone: Gate = Gate()) throws -> HTTPTestServer {
        try HTTPTestServer { _, _, connection in
            connection.startChunked(status: 200, headers: ["Content-Type": "text/event-stream"])
            var sequence = 0
            var total = 0
            while total < serverCap {
                var frames = ""
                for _ in 0..<256 {
                    sequence += 1
                    frames += "id: \(sequence)\nevent: run.progress\ndata: {\"note\":\"\(String(repeating: "x", count: 200))\"}\n\n"
                }
                guard connection.writeChunk(frames) else { return clientGone.open() }
                total += frames.utf8.count
                written.count.withLock { $0 = total }
            }
        }
    }

    /// Waits until the server has stopped writing (no growth for 300 ms) or 3 s passed; returns the count.
    static func settledCount(_ written: WrittenBytes) async throws -> Int {
        var last = -1
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline {
            let now = written.count.withLock { $0 }
            if now == last { return now }
            last = now
            try await Task.sleep(for: .milliseconds(300))
        }
        return written.count.withLock { $0 }
    }

    @Test func aPausedByteStreamStopsTheServer() async throws {
        let written = WrittenBytes()
        let server = try Self.floodServer(written: written)
        defer { server.stop() }
        let stream = try await makeClient(server, .plain).openStream(.get("/v1/runs/r/events"))
        var iterator = stream.chunks.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.isEmpty == false)
        let settled = try await Self.settledCount(written)
        #expect(settled < Self.bound, "the server wrote \(settled) bytes to a reader that took one piece")
        // Reading again resumes the flow: the server writes more than it had.
        for _ in 0..<1_000 { _ = try await iterator.next() }
        #expect(try await Self.settledCount(written) > settled)
        stream.cancel()
    }

    @Test func aPausedRunEventStreamStopsTheServer() async throws {
        let written = WrittenBytes()
        let server = try Self.floodServer(written: written)
        defer { server.stop() }
        let events = RunEventStream(source: try makeClient(server, .plain), runID: "r", lastEventID: nil).events()
        var iterator = events.makeAsyncIterator()
        var frames = 0
        while frames < 3, let output = try await iterator.next() {
            if case .frame = output { frames += 1 }
        }
        let settled = try await Self.settledCount(written)
        #expect(settled < Self.bound, "the server wrote \(settled) bytes to a consumer that took three frames")
    }

    @Test func aDroppedRunEventStreamClosesItsConnection() async throws {
        let written = WrittenBytes()
        let clientGone = Gate()
        let server = try Self.floodServer(written: written, clientGone: clientGone)
        defer { server.stop() }
        do {
            let events = RunEventStream(source: try makeClient(server, .plain), runID: "r", lastEventID: nil).events()
            var iterator = events.makeAsyncIterator()
            _ = try await iterator.next()
        }
        // Once the consumer let go, the server's writes fail (a connection merely left
        // unread would stall them instead), well short of its cap.
        #expect(await clientGone.waitAsync())
        let settled = try await Self.settledCount(written)
        #expect(settled < Self.bound)
    }
}

@Suite(.timeLimit(.minutes(1)))
struct BoundedHandoffTests {
    @Test func theProducerWaitsWhileTheBufferIsFull() async throws {
        let handoff = BoundedHandoff<Int>(capacity: 4)
        let sent = Mutex(0)
        let producer = Task {
            for value in 0..<100 {
                guard await handoff.send(value) else { return }
                sent.withLock { $0 = value + 1 }
            }
            handoff.finish(.success(()))
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(sent.withLock { $0 } == 4)
        var received: [Int] = []
        while let value = try await handoff.next() { received.append(value) }
        #expect(received == Array(0..<100))
        await producer.value
    }

    @Test func anErrorArrivesAfterTheBufferedElementsAndOnce() async throws {
        struct Boom: Error {}
        let handoff = BoundedHandoff<Int>(capacity: 8)
        await handoff.send(1)
        await handoff.send(2)
        handoff.finish(.failure(Boom()))
        #expect(try await handoff.next() == 1)
        #expect(try await handoff.next() == 2)
        await #expect(throws: Boom.self) { _ = try await handoff.next() }
        #expect(try await handoff.next() == nil)
    }

    @Test func closingReleasesAWaitingProducerAndDropsLaterSends() async throws {
        let handoff = BoundedHandoff<Int>(capacity: 1)
        await handoff.send(1)
        let blocked = Task { await handoff.send(2) }
        try await Task.sleep(for: .milliseconds(50))
        handoff.close()
        #expect(await blocked.value == false)
        #expect(await handoff.send(3) == false)
        #expect(try await handoff.next() == nil)
    }

    @Test func aBatchTakesEverythingBufferedAndWakesTheProducerOnce() async throws {
        let handoff = BoundedHandoff<Int>(capacity: 4)
        let sent = Mutex(0)
        let producer = Task {
            for value in 0..<10 {
                guard await handoff.send(value) else { return }
                sent.withLock { $0 = value + 1 }
            }
            handoff.finish(.success(()))
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await handoff.nextBatch() == [0, 1, 2, 3])
        try await Task.sleep(for: .milliseconds(100))
        #expect(sent.withLock { $0 } == 8, "one batch taken makes room for a whole capacity again")
        var received = [0, 1, 2, 3]
        while let batch = try await handoff.nextBatch() { received += batch }
        #expect(received == Array(0..<10))
        await producer.value
    }

    /// The consumer's end hands out a batch one element at a time, in order;
    /// a consumer that took one element leaves at most twice the capacity decoded ahead.
    @Test func theConsumersEndKeepsOrderAndBoundsWhatIsAhead() async throws {
        let handoff = BoundedHandoff<Int>(capacity: 4)
        let sent = Mutex(0)
        let producer = Task {
            for value in 0..<50 {
                guard await handoff.send(value) else { return }
                sent.withLock { $0 = value + 1 }
            }
            handoff.finish(.success(()))
        }
        let consumer = HandoffConsumer(handoff, producer: producer)
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await consumer.next() == 0)
        try await Task.sleep(for: .milliseconds(100))
        #expect(sent.withLock { $0 } <= 1 + 2 * handoff.capacity, "\(sent.withLock { $0 }) sent")
        var received = [0]
        while let value = try await consumer.next() { received.append(value) }
        #expect(received == Array(0..<50))
        await producer.value
    }

    @Test func cancellingTheConsumerCancelsTheProducer() async throws {
        let handoff = BoundedHandoff<Int>(capacity: 1)
        let producerEnded = Mutex(false)
        let producer = Task {
            var value = 0
            while await handoff.send(value) { value += 1 }
            producerEnded.withLock { $0 = true }
        }
        let consumer = Task {
            // The stream lives only in this task, as a caller's would: cancelling
            // the task ends the loop wherever it is, and the dropped stream lets go.
            let stream = HandoffConsumer(handoff, producer: producer).stream
            for try await _ in stream { try await Task.sleep(for: .milliseconds(10)) }
        }
        try await Task.sleep(for: .milliseconds(50))
        consumer.cancel()
        _ = await consumer.result
        await producer.value
        #expect(producerEnded.withLock { $0 })
    }
}

/// A header over the client's limit, over plain HTTP and TLS: named as such.
@Suite(.timeLimit(.minutes(1)))
struct OversizedHeadTests {
    @Test(arguments: ClientReader.allCases) func aHeadTooLargeIsNamedAsSuch(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/json",
                                                      "X-Filler": String(repeating: "a", count: 1_048_576)], body: "{}")
        }
        defer { server.stop() }
        do {
            _ = try await makeClient(server, reader).send(.get("/v1/sessions"))
            Issue.record("\(reader): a 1 MiB header was accepted")
        } catch let error as InvalidResponseError {
            #expect(error.description.contains("over 64 KiB"), "\(error)")
        }
    }
}
