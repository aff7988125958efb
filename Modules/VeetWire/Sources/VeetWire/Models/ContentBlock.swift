import Foundation
import VeetTransport

/// One content block. REST bodies discriminate with `type`, event payloads
/// with `kind`; both decode here. Encoding always writes `type` (the only
/// form request bodies accept) and only the documented keys.
public enum ContentBlock: Sendable, Hashable, Codable {
    case text(String)
    case image(artifactID: String, mediaType: String, detail: String?, filename: String? = nil)
    case file(artifactID: String, mediaType: String, filename: String?)
    /// A block whose discriminator this client does not know; kept for display as "unsupported".
    case unknown(kind: String)

    private enum Keys: String, CodingKey {
        case type, kind, text, artifact_id, media_type, detail, filename
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let discriminator = try c.decodeIfPresent(String.self, forKey: .type)
            ?? c.decodeIfPresent(String.self, forKey: .kind) ?? ""
        switch discriminator {
        case "text":
            self = .text(try c.decodeIfPresent(String.self, forKey: .text) ?? "")
        case "image":
            self = .image(
                artifactID: try c.decodeIfPresent(String.self, forKey: .artifact_id) ?? "",
                mediaType: try c.decodeIfPresent(String.self, forKey: .media_type) ?? "",
                detail: try c.decodeIfPresent(String.self, forKey: .detail),
                filename: try c.decodeIfPresent(String.self, forKey: .filename))
        case "file":
            self = .file(
                artifactID: try c.decodeIfPresent(String.self, forKey: .artifact_id) ?? "",
                mediaType: try c.decodeIfPresent(String.self, forKey: .media_type) ?? "",
                filename: try c.decodeIfPresent(String.self, forKey: .filename))
        default:
            self = .unknown(kind: discriminator)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .text(let text):
            try c.encode("text", forKey: .type)
            try c.encode(text, forKey: .text)
        case .image(let id, let mediaType, let detail, _):
            try c.encode("image", forKey: .type)
            try c.encode(id, forKey: .artifact_id)
            try c.encode(mediaType, forKey: .media_type)
            try c.encode(detail ?? "auto", forKey: .detail)
        case .file(let id, let mediaType, let filename):
            try c.encode("file", forKey: .type)
            try c.encode(id, forKey: .artifact_id)
            try c.encode(mediaType, forKey: .media_type)
            try c.encode(filename, forKey: .filename)
        case .unknown(let kind):
            try c.encode(kind, forKey: .type)
        }
    }

    public var text: String? {
        if case .text(let t) = self { return t }
        return nil
    }
}

/// Content that is either an array of blocks or (for scheduled or operator
/// runs) a bare string. Unknown blocks inside the array are kept as `.unknown`.
public struct FlexibleContent: Sendable, Hashable, Codable {
    public var blocks: [ContentBlock]

    public init(_ blocks: [ContentBlock]) { self.blocks = blocks }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) {
            blocks = [.text(s)]
        } else {
            blocks = try c.decode([ContentBlock].self)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(blocks)
    }

    /// The text blocks joined, which is what a terminal shows.
    public var plainText: String {
        blocks.compactMap(\.text).joined()
    }
}
