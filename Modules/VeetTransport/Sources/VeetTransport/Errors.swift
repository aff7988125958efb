import Foundation

/// Machine-readable error codes from the server envelope. New codes are kept
/// as `.unknown(raw)` and handled by HTTP status class.
public enum ErrorCode: LenientEnum {
    case authenticationError, authenticationFailed, authorizationError, notFound
    case malformedRequest, unsupportedMediaType, payloadTooLarge, conflict
    case invalidStateTransition, rateLimited, internalError, artifactStorageError
    case unknown(String)

    public static let wireNames: [(ErrorCode, String)] = [
        (.authenticationError, "authentication_error"), (.authenticationFailed, "authentication_failed"),
        (.authorizationError, "authorization_error"), (.notFound, "not_found"),
        (.malformedRequest, "malformed_request"), (.unsupportedMediaType, "unsupported_media_type"),
        (.payloadTooLarge, "payload_too_large"), (.conflict, "conflict"),
        (.invalidStateTransition, "invalid_state_transition"), (.rateLimited, "rate_limited"),
        (.internalError, "internal_error"), (.artifactStorageError, "artifact_storage_error"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A definite answer from the server that was not a success: the decoded
/// error envelope plus what the HTTP layer saw.
public struct APIError: Error, Sendable, Hashable, CustomStringConvertible {
    public var status: Int
    public var code: ErrorCode
    /// English text for logs and diagnostics; never parsed.
    public var message: String
    /// `error.details` exactly as sent (`{}` when absent).
    public var details: JSONValue
    /// From the `X-Request-Id` header, or the body's `request_id` when the header is missing.
    public var requestID: String?
    /// Seconds from a `Retry-After` header on 429/503, if any.
    public var retryAfter: TimeInterval?

    public init(status: Int, code: ErrorCode, message: String, details: JSONValue = .object([:]),
                requestID: String? = nil, retryAfter: TimeInterval? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.requestID = requestID
        self.retryAfter = retryAfter
    }

    /// Any 401, whatever its code: the token must be entered again.
    public var needsSignIn: Bool { status == 401 }
    /// Any 403: the token lacks a scope.
    public var isForbidden: Bool { status == 403 }
    public var isNotFound: Bool { status == 404 }
    /// `details.reason`, the sub-code that `conflict` answers carry.
    public var reason: String? { details["reason"]?.stringValue }
    /// A `409` because this idempotency key was used with another body: the
    /// client's own mistake, never "someone changed it meanwhile".
    public var isIdempotencyKeyReused: Bool { reason == "idempotency_key_reused" }

    /// The run to attach to when a submission met `active_run_exists`.
    public var activeRunID: String? {
        guard status == 409, reason == "active_run_exists" else { return nil }
        return details["run_id"]?.stringValue
    }

    /// What a person should read: plain words first, the server's code and request id for support.
    /// An app that knows how to fix it (signing in again) puts its hint between the two.
    public var description: String { "\(summary) \(reference)" }

    /// The plain words, as one sentence.
    public var summary: String {
        switch status {
        case 401: "The server did not accept the token."
        case 403: "This token is not allowed to do that (missing scope)."
        case 404: "Not found (it may have been deleted, or belong to someone else)."
        default: message.isEmpty ? "The server answered \(status)." : message
        }
    }

    /// The server's status, code (and reason) and request id, in brackets, for support.
    public var reference: String {
        var text = "[\(status) \(code.rawValue)"
        if let reason { text += "/\(reason)" }
        if let requestID { text += ", request \(requestID)" }
        return text + "]"
    }
}

/// No definite answer from the server: the connection failed, timed out or
/// was cut. Distinct from `APIError` because the request may or may not
/// have been applied; retries must reuse the same idempotency key.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case cannotConnect, timedOut, connectionLost, redirectRefused, tls, cancelled, other
        /// The proxy (`ProxyRule`) could not be reached, refused the tunnel or asked for other credentials.
        case proxy
    }
    public var kind: Kind
    public var detail: String
    /// The `X-Request-Id` this client sent, for matching server logs when no answer arrived.
    public var requestID: String?

    public init(_ kind: Kind, _ detail: String, requestID: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.requestID = requestID
    }

    public var description: String {
        switch kind {
        case .cannotConnect: "Could not reach the server: \(detail)"
        case .timedOut: "The server did not answer in time: \(detail)"
        case .connectionLost: "The connection was lost: \(detail)"
        case .redirectRefused: "The server answered with a redirect, which VeetKit refuses so the token is never sent elsewhere: \(detail)"
        case .tls where answeredPlainHTTP, .other where answeredPlainHTTP:
            "The server answered in plain HTTP, not HTTPS: for a local development server use an http:// address, "
                + "otherwise check the port. (The secure connection failed: \(detail))"
        case .tls: "The secure connection failed: \(detail)"
        case .cancelled: "Cancelled."
        case .other: "Network error: \(detail)"
        case .proxy: "The proxy failed: \(detail)"
        }
    }
}

extension TransportError {
    /// OpenSSL's words when a TLS handshake meets a plain-HTTP answer
    /// ("wrong version number"; "packet length too long" in older releases).
    /// FoundationNetworking reports it as URLError -1 (unknown), so the kind
    /// may be `.other` as well as `.tls`.
    public var answeredPlainHTTP: Bool {
        guard kind == .tls || kind == .other else { return false }
        let lower = detail.lowercased()
        return lower.contains("wrong version number") || lower.contains("packet length too long")
            || lower.contains("unknown protocol")
    }
}

/// Nothing at the address speaks the Veetbot API: a route answered 404 and so
/// did the health probe under the same base URL (docs/wire/README.md §1: `/health/live`
/// needs no credential), as a wrong path prefix does.
public struct NoVeetbotAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public var baseURL: String
    public var probeStatus: Int

    public init(baseURL: String, probeStatus: Int) {
        self.baseURL = baseURL
        self.probeStatus = probeStatus
    }

    public var description: String {
        "There is no Veetbot API at \(baseURL) (its health probe /health/live answered \(probeStatus)): "
            + "check the address and its path prefix."
    }
}

/// The server answered, but not with something this client can read.
public struct InvalidResponseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var detail: String
    public var requestID: String?
    public init(_ detail: String, requestID: String? = nil) {
        self.detail = detail
        self.requestID = requestID
    }
    public var description: String {
        "The server sent a response VeetKit could not read: \(detail)" + (requestID.map { " [request \($0)]" } ?? "")
    }
}
