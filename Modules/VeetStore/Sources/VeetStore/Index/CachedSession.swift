import Foundation
import VeetTransport
import VeetWire

/// One row of the session index mirror: only what the list needs, as the
/// server last said it (plus the optimistic local title).
public struct CachedSession: Sendable, Hashable, Codable {
    public var id: String
    /// The server's title; always wins over `localTitle`.
    public var title: String?
    /// From the first user message's first non-empty text block, until the server has a title.
    public var localTitle: String?
    public var agentID: String
    public var status: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var activeRunID: String?
    public var lastRunID: String?
    public var folderID: String?
    public var scheduleID: String?

    public init(id: String, title: String? = nil, localTitle: String? = nil, agentID: String = "",
                status: String = "ACTIVE", createdAt: Timestamp, updatedAt: Timestamp, activeRunID: String? = nil,
                lastRunID: String? = nil, folderID: String? = nil, scheduleID: String? = nil) {
        self.id = id
        self.title = title
        self.localTitle = localTitle
        self.agentID = agentID
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.activeRunID = activeRunID
        self.lastRunID = lastRunID
        self.folderID = folderID
        self.scheduleID = scheduleID
    }

    /// What a list shows: the server's title, else the local one, else nil ("New conversation").
    public var displayTitle: String? { title ?? localTitle }

    /// Whether writing `other` over this row would leave its columns as they
    /// are. Timestamps are equal by instant, but the columns keep the
    /// server's spelling, so a respelled time (`Z` for `+00:00`) is a change.
    func hasSameColumns(as other: CachedSession) -> Bool {
        self == other && createdAt.text == other.createdAt.text && updatedAt.text == other.updatedAt.text
    }

    /// The server's values for every mirrored field; `localTitle` is kept by the caller.
    init(server view: SessionView, localTitle: String?) {
        self.init(id: view.id, title: view.title, localTitle: localTitle, agentID: view.agentID,
                  status: view.status.rawValue, createdAt: view.createdAt, updatedAt: view.updatedAt,
                  activeRunID: view.activeRunID, lastRunID: view.lastRunID, folderID: view.folderID,
                  scheduleID: view.scheduleID)
    }
}

/// Rules about which sessions are conversations and how titles are made.
public enum SessionRules {
    /// Only the owner's conversations are conversations (`SessionKind`): the
    /// server's own sessions (background reviews, People audit and import) are not.
    public static func isConversation(_ view: SessionView) -> Bool {
        SessionKind(view).isOwners
    }

    /// The optimistic title: the first non-empty (not whitespace-only) text
    /// block, whitespace runs collapsed, at most 64 characters (sessions-runs.md §2.6).
    public static func optimisticTitle(from content: [ContentBlock]) -> String? {
        for block in content {
            guard let text = block.text else { continue }
            let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !collapsed.isEmpty { return String(collapsed.prefix(64)) }
        }
        return nil
    }
}
