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
    func sent(bodyBytes: Int)
}

extension TaskHandler {
    func sent(bodyBytes: Int) {}
}

/// The session delegate. Linux's URLSession has no `bytes(for:)`, so streamed
/// answers need data-delegate callbacks; buffered requests take the same path
/// so one delegate sees every task. Callbacks are routed by task id to that
/// task's handler. Every redirect is refused here, so the bearer token is
/// never replayed to another address.
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

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        handler(for: task)?.sent(bodyBytes: Int(totalBytesSent))
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
        self.init(received: head.statusCode, headers: headers, body: body)
    }

    /// An answer as received: the request id from `X-Request-Id`, or for a
    /// refusal without one, from its error envelope (unhandled server faults
    /// carry the id only there). Header names must be lowercased.
    init(received status: Int, headers: [String: String], body: Data) {
        self.init(status: status, headers: headers, body: body, requestID: headers["x-request-id"])
        if requestID == nil, !isSuccess, !body.isEmpty,
           let envelope = try? WireJSON.decoder().decode(ErrorEnvelope.self, from: body) {
            requestID = envelope.error.requestID
        }
    }
}

/// A result that may be settled before or after someone starts waiting for
/// it (a task cancelled early completes before its waiter arrives). The first
/// settlement wins.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, Error>?
        var waiter: CheckedContinuation<Value, Error>?
    }

    private let state = Mutex(State())

    func settle(_ result: Result<Value, Error>) {
        let waiter: CheckedContinuation<Value, Error>? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Value, Error>? = state.withLock { state in
                if state.result == nil { state.waiter = continuation }
                return state.result
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}

/// Collects a whole answer and hands it over at the end.
final class BufferedHandler: TaskHandler {
    private struct State {
        var head: HTTPURLResponse?
        var body = Data()
    }

    let response = OneShot<HTTPResponse>()
    private let state = Mutex(State())
    private let requestID: String
    private let progress: HTTPUploadProgress?

    init(requestID: String, progress: HTTPUploadProgress? = nil) {
        self.requestID = requestID
        self.progress = progress
    }

    func sent(bodyBytes: Int) {
        progress?.report(bodyBytes)
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
        let (head, body) = state.withLock { ($0.head, $0.body) }
        if let error {
            response.settle(.failure(TransportError(error, requestID: requestID)))
        } else if let head {
            response.settle(.success(HTTPResponse(head: head, body: body)))
        } else {
            response.settle(.failure(TransportError(.connectionLost, "the server closed without answering",
                                                    requestID: requestID)))
        }
    }
}
