import Foundation
import VeetTransport

public enum SessionStatus: LenientEnum {
    case active, closed
    case unknown(String)

    public static let wireNames: [(SessionStatus, String)] = [(.active, "ACTIVE"), (.closed, "CLOSED")]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// One conversation as the server describes it (`GET /v1/sessions/{id}`).
public struct SessionView: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var status: SessionStatus
    /// The resolved agent id (a UUID string even when created with `"general"`).
    public var agentID: String
    public var agentVersion: String
    /// Server-owned; always overwrite a cached title with this one.
    public var title: String?
    /// Client-owned opaque JSON, kept verbatim.
    public var metadata: JSONValue
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var activeRunID: String?
    public var lastRunID: String?
    /// [newer] servers only.
    public var folderID: String?

    public init(id: String, status: SessionStatus = .active, agentID: String = "", agentVersion: String = "",
                title: String? = nil, metadata: JSONValue = .object([:]), createdAt: Timestamp, updatedAt: Timestamp,
                activeRunID: String? = nil, lastRunID: String? = nil, folderID: String? = nil) {
        self.id = id
        self.status = status
        self.agentID = agentID
        self.agentVersion = agentVersion
        self.title = title
        self.metadata = metadata
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.activeRunID = activeRunID
        self.lastRunID = lastRunID
        self.folderID = folderID
    }

    enum CodingKeys: String, CodingKey {
        case id, status, title, metadata
        case agentID = "agent_id"
        case agentVersion = "agent_version"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case activeRunID = "active_run_id"
        case lastRunID = "last_run_id"
        case folderID = "folder_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        status = try c.decode(SessionStatus.self, forKey: .status)
        agentID = try c.decodeIfPresent(String.self, forKey: .agentID) ?? ""
        agentVersion = try c.decodeIfPresent(String.self, forKey: .agentVersion) ?? ""
        title = try c.decodeIfPresent(String.self, forKey: .title)
        metadata = try c.decodeObject(forKey: .metadata)
        createdAt = try c.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try c.decode(Timestamp.self, forKey: .updatedAt)
        activeRunID = try c.decodeIfPresent(String.self, forKey: .activeRunID)
        lastRunID = try c.decodeIfPresent(String.self, forKey: .lastRunID)
        folderID = try c.decodeIfPresent(String.self, forKey: .folderID)
    }

    /// `metadata.schedule_id` when it is a UUID string; anything else counts as absent (docs/wire/sessions-runs.md §1.2).
    public var scheduleID: String? {
        guard let raw = metadata["schedule_id"]?.stringValue, UUID(uuidString: raw) != nil else { return nil }
        return raw
    }
}
