import Foundation

/// Splits a typed server address into scheme, host, port and path, refusing
/// anything outside the small accepted grammar. Written by hand rather than
/// trusting a URL parser, because parsers disagree on exactly the inputs an
/// attacker would use (`user@host` tricks, numeric hosts, zone ids).
enum ServerAddressParser {
    struct Parts {
        var scheme: String
        var host: HostName
        var port: Int?
        /// `""` or `/a/b`: already percent-encoded, no trailing slash.
        var path: String
    }

    static func parse(_ typed: String) throws(ConnectionSettingsError) -> Parts {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .empty }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { throw .containsWhitespace }

        guard let separator = text.range(of: "://") else {
            // `ftp:x` names another scheme; `host:8080` and `https:host` just lack the `//`.
            if let colon = text.firstIndex(of: ":"), isSchemeLike(text[..<colon]) {
                let scheme = text[..<colon].lowercased()
                let nextIsDigit = text[text.index(after: colon)...].first?.isAddressDigit ?? false
                if !nextIsDigit && scheme != "http" && scheme != "https" { throw .unsupportedScheme(scheme) }
            }
            throw .missingScheme
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "https" || scheme == "http" else {
            throw scheme.isEmpty ? .missingScheme : .unsupportedScheme(scheme)
        }

        // These characters have no business anywhere in a base address.
        if text.contains("@") { throw .userInfoNotAllowed }
        if text.contains("?") { throw .queryNotAllowed }
        if text.contains("#") { throw .fragmentNotAllowed }
        if text.contains("\\") { throw .malformedHost(String(text[separator.upperBound...])) }

        let rest = text[separator.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let path = try normalisedPath(rest[authorityEnd...])

        guard !authority.isEmpty else { throw .emptyHost }
        if authority.contains("%") { throw .percentInAuthority }
        let (host, port) = try splitAuthority(authority)
        return Parts(scheme: scheme, host: host, port: port, path: path)
    }

    private static func isSchemeLike(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isAddressLetterOrDigit || $0 == "+" || $0 == "-" || $0 == "." }
    }

    private static func splitAuthority(_ authority: Substring) throws(ConnectionSettingsError) -> (HostName, Int?) {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .malformedIPv6(String(authority)) }
            let inside = authority[authority.index(after: authority.startIndex)..<close]
            let afterBracket = authority[authority.index(after: close)...]
            let host = try HostName.parse(String(inside), bracketed: true)
            if afterBracket.isEmpty { return (host, nil) }
            guard afterBracket.hasPrefix(":") else { throw .malformedIPv6(String(authority)) }
            return (host, try parsePort(afterBracket.dropFirst()))
        }
        let pieces = authority.split(separator: ":", omittingEmptySubsequences: false)
        switch pieces.count {
        case 1:
            return (try HostName.parse(String(authority), bracketed: false), nil)
        case 2:
            guard !pieces[0].isEmpty else { throw .emptyHost }
            return (try HostName.parse(String(pieces[0]), bracketed: false), try parsePort(pieces[1]))
        default:
            // More than one colon: an IPv6 literal written without brackets.
            throw .malformedIPv6(String(authority))
        }
    }

    private static func parsePort(_ text: Substring) throws(ConnectionSettingsError) -> Int {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isAddressDigit),
              let port = Int(text), (1...65535).contains(port) else {
            throw .invalidPort(String(text))
        }
        return port
    }

    /// Keeps the prefix as typed (percent escapes included) minus trailing slashes.
    private static func normalisedPath(_ raw: Substring) throws(ConnectionSettingsError) -> String {
        var path = String(raw)
        while path.hasSuffix("/") { path.removeLast() }
        guard !path.isEmpty else { return "" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for segment in segments {
            guard !segment.isEmpty, segment != ".", segment != "..",
                  segment.unicodeScalars.allSatisfy(isPathCharacter),
                  hasValidEscapes(segment) else {
                throw .malformedPath(String(raw))
            }
            let decoded = segment.removingPercentEncoding ?? ""
            if decoded == "." || decoded == ".." || decoded.contains("/") { throw .malformedPath(String(raw)) }
        }
        return path
    }

    private static let pathCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:%")

    private static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        pathCharacters.contains(scalar)
    }

    private static func hasValidEscapes(_ segment: Substring) -> Bool {
        var index = segment.startIndex
        while let percent = segment[index...].firstIndex(of: "%") {
            let hex = segment[segment.index(after: percent)...].prefix(2)
            guard hex.count == 2, hex.allSatisfy(\.isHexDigit) else { return false }
            index = hex.endIndex
        }
        return true
    }
}
