import Foundation

/// A definite answer from the server, whatever its status.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// Header names are lowercased.
    public var headers: [String: String]
    public var body: Data
    /// The server's `X-Request-Id`, or `error.request_id` from the body when the header is missing.
    public var requestID: String?

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), requestID: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.requestID = requestID
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Throws the decoded `APIError` unless the status is 2xx.
    @discardableResult
    public func requireSuccess() throws(APIError) -> HTTPResponse {
        guard isSuccess else { throw APIError(response: self) }
        return self
    }

    /// The body as `T`. A non-2xx answer throws `APIError`; a 2xx body that
    /// does not decode throws `InvalidResponseError`.
    public func decoded<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try requireSuccess()
        do {
            return try WireJSON.decoder().decode(T.self, from: body)
        } catch {
            throw InvalidResponseError("\(status) body is not a valid \(T.self): \(Self.summary(of: error))",
                                       requestID: requestID)
        }
    }

    private static func summary(of error: Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "missing key \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: decoding)
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

/// The head of a streamed answer (status and headers, empty body) and its body chunks.
extension HTTPResponse {
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

public struct HTTPByteStream: Sendable {
    public let response: HTTPResponse
    /// Finishes at the end of the body; throws `TransportError(.connectionLost)`
    /// when the connection breaks. Cancelling the task that iterates it, calling
    /// `cancel()`, or letting go of the stream (no iterator or copy left)
    /// cancels the request; merely breaking out of a `for try await` loop
    /// while keeping the stream does not.
    public let chunks: AsyncThrowingStream<Data, Error>
    private let cancelRequest: @Sendable () -> Void

    public init(response: HTTPResponse, chunks: AsyncThrowingStream<Data, Error>,
                cancel: @escaping @Sendable () -> Void = {}) {
        self.response = response
        self.chunks = chunks
        self.cancelRequest = cancel
    }

    /// Closes the connection; the iteration of `chunks` then ends.
    public func cancel() { cancelRequest() }
}
