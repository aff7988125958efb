import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Delivers a 2xx body chunk by chunk as it arrives. A non-2xx answer is
/// collected whole and handed to the opener instead, so it can be thrown.
final class StreamHandler: TaskHandler {
    private enum Phase {
        case awaitingHead
        /// A non-2xx head: keep its body for the error.
        case collectingRejection(HTTPURLResponse, Data)
        case streaming
        case done
    }

    /// The head (empty body) of a 2xx answer, or the whole of any other answer.
    let head = OneShot<HTTPResponse>()
    private let phase = Mutex(Phase.awaitingHead)
    private let chunks: AsyncThrowingStream<Data, Error>.Continuation
    private let requestID: String

    init(requestID: String, chunks: AsyncThrowingStream<Data, Error>.Continuation) {
        self.requestID = requestID
        self.chunks = chunks
    }

    func received(response: HTTPURLResponse) {
        let opened = phase.withLock { phase -> Bool in
            guard case .awaitingHead = phase else { return false }
            let success = (200..<300).contains(response.statusCode)
            phase = success ? .streaming : .collectingRejection(response, Data())
            return success
        }
        if opened { head.settle(.success(HTTPResponse(head: response, body: Data()))) }
    }

    func received(data: Data) {
        let deliver = phase.withLock { phase -> Bool in
            switch phase {
            case .streaming:
                return true
            case .collectingRejection(let response, var body):
                body.append(data)
                phase = .collectingRejection(response, body)
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
        case .awaitingHead:
            chunks.finish()
            head.settle(.failure(error.map { TransportError($0, requestID: requestID) }
                ?? TransportError(.connectionLost, "the server closed without answering", requestID: requestID)))
        case .collectingRejection(let response, let body):
            chunks.finish()
            if let error {
                head.settle(.failure(TransportError(error, requestID: requestID)))
            } else {
                head.settle(.success(HTTPResponse(head: response, body: body)))
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
