import Foundation

/// What an upload is, judged from its bytes first and its declared type second
/// (docs/wire/sessions-runs.md §6.3: the stored type is the detected one).
enum MediaSniffing {
    struct Detection: Equatable {
        var mediaType: String
        /// `image`, `pdf`, `text` or `other`.
        var kind: String
        var pageCount: Int?
    }

    static func detect(_ bytes: Data, declared: String) -> Detection {
        let head = [UInt8](bytes.prefix(16))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return image("image/png") }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return image("image/jpeg") }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return image("image/gif") }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return image("image/webp")
        }
        if head.starts(with: Array("%PDF-".utf8)) {
            return Detection(mediaType: "application/pdf", kind: "pdf", pageCount: pageCount(of: bytes))
        }
        let isText = !bytes.contains(0) && String(data: bytes, encoding: .utf8) != nil
        if isText {
            if isTextual(declared) { return Detection(mediaType: declared, kind: "text") }
            return Detection(mediaType: "text/plain", kind: "text")
        }
        let unsupported = declared.hasPrefix("image/") || declared == "application/pdf" || isTextual(declared)
        return Detection(mediaType: unsupported ? "application/octet-stream" : declared, kind: "other")
    }

    private static func image(_ type: String) -> Detection { Detection(mediaType: type, kind: "image") }

    /// Types the server stores as text when the bytes are UTF-8.
    static func isTextual(_ type: String) -> Bool {
        if type.hasPrefix("text/") { return true }
        let textual: Set<String> = [
            "application/json", "application/xml", "application/yaml", "application/x-yaml", "application/toml",
            "application/javascript", "application/x-sh", "application/sql", "image/svg+xml",
        ]
        return textual.contains(type) || type.hasSuffix("+json") || type.hasSuffix("+xml")
    }

    /// Pages of a PDF: `/Type /Page` objects (not `/Pages`), at least one.
    private static func pageCount(of bytes: Data) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        let pattern = #"/Type\s*/Page(?![a-zA-Z])"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return 1 }
        return max(1, regex.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)))
    }

    /// `type/subtype` with parameters dropped, lowercased; nil when it is not a media type.
    static func normalizedMediaType(_ header: String?) -> String? {
        guard let header else { return "application/octet-stream" }
        let essence = (header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        let token = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789!#$&^_.+-")
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(token.contains) })
        else { return nil }
        return essence
    }

    /// The `X-Filename` rules: percent-decoded UTF-8, trimmed, 1–255 bytes, no quote, slash,
    /// backslash, control, format or line/paragraph separator characters.
    static func fileName(fromHeader header: String?) -> String? {
        guard let header, let decoded = header.removingPercentEncoding else { return nil }
        let name = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...255).contains(name.utf8.count) else { return nil }
        let refused = name.unicodeScalars.contains { scalar in
            if scalar == "\"" || scalar == "/" || scalar == "\\" { return true }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
        return refused ? nil : name
    }
}
