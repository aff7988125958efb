import Foundation

/// A typed `https://` address split by hand, so every refusal is decided here
/// and not by how a URL parser happens to read an odd input.
struct AddressParts {
    var host: String
    var path: String
    var query: String?
    var fragment: String?

    init(_ text: String) throws(OriginRefusal) {
        guard let schemeEnd = text.range(of: "://") else { throw .malformed }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "https" else {
            if scheme.isEmpty || !scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
                throw .malformed
            }
            throw .notHTTPS(scheme: scheme)
        }
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { throw .malformed }
        var rest = Substring(text[schemeEnd.upperBound...])
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        let authority: Substring
        if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "\\" }) {
            authority = rest[..<slash]
            path = String(rest[slash...])
            if path.contains("\\") { throw .malformed }
        } else {
            authority = rest
            path = ""
        }
        if authority.contains("@") { throw .credentials }
        host = try Self.host(of: authority)
    }

    /// The lowercased host of `authority`, with `:443` and a trailing dot dropped.
    private static func host(of authority: Substring) throws(OriginRefusal) -> String {
        guard !authority.isEmpty else { throw .malformed }
        if authority.hasPrefix("[") { throw .ipLiteral }
        var name = authority
        if let colon = authority.lastIndex(of: ":") {
            let portText = authority[authority.index(after: colon)...]
            name = authority[..<colon]
            if !portText.isEmpty {
                guard portText.allSatisfy(\.isASCII), let port = Int(portText) else { throw .malformed }
                if port != 443 { throw .port(port) }
            }
        }
        if name.contains(":") { throw .ipLiteral }
        var host = name.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty else { throw .malformed }
        if !host.allSatisfy(\.isASCII) || host.contains("xn--") { host = try InternationalHost.ascii(host) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if Self.looksNumeric(labels) { throw .ipLiteral }
        guard labels.allSatisfy(Self.isLabel), host.utf8.count <= 253 else { throw .malformed }
        if host == "localhost" || host.hasSuffix(".localhost") { throw .loopback }
        if labels.count < 2 { throw .singleLabel }
        if Self.privateSuffixes.contains(where: { host == $0 || host.hasSuffix("." + $0) }) { throw .privateHost }
        return host
    }

    /// Names that never reach the public internet.
    private static let privateSuffixes = ["local", "internal", "lan", "home.arpa", "intranet", "corp", "private",
                                          "invalid", "localdomain", "in-addr.arpa", "ip6.arpa"]

    private static func isLabel(_ label: Substring) -> Bool {
        guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
        return label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// Dotted IPv4 in any spelling (`127.1`, `0x7f.0.0.1`): a top label that
    /// is a number cannot be a public name.
    private static func looksNumeric(_ labels: [Substring]) -> Bool {
        guard let last = labels.last else { return false }
        if last.allSatisfy(\.isNumber) && !last.isEmpty { return true }
        return last.hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit)
    }
}
