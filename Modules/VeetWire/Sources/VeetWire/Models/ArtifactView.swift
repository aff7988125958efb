import Foundation
import VeetTransport

/// Metadata of an immutable file (`GET /v1/artifacts/{id}`).
public struct ArtifactView: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var sessionID: String
    /// Nil only for an upload that no message has claimed yet ([newer]).
    public var runID: String?
    public var name: String
    public var mediaType: String
    /// 64 lowercase hex characters; also the ETag of the bytes.
    public var sha256: String
    public var sizeBytes: Int64
    public var metadata: JSONValue
    public var createdAt: Timestamp

    public init(id: String, sessionID: String, runID: String? = nil, name: String, mediaType: String,
                sha256: String, sizeBytes: Int64, metadata: JSONValue = .object([:]), createdAt: Timestamp) {
        self.id = id
        self.sessionID = sessionID
        self.runID = runID
        self.name = name
        self.mediaType = mediaType
        self.sha256 = sha256
        self.sizeBytes = sizeBytes
        self.metadata = metadata
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, sha256, metadata
        case sessionID = "session_id"
        case runID = "run_id"
        case mediaType = "media_type"
        case sizeBytes = "size_bytes"
        case createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        sessionID = try c.decode(String.self, forKey: .sessionID)
        runID = try c.decodeIfPresent(String.self, forKey: .runID)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        mediaType = try c.decodeIfPresent(String.self, forKey: .mediaType) ?? "application/octet-stream"
        sha256 = try c.decodeIfPresent(String.self, forKey: .sha256) ?? ""
        sizeBytes = try c.decodeIfPresent(Int64.self, forKey: .sizeBytes) ?? 0
        metadata = try c.decodeObject(forKey: .metadata)
        createdAt = try c.decode(Timestamp.self, forKey: .createdAt)
    }

    /// [newer] `metadata.attachment.kind` of an upload: image, pdf, text or other.
    public var attachmentKind: String? { metadata["attachment"]?["kind"]?.stringValue }
}
