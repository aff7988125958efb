import Foundation

/// A server base address that passed every connection rule: HTTPS (plain
/// HTTP only for loopback), a plain host, an optional port and path prefix,
/// and nothing else. Routes are appended with `url(for:query:)`.
public struct ServerURL: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The normalised base: scheme, host, non-default port, prefix without a trailing slash.
    public let url: URL
    /// True for 127.0.0.0/8, ::1 and `localhost`.
    public let isLoopback: Bool
    /// The path prefix, `""` or like `/veet` (no trailing slash).
    public let pathPrefix: String

    /// Scheme, host and non-default port, e.g. `https://veet.example.com:8443`.
    private let origin: String

    public init(validating text: String) throws(ConnectionSettingsError) {
        let parts = try ServerAddressParser.parse(text)
        isLoopback = parts.host.isLoopback
        if parts.scheme == "http" && !isLoopback {
            throw .plainHTTPRequiresLoopback(host: parts.host.urlForm)
        }
        var origin = "\(parts.scheme)://\(parts.host.urlForm)"
        let defaultPort = parts.scheme == "https" ? 443 : 80
        if let port = parts.port, port != defaultPort { origin += ":\(port)" }
        guard let url = URL(string: origin + parts.path), url.host != nil else {
            throw .malformedHost(parts.host.urlForm)
        }
        self.origin = origin
        self.pathPrefix = parts.path
        self.url = url
    }

    public var description: String { url.absoluteString }

    /// The address of a route: `path` (such as `/v1/sessions/ID`) is appended
    /// to the prefix. Characters that would end the path (`?`, `#`) or start
    /// an escape (`%`) are percent-encoded, so an id can never add a query.
    public func url(for path: String, query: [URLQueryItem] = []) -> URL {
        let relative = path.hasPrefix("/") ? path : "/" + path
        var text = origin + pathPrefix + (relative.addingPercentEncoding(withAllowedCharacters: Self.pathAllowed) ?? relative)
        if !query.isEmpty {
            text += "?" + query.map { item in
                Self.encodeQueryPart(item.name) + (item.value.map { "=" + Self.encodeQueryPart($0) } ?? "")
            }.joined(separator: "&")
        }
        guard let result = URL(string: text) else {
            preconditionFailure("a validated server address always yields a route URL")
        }
        return result
    }

    private static let pathAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "?#;%")
        return set
    }()

    /// Query values such as cursors may hold `+`, `/` or `=`: only unreserved characters pass unescaped.
    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encodeQueryPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(validating: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(url.absoluteString)
    }
}
