import Foundation
import Synchronization
import VeetTransport
import VeetWire

/// Wraps a byte source so the daemon can forward each frame exactly as the
/// server sent it. It decodes the same bytes the run stream decodes, in the
/// same order, and queues the raw events; `raw(for:)` pops up to the one
/// matching a delivered frame (frames the stream dropped as duplicates are
/// popped on the way).
final class RawEventTap: ByteStreamSource, Sendable {
    private let base: any ByteStreamSource
    private let queue = Mutex<[SSEEvent]>([])

    init(base: any ByteStreamSource) {
        self.base = base
    }

    func openByteStream(path: String, headers: [String: String]) async throws -> AsyncThrowingStream<Data, Error> {
        let upstream = try await base.openByteStream(path: path, headers: headers)
        queue.withLock { $0.removeAll() }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let task = Task { [self] in
            var decoder = SSEDecoder()
            do {
                for try await chunk in upstream {
                    if let events = try? decoder.feed(chunk) { self.queue.withLock { $0 += events } }
                    continuation.yield(chunk)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The raw event behind `frame`, nil if it was not seen (should not happen).
    func raw(for frame: RunEventFrame) -> SSEEvent? {
        queue.withLock { queue in
            while !queue.isEmpty {
                let event = queue.removeFirst()
                if event.event == frame.type && event.id.flatMap({ Int64($0) }) == frame.sequence { return event }
            }
            return nil
        }
    }
}
