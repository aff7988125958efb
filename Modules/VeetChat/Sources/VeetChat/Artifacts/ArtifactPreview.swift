import Foundation

/// Whether an artifact can be shown as text. The bytes decide (UTF-8 with no
/// NUL), since servers label many text files `application/octet-stream`;
/// a media type of a binary family (images other than SVG, audio, video,
/// fonts, PDF, archives) is never shown as text, whatever its bytes.
public enum ArtifactPreview: Sendable, Hashable {
    case text(String)
    case empty
    case notText

    public init(mediaType: String, bytes: Data) {
        if bytes.isEmpty {
            self = .empty
        } else if !Self.isBinaryFamily(mediaType), let text = String(data: bytes, encoding: .utf8), !text.contains("\u{0}") {
            self = .text(text)
        } else {
            self = .notText
        }
    }

    static func isBinaryFamily(_ mediaType: String) -> Bool {
        let essence = mediaType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        if essence.hasSuffix("+xml") || essence.hasSuffix("+json") { return false }
        let families = ["image/", "audio/", "video/", "font/"]
        let types: Set<String> = ["application/pdf", "application/zip", "application/gzip", "application/x-tar"]
        return families.contains { essence.hasPrefix($0) } || types.contains(essence)
    }
}
