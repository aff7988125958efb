import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Delivers a 2xx body chunk by chunk as it arrives. A non-2xx answer is
/// collected whole and handed to the opener instead, so it can be thrown.
final class StreamHandler: TaskHandler {
    private enum Phase {
        /// Waiting for the status line; the opener is suspended on `head`.
        case awaitingHead(CheckedContinuation<HTTPResponse, Error>)
        /// A non-2xx head: keep its body for the error.
        case collectingRejection(CheckedContinuation<HTTPResponse, Error>, HTTPURLResponse, Data)
        case streaming
        case done
    }

    private let phase: Mutex<Phase>
    private let chunks: AsyncThrowingStream<Data, Error>.Continuation
    private let requestID: String

    init(requestID: String, head: CheckedContinuation<HTTPResponse, Error>,
         chunks: AsyncThrowingStream<Data, Error>.Continuation) {
        self.requestID = requestID
        self.phase = Mutex(.awaitingHead(head))
        self.chunks = chunks
    }

    func received(response: HTTPURLResponse) {
        let opened: CheckedContinuation<HTTPResponse, Error>? = phase.withLock { phase in
            guard case .awaitingHead(let head) = phase else { return nil }
            if (200..<300).contains(response.statusCode) {
                phase = .streaming
                return head
            }
            phase = .collectingRejection(head, response, Data())
            return nil
        }
        opened?.resume(returning: HTTPResponse(head: response, body: Data()))
    }

    func received(data: Data) {
        let deliver = phase.withLock { phase -> Bool in
            switch phase {
            case .streaming:
                return true
            case .collectingRejection(let head, let response, var body):
                body.append(data)
                phase = .collectingRejection(head, response, body)
                return false
            case .awaitingHead, .done:
                return false
            }
        }
        if deliver { chunks.yield(data) }
    }

    func completed(error: Error?) {
        let previous = phase.withLock { phase in
            defer { phase = .done }
            return phase
        }
        switch previous {
        case .awaitingHead(let head):
            chunks.finish()
            head.resume(throwing: error.map { TransportError($0, requestID: requestID) }
                ?? TransportError(.connectionLost, "the server closed without answering", requestID: requestID))
        case .collectingRejection(let head, let response, let body):
            chunks.finish()
            if let error {
                head.resume(throwing: TransportError(error, requestID: requestID))
            } else {
                head.resume(returning: HTTPResponse(head: response, body: body))
            }
        case .streaming:
            guard let error else { return chunks.finish() }
            let mapped = TransportError(error, requestID: requestID)
            // Whatever broke mid-body (reset, idle timeout), the cure is the same: reconnect.
            let kind: TransportError.Kind = mapped.kind == .cancelled ? .cancelled : .connectionLost
            chunks.finish(throwing: TransportError(kind, mapped.detail, requestID: requestID))
        case .done:
            break
        }
    }
}
