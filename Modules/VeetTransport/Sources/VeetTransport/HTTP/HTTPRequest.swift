import Foundation

/// One request, relative to the connection's server address. The client adds
/// authentication, `Accept`, `User-Agent`, `X-Request-Id` and the JSON content type.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    /// The route, starting with `/v1/` (or `/health/...`), appended to the path prefix.
    public var path: String
    public var query: [URLQueryItem]
    /// Extra headers; they win over the client's defaults, except `Authorization`.
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
                body: Data? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    public static func get(_ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]) -> HTTPRequest {
        HTTPRequest(method: "GET", path: path, query: query, headers: headers)
    }

    /// A POST with a JSON body encoded by `WireJSON.encoder()`.
    public static func post(_ path: String, json: some Encodable, headers: [String: String] = [:]) throws -> HTTPRequest {
        HTTPRequest(method: "POST", path: path, headers: headers, body: try WireJSON.encoder().encode(json))
    }

    /// A POST without a body (`/cancel`), which needs no Content-Type.
    public static func post(_ path: String, headers: [String: String] = [:]) -> HTTPRequest {
        HTTPRequest(method: "POST", path: path, headers: headers)
    }

    public static func delete(_ path: String, headers: [String: String] = [:]) -> HTTPRequest {
        HTTPRequest(method: "DELETE", path: path, headers: headers)
    }

    /// The value of a header, matched without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Sets a header, replacing any spelling of the same name; nil removes it.
    public mutating func setHeader(_ name: String, _ value: String?) {
        for key in headers.keys where key.caseInsensitiveCompare(name) == .orderedSame {
            headers[key] = nil
        }
        if let value { headers[name] = value }
    }
}
