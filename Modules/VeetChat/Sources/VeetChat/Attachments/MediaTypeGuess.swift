import Foundation

/// Guesses a file's media type from its first bytes, then its extension.
/// The server detects the type itself and may store another one; this guess
/// only fills `Content-Type` and decides image versus file blocks before upload.
public enum MediaTypeGuess {
    public static let fallback = "application/octet-stream"

    /// Types the server accepts in an `image` block.
    public static let imageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    public static func mediaType(filename: String, bytes: Data) -> String {
        sniff(bytes) ?? byExtension(filename) ?? fallback
    }

    public static func isImage(_ mediaType: String) -> Bool {
        imageTypes.contains(mediaType.lowercased().split(separator: ";").first.map(String.init) ?? "")
    }

    /// Signatures of the formats whose type matters for the message blocks.
    static func sniff(_ bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("%PDF-".utf8)) { return "application/pdf" }
        return nil
    }

    private static let extensions: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "heic": "image/heic", "tif": "image/tiff", "tiff": "image/tiff", "bmp": "image/bmp",
        "pdf": "application/pdf", "txt": "text/plain", "md": "text/markdown", "markdown": "text/markdown",
        "csv": "text/csv", "tsv": "text/tab-separated-values", "html": "text/html", "htm": "text/html",
        "css": "text/css", "json": "application/json", "xml": "application/xml", "yaml": "application/yaml",
        "yml": "application/yaml", "toml": "application/toml", "js": "text/javascript", "mjs": "text/javascript",
        "sh": "application/x-sh", "sql": "application/sql", "swift": "text/x-swift", "py": "text/x-python",
        "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ]

    static func byExtension(_ filename: String) -> String? {
        guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return nil }
        return extensions[filename[filename.index(after: dot)...].lowercased()]
    }
}
