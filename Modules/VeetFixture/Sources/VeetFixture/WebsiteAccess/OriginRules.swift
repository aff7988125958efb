import Foundation

/// The server's origin rules: `https://host` only, host lowercased, `:443`,
/// a trailing `/` or `.` dropped; paths, queries, fragments, credentials,
/// other ports, IP literals, localhost and single-label hosts refused.
enum OriginRules {
    static func normalized(_ text: String) -> String? {
        guard text.lowercased().hasPrefix("https://") else { return nil }
        var rest = Substring(text.dropFirst("https://".count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains(where: { "/?#@[]\\ ".contains($0) }) else { return nil }
        var host = rest.lowercased()
        if host.hasSuffix(":443") { host.removeLast(4) }
        guard !host.contains(":") else { return nil }
        if host.hasSuffix(".") { host.removeLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, host != "localhost", !host.hasSuffix(".localhost"),
              labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }),
              let last = labels.last, !last.allSatisfy(\.isNumber)
        else { return nil }
        return "https://\(host)"
    }

    /// The origin of an absolute https login URL, or nil.
    static func origin(ofURL text: String) -> String? {
        guard text.lowercased().hasPrefix("https://") else { return nil }
        let rest = text.dropFirst("https://".count)
        let authority = rest.prefix { !"/?#".contains($0) }
        return normalized("https://" + authority)
    }

    /// One plain path segment, `/lesson`: 2–65 characters, no trailing slash.
    static func isPathPrefix(_ text: String) -> Bool {
        guard text.hasPrefix("/"), (2...65).contains(text.count) else { return false }
        return text.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }
    }
}
