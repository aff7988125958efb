import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The host of a server address, in one of the three accepted spellings.
enum HostName: Sendable, Hashable {
    case dns(String)
    case ipv4([UInt8])
    case ipv6(String)

    /// How the host is written inside a URL (IPv6 in brackets).
    var urlForm: String {
        switch self {
        case .dns(let name): name
        case .ipv4(let octets): octets.map(String.init).joined(separator: ".")
        case .ipv6(let text): "[\(text)]"
        }
    }

    /// 127.0.0.0/8, ::1 and the literal name `localhost`. Other names that
    /// merely resolve to loopback are not trusted with plain HTTP.
    var isLoopback: Bool {
        switch self {
        case .dns(let name): name == "localhost"
        case .ipv4(let octets): octets.first == 127
        case .ipv6(let text): Self.ipv6Bytes(text) == Array(repeating: 0, count: 15) + [1]
        }
    }

    /// Parses the host part (without port). `bracketed` is true when it was written as `[...]`.
    static func parse(_ text: String, bracketed: Bool) throws(ConnectionSettingsError) -> HostName {
        if bracketed {
            guard let canonical = canonicalIPv6(text) else { throw .malformedIPv6(text) }
            return .ipv6(canonical)
        }
        let lower = text.lowercased()
        guard !lower.isEmpty else { throw .emptyHost }
        if lower.contains(":") { throw .malformedIPv6(text) }
        let labels = lower.split(separator: ".", omittingEmptySubsequences: false)
        // A name whose last label is numeric is read as an IPv4 address by URL
        // parsers (`127.1`, `0x7f.1`): only the plain dotted quad is accepted.
        if let last = labels.last, looksNumeric(last) {
            return .ipv4(try parseIPv4(lower, labels: labels))
        }
        try validateDNSName(lower, labels: labels)
        return .dns(lower)
    }

    private static func parseIPv4(_ text: String, labels: [Substring]) throws(ConnectionSettingsError) -> [UInt8] {
        guard labels.count == 4 else { throw .malformedIPv4(text) }
        var octets: [UInt8] = []
        for label in labels {
            // No leading zeros: `010` means octal to some parsers and decimal to others.
            guard !label.isEmpty, label.count <= 3, label.allSatisfy(\.isAddressDigit),
                  label == "0" || !label.hasPrefix("0"), let value = UInt8(label) else {
                throw .malformedIPv4(text)
            }
            octets.append(value)
        }
        return octets
    }

    private static func validateDNSName(_ name: String, labels: [Substring]) throws(ConnectionSettingsError) {
        guard name.utf8.count <= 253 else { throw .malformedHost(name) }
        for label in labels {
            guard (1...63).contains(label.utf8.count),
                  label.allSatisfy({ $0.isAddressLetterOrDigit || $0 == "-" }),
                  label.first != "-", label.last != "-" else {
                throw .malformedHost(name)
            }
        }
    }

    /// WHATWG's "ends in a number" test: all digits, or `0x` followed by hex digits.
    private static func looksNumeric(_ label: Substring) -> Bool {
        if !label.isEmpty, label.allSatisfy(\.isAddressDigit) { return true }
        return label.hasPrefix("0x") && label.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// The address in its shortest standard spelling, so equal addresses compare equal.
    private static func canonicalIPv6(_ text: String) -> String? {
        guard var bytes = ipv6Bytes(text) else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeMutableBytes { raw in
            inet_ntop(AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The 16 address bytes, or nil when the text is not an IPv6 address.
    static func ipv6Bytes(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        let ok = text.withCString { inet_pton(AF_INET6, $0, &address) } == 1
        guard ok else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}

extension Character {
    var isAddressDigit: Bool { isASCII && isNumber }
    var isAddressLetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
