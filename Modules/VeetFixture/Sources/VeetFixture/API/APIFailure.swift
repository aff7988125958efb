import Foundation

/// An error answer in the server's envelope:
/// `{"error":{"code","message","details","request_id"}}`.
struct APIFailure: Error {
    var status: Int
    var code: String
    var message: String
    var details: JSON = [:]
    var extraHeaders: [(String, String)] = []
    /// The snapshot's unhandled-fault 500s carry no `x-request-id` header.
    var omitsRequestIDHeader = false

    static let genericMalformedMessage = "The request body or parameters are malformed."

    static func malformed(_ message: String = genericMalformedMessage) -> APIFailure {
        APIFailure(status: 400, code: "malformed_request", message: message)
    }

    static let unsupportedMethod = APIFailure(
        status: 400, code: "malformed_request", message: "The HTTP request is not supported.")
    static let unknownRoute = APIFailure(
        status: 404, code: "not_found", message: "The requested resource was not found.")
    static let unsupportedMediaType = APIFailure(
        status: 415, code: "unsupported_media_type", message: "Content-Type must be application/json.")
    static let payloadTooLarge = APIFailure(
        status: 413, code: "payload_too_large", message: "The request body exceeds the 1 MiB limit.")
    static let uploadTooLarge = APIFailure(
        status: 413, code: "payload_too_large", message: "The upload exceeds the 32 MiB limit.")
    /// The contract's reserved rate limit (docs/wire/README.md §5), as `--fail-uploads` answers an upload.
    static let uploadRateLimited = APIFailure(
        status: 429, code: "rate_limited", message: "Too many uploads; try again later.",
        extraHeaders: [("retry-after", "30")])
    static let internalError = APIFailure(
        status: 500, code: "internal_error", message: "An internal error prevented the request from completing.",
        omitsRequestIDHeader: true)
    /// Body-carrying methods are refused at the edge, before the body is read.
    static let edgeAuthentication = APIFailure(
        status: 401, code: "authentication_failed", message: "Authentication failed.",
        extraHeaders: [("www-authenticate", "Bearer")])
    static let routeAuthentication = APIFailure(
        status: 401, code: "authentication_error", message: "authentication failed",
        extraHeaders: [("www-authenticate", "Bearer")])

    static func notFound(_ what: String) -> APIFailure {
        APIFailure(status: 404, code: "not_found", message: "\(what) not found")
    }

    static func conflict(_ message: String, details: JSON = [:]) -> APIFailure {
        APIFailure(status: 409, code: "conflict", message: message, details: details)
    }

    static func invalidState(_ message: String) -> APIFailure {
        APIFailure(status: 409, code: "invalid_state_transition", message: message)
    }

    static let idempotencyKeyReused = conflict(
        "The idempotency key was reused with a different body.", details: ["reason": "idempotency_key_reused"])

    func response(requestID: String) -> HTTPResponse {
        let body: JSON = [
            "error": [
                "code": .string(code), "message": .string(message), "details": details,
                "request_id": .string(requestID),
            ]
        ]
        var response = HTTPResponse.json(status, body)
        response.headers.append(contentsOf: extraHeaders)
        response.carriesRequestID = !omitsRequestIDHeader
        return response
    }
}
