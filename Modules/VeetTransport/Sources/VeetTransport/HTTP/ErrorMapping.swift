import Foundation

extension APIError {
    /// Reads the error envelope `{"error": {code, message, details, request_id}}`.
    /// Anything else (a proxy page, plain text, an empty body) still becomes an
    /// `APIError`, with a code derived from the status and the text as message.
    public init(response: HTTPResponse, now: Date = Date()) {
        let envelope = try? WireJSON.decoder().decode(ErrorEnvelope.self, from: response.body)
        let body = envelope?.error
        let code = body?.code.map(ErrorCode.init(raw:)) ?? Self.fallbackCode(forStatus: response.status)
        let message = body?.message ?? (envelope == nil ? Self.plainText(response.body) : "")
        let details: JSONValue = switch body?.details {
        case .object(let fields)?: .object(fields)
        default: .object([:])
        }
        let retryAfter = response.header("retry-after").flatMap { RetryAfter.parse($0, now: now) }
        self.init(status: response.status, code: code, message: message, details: details,
                  requestID: response.requestID ?? body?.requestID,
                  retryAfter: retryAfter.map(\.timeInterval))
    }

    /// The code a bare status stands for when the body carries none.
    public static func fallbackCode(forStatus status: Int) -> ErrorCode {
        switch status {
        case 400: .malformedRequest
        case 401: .authenticationError
        case 403: .authorizationError
        case 404: .notFound
        case 409: .conflict
        case 413: .payloadTooLarge
        case 415: .unsupportedMediaType
        case 429: .rateLimited
        case 500...599: .internalError
        default: .unknown("http_\(status)")
        }
    }

    /// A non-JSON body, whitespace collapsed and cut short: it is for logs only.
    private static func plainText(_ body: Data) -> String {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.count > 300 ? String(collapsed.prefix(300)) + "…" : collapsed
    }
}

/// The error envelope, read leniently: every member is optional.
struct ErrorEnvelope: Decodable {
    struct Body: Decodable {
        var code: String?
        var message: String?
        var details: JSONValue?
        var requestID: String?

        enum CodingKeys: String, CodingKey {
            case code, message, details
            case requestID = "request_id"
        }
    }

    var error: Body
}

private extension Duration {
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
