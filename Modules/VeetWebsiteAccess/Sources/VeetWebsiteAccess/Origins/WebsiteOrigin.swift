import Foundation

/// An exact public HTTPS origin, `https://host`, normalised the way the
/// server stores it: host lowercased, trailing dot, `:443` and `/` dropped.
/// Bare host and `www.` host are different origins.
public struct WebsiteOrigin: Sendable, Hashable, Codable, CustomStringConvertible {
    public let host: String

    /// Validates an origin the person typed as an exact origin (extra origins).
    public init(validating text: String) throws(OriginRefusal) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.contains("://") else { throw .missingScheme }
        let parts = try AddressParts(trimmed)
        if !parts.path.isEmpty && parts.path != "/" { throw .path }
        if parts.query != nil { throw .query }
        if parts.fragment != nil { throw .fragment }
        host = parts.host
    }

    init(checkedHost: String) {
        host = checkedHost
    }

    public var rawValue: String { "https://\(host)" }
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(validating: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// What the person typed in the "website" field: the primary origin derived
/// from it, and the whole address (path, query and fragment kept) as the
/// ceremony's login URL. A missing scheme means https.
public struct WebsiteAddress: Sendable, Hashable {
    public let origin: WebsiteOrigin
    public let loginURL: String

    public init(typed text: String) throws(OriginRefusal) {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        if !trimmed.contains("://") { trimmed = "https://" + trimmed }
        guard trimmed.utf8.count <= 4096 else { throw .tooLong }
        let parts = try AddressParts(trimmed)
        origin = WebsiteOrigin(checkedHost: parts.host)
        let rest = "\(parts.path.isEmpty ? "/" : parts.path)" + (parts.query.map { "?\($0)" } ?? "")
            + (parts.fragment.map { "#\($0)" } ?? "")
        let login = "https://\(parts.host)" + Self.percentEncodingNonASCII(rest)
        guard login.utf8.count <= 4096 else { throw .tooLong }
        loginURL = login
    }

    /// Non-ASCII characters of the path, query and fragment as UTF-8
    /// percent escapes, the way a browser sends what was typed.
    static func percentEncodingNonASCII(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
            }
        }
        return result
    }
}

/// The origins a new profile is created with: the primary first, then the
/// extras, each exact, no duplicates after normalisation, at most 64.
public enum OriginList {
    public static let maximumCount = 64

    public static func make(primary: WebsiteOrigin, additional: [String]) throws(OriginRefusal) -> [WebsiteOrigin] {
        var origins = [primary]
        for text in additional {
            let origin = try WebsiteOrigin(validating: text)
            if origins.contains(origin) { throw .duplicate(origin.rawValue) }
            origins.append(origin)
        }
        if origins.count > maximumCount { throw .tooMany(origins.count) }
        return origins
    }
}
