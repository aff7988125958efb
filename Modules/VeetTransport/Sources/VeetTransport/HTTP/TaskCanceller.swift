import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancels URLSession tasks on a thread of its own.
///
/// On FoundationNetworking `URLSessionTask.cancel()` waits for the session's
/// work queue, which may be busy for a second or more delivering the very
/// bytes nobody wants any more. Called from a task-cancellation handler or a
/// stream's termination handler, that wait held one of the few threads Swift
/// concurrency runs on; with both held, the consumer that had already thrown
/// (an oversized line, say) did not see its own error for a second while the
/// abandoned answer kept filling memory. A serial queue of our own gets its
/// own thread, so nobody else waits.
enum TaskCanceller {
    private static let queue = DispatchQueue(label: "VeetTransport.TaskCanceller")

    static func cancel(_ task: URLSessionTask) {
        queue.async { task.cancel() }
    }
}

/// What the consumer of a streamed answer iterates. It hands over the
/// delivered chunks one at a time and, once the consumer lets go of the
/// stream (it ended, threw, or simply dropped it), cancels the request: an
/// abandoned answer would otherwise keep arriving, unread, until the server
/// ended it.
final class AbandonableChunks: @unchecked Sendable {  // next() is called only by the one consumer of the unfolding stream, never concurrently
    private var iterator: AsyncThrowingStream<Data, Error>.AsyncIterator
    private let task: URLSessionTask

    private init(_ chunks: AsyncThrowingStream<Data, Error>, task: URLSessionTask) {
        iterator = chunks.makeAsyncIterator()
        self.task = task
    }

    deinit { TaskCanceller.cancel(task) }

    private func next() async throws -> Data? {
        try await iterator.next()
    }

    static func stream(over chunks: AsyncThrowingStream<Data, Error>,
                       of task: URLSessionTask) -> AsyncThrowingStream<Data, Error> {
        let source = AbandonableChunks(chunks, task: task)
        return AsyncThrowingStream(unfolding: { try await source.next() })
    }
}
