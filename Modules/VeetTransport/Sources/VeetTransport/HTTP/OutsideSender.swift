import Foundation

/// Sends one request to a full address that is not the connection's server
/// (a single-use capability address a server handed out). It carries none of
/// the connection's credentials: no bearer token, no cookies (the client keeps
/// none), `Cache-Control: no-store`; a redirect is refused, the answer is
/// waited for at most `timeout` of silence, and nothing is retried. Apps make
/// it with `.live(client:timeout:)`; tests make it from canned answers.
public struct OutsideSender: Sendable {
    public typealias Send = @Sendable (_ url: URL, _ request: HTTPRequest) async throws -> HTTPResponse

    private let sendRequest: Send

    public init(send: @escaping Send) {
        sendRequest = send
    }

    /// Through `client`'s exchange and trust settings, without its token.
    public static func live(client: HTTPClient, timeout: TimeInterval) -> OutsideSender {
        OutsideSender { url, request in try await client.sendOutside(request, to: url, timeout: timeout) }
    }

    /// `request.path` and `request.query` are ignored: `url` is the whole address.
    public func send(_ request: HTTPRequest, to url: URL) async throws -> HTTPResponse {
        try await sendRequest(url, request)
    }
}

extension HTTPClient {
    /// One exchange with `url` itself, once, with the client's identity
    /// (`User-Agent`, a fresh `X-Request-Id`) and none of its credentials.
    func sendOutside(_ request: HTTPRequest, to url: URL, timeout: TimeInterval) async throws -> HTTPResponse {
        var headers: [String: String] = [
            "Accept": "application/json",
            "User-Agent": userAgent,
            "X-Request-Id": UUID().uuidString.lowercased(),
            "Cache-Control": "no-store",
        ]
        if request.body != nil { headers["Content-Type"] = "application/json" }
        var merged = HTTPRequest(method: request.method, path: "", headers: headers)
        for (name, value) in request.headers { merged.setHeader(name, value) }
        merged.setHeader("Authorization", nil)
        merged.setHeader("Cookie", nil)
        let requestID = merged.header("X-Request-Id") ?? ""
        let outgoing = OutgoingRequest(url: url, method: request.method, headers: merged.headers, body: request.body,
                                       requestID: requestID, trustedCertificates: trustedCertificates)
        if Task.isCancelled { throw TransportError(.cancelled, "cancelled before sending", requestID: requestID) }
        let response = try await HTTPExchange.send(outgoing, timeout: timeout)
        if Self.redirectStatuses.contains(response.status) {
            // The address is a capability: never echo it (nor the target) into an error.
            throw TransportError(.redirectRefused, "\(request.method) answered \(response.status)",
                                 requestID: response.requestID ?? requestID)
        }
        return response
    }
}
