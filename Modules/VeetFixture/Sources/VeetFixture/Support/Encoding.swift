import Foundation

/// URL-safe base64 without padding, the server's cursor alphabet.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        guard !text.isEmpty,
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }
}

/// Identifier helpers: every id on the wire is a lowercase hyphenated UUID.
enum Identifier {
    static func make() -> String { UUID().uuidString.lowercased() }

    /// Canonical lowercase form of a UUID string, or nil when it is not one.
    static func canonical(_ text: String) -> String? {
        guard text.count == 36, let uuid = UUID(uuidString: text) else { return nil }
        return uuid.uuidString.lowercased()
    }

    /// A client `X-Request-Id` is echoed only when it matches `^[A-Za-z0-9._-]{1,128}$`.
    static func requestID(echoing supplied: String?) -> String {
        if let supplied, (1...128).contains(supplied.utf8.count),
            supplied.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2E || byte == 0x5F || byte == 0x2D
            })
        {
            return supplied
        }
        return make()
    }

    /// 64 random lowercase hex characters (diagnostic hashes in events).
    static func randomHex64() -> String {
        (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}
