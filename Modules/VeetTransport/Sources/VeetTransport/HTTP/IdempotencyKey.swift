import Foundation

/// One key per user intent (one message send), minted once and reused on
/// every retry of that intent, so the server creates at most one run.
public struct IdempotencyKey: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// A fresh key: a lowercase UUID.
    public init() {
        rawValue = UUID().uuidString.lowercased()
    }

    /// A stored key; nil unless 1 to 255 visible ASCII characters (the server's limit).
    public init?(rawValue: String) {
        guard (1...255).contains(rawValue.utf8.count),
              rawValue.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let key = IdempotencyKey(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a usable idempotency key"))
        }
        self = key
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public var description: String { rawValue }
}
