import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// What a running URLSession task reports to whoever is waiting for it.
protocol TaskHandler: Sendable {
    func received(response: HTTPURLResponse)
    func received(data: Data)
    func completed(error: Error?)
}

/// The session delegate. Linux's URLSession has no `bytes(for:)`, and its
/// completion-handler tasks follow redirects without asking, so every task is
/// a plain data task whose callbacks are routed here, by task id, to a handler.
/// It also refuses every redirect, so the bearer token is never replayed elsewhere.
final class TaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = Mutex<[Int: any TaskHandler]>([:])

    /// Call before `resume()`: no callback can arrive earlier.
    func register(_ handler: any TaskHandler, for task: URLSessionTask) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    private func handler(for task: URLSessionTask) -> (any TaskHandler)? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask,
                    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
                    completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // Nil keeps the 3xx as the final answer; HTTPClient turns it into `.redirectRefused`.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse {
            handler(for: dataTask)?.received(response: http)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(for: dataTask)?.received(data: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let finished = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        finished?.completed(error: error)
    }
}

extension HTTPResponse {
    /// Status and lowercased headers of a URLSession answer, plus a body.
    init(head: HTTPURLResponse, body: Data) {
        var headers: [String: String] = [:]
        for (name, value) in head.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        self.init(status: head.statusCode, headers: headers, body: body, requestID: headers["x-request-id"])
        if requestID == nil, !body.isEmpty,
           let envelope = try? WireJSON.decoder().decode(ErrorEnvelope.self, from: body) {
            requestID = envelope.error.requestID
        }
    }
}

/// Collects a whole answer and hands it over at the end.
final class BufferedHandler: TaskHandler {
    private struct State {
        var head: HTTPURLResponse?
        var body = Data()
        var continuation: CheckedContinuation<HTTPResponse, Error>?
    }

    private let state: Mutex<State>
    private let requestID: String

    init(requestID: String, continuation: CheckedContinuation<HTTPResponse, Error>) {
        self.requestID = requestID
        self.state = Mutex(State(continuation: continuation))
    }

    func received(response: HTTPURLResponse) {
        state.withLock {
            $0.head = response
            $0.body = Data()  // a fresh head (after an informational answer) starts a fresh body
        }
    }

    func received(data: Data) {
        state.withLock { $0.body.append(data) }
    }

    func completed(error: Error?) {
        let (head, body, continuation) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.head, state.body, state.continuation)
        }
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: TransportError(error, requestID: requestID))
        } else if let head {
            continuation.resume(returning: HTTPResponse(head: head, body: body))
        } else {
            continuation.resume(throwing: TransportError(.connectionLost, "the server closed without answering",
                                                         requestID: requestID))
        }
    }
}
