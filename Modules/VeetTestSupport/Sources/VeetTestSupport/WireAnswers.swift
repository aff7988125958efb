import Foundation
import VeetTransport

extension HTTPResponse {
    /// A JSON answer built from plain values (dictionaries, arrays, strings, numbers, `NSNull()`).
    public static func json(_ object: Any, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(status: status, headers: headers.merging(["content-type": "application/json"]) { a, _ in a },
                            body: body)
    }

    /// The contract's error envelope (`{"error": {"code", "message", "details"}}`).
    public static func apiError(_ status: Int, _ code: String, message: String = "refused",
                                reason: String? = nil, details: [String: Any] = [:]) -> HTTPResponse {
        var details = details
        if let reason { details["reason"] = reason }
        return json(["error": ["code": code, "message": message, "details": details]], status: status)
    }

    /// An empty answer (204 by default).
    public static func empty(status: Int = 204) -> HTTPResponse {
        HTTPResponse(status: status, headers: [:], body: Data())
    }
}

extension HTTPRequest {
    /// The JSON body as plain values, for checking what a feature sent.
    public var jsonObject: [String: Any]? {
        body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    /// One query value, as sent.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
