import Foundation
import VeetStore
import VeetTransport

/// `--json` shapes of the store's own values, in the wire's snake_case
/// (the store's Swift names are camelCase; docs/cli.md promises the wire's spelling).
struct SessionRow: Encodable {
    let session: CachedSession

    enum CodingKeys: String, CodingKey {
        case id, title, status
        case localTitle = "local_title", agentID = "agent_id", createdAt = "created_at", updatedAt = "updated_at"
        case activeRunID = "active_run_id", lastRunID = "last_run_id", folderID = "folder_id", scheduleID = "schedule_id"
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session.id, forKey: .id)
        try container.encodeIfPresent(session.title, forKey: .title)
        try container.encodeIfPresent(session.localTitle, forKey: .localTitle)
        try container.encode(session.agentID, forKey: .agentID)
        try container.encode(session.status, forKey: .status)
        try container.encode(session.createdAt, forKey: .createdAt)
        try container.encode(session.updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(session.activeRunID, forKey: .activeRunID)
        try container.encodeIfPresent(session.lastRunID, forKey: .lastRunID)
        try container.encodeIfPresent(session.folderID, forKey: .folderID)
        try container.encodeIfPresent(session.scheduleID, forKey: .scheduleID)
    }
}

/// What `veet sync --json` reports.
struct ReconcileRow: Encodable {
    let report: ReconcileReport

    enum CodingKeys: String, CodingKey {
        case added, updated, pruned
        case pagesRead = "pages_read", pointReads = "point_reads"
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(report.added, forKey: .added)
        try container.encode(report.updated, forKey: .updated)
        try container.encode(report.pruned, forKey: .pruned)
        try container.encode(report.pagesRead, forKey: .pagesRead)
        try container.encode(report.pointReads, forKey: .pointReads)
    }
}

/// What `veet sync --json` reports when a running veetd did the sync.
struct DaemonSyncRow: Encodable {
    var via = "veetd"
    let connection: String
    let added: Int
    let updated: Int
    let pruned: Int
}
