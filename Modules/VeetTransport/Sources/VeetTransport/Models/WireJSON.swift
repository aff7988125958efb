import Foundation

/// The one place that says how wire JSON is read and written. Keys are
/// spelled out by each type's CodingKeys (never a key strategy), so opaque
/// objects such as `metadata` and `arguments` keep their keys verbatim.
public enum WireJSON {
    public static func decoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// Sorted keys and unescaped slashes: request bodies are stable byte for
    /// byte, which keeps idempotency fingerprints and test expectations steady.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension KeyedDecodingContainer {
    /// An object-valued field that may be absent or null on older servers; both read as `{}`.
    public func decodeObject(forKey key: Key) throws -> JSONValue {
        switch try decodeIfPresent(JSONValue.self, forKey: key) {
        case .none, .null?: .object([:])
        case let value?: value
        }
    }
}

/// Money arrives as a decimal string (`"0.0214"`); parse it without going through `Double`.
public func decimal(fromWire text: String?) -> Decimal? {
    guard let text, !text.isEmpty else { return nil }
    return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
}
