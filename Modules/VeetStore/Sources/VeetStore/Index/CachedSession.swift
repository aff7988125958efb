import Foundation
import VeetTransport
import VeetWire

/// One row of the session index mirror: only what the list needs, as the
/// server last said it (plus the optimistic local title).
///
/// The fields live in one shared box, copied on write: a copy of a row is one
/// retain, not eleven. Every list of rows (the sidebar's model filters and
/// groups 10,000 of them at start) copies rows, and an inline row is some 200
/// bytes of strings and timestamps.
public struct CachedSession: Sendable, Hashable, Codable {
    private var fields: Fields

    public var id: String { get { fields.id } set { unique().id = newValue } }
    /// The server's title; always wins over `localTitle`.
    public var title: String? { get { fields.title } set { unique().title = newValue } }
    /// From the first user message's first non-empty text block, until the server has a title.
    public var localTitle: String? { get { fields.localTitle } set { unique().localTitle = newValue } }
    public var agentID: String { get { fields.agentID } set { unique().agentID = newValue } }
    public var status: String { get { fields.status } set { unique().status = newValue } }
    public var createdAt: Timestamp { get { fields.createdAt } set { unique().createdAt = newValue } }
    public var updatedAt: Timestamp { get { fields.updatedAt } set { unique().updatedAt = newValue } }
    public var activeRunID: String? { get { fields.activeRunID } set { unique().activeRunID = newValue } }
    public var lastRunID: String? { get { fields.lastRunID } set { unique().lastRunID = newValue } }
    public var folderID: String? { get { fields.folderID } set { unique().folderID = newValue } }
    public var scheduleID: String? { get { fields.scheduleID } set { unique().scheduleID = newValue } }

    public init(id: String, title: String? = nil, localTitle: String? = nil, agentID: String = "",
                status: String = "ACTIVE", createdAt: Timestamp, updatedAt: Timestamp, activeRunID: String? = nil,
                lastRunID: String? = nil, folderID: String? = nil, scheduleID: String? = nil) {
        fields = Fields(id: id, title: title, localTitle: localTitle, agentID: agentID, status: status,
                        createdAt: createdAt, updatedAt: updatedAt, activeRunID: activeRunID, lastRunID: lastRunID,
                        folderID: folderID, scheduleID: scheduleID)
    }

    /// The box, made this value's own first when another value shares it.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    // Equal and hashed field by field, in the order the fields are declared (as the synthesized ones were).
    public static func == (left: CachedSession, right: CachedSession) -> Bool {
        if left.fields === right.fields { return true }
        let a = left.fields, b = right.fields
        return a.id == b.id && a.title == b.title && a.localTitle == b.localTitle && a.agentID == b.agentID
            && a.status == b.status && a.createdAt == b.createdAt && a.updatedAt == b.updatedAt
            && a.activeRunID == b.activeRunID && a.lastRunID == b.lastRunID && a.folderID == b.folderID
            && a.scheduleID == b.scheduleID
    }

    public func hash(into hasher: inout Hasher) {
        let f = fields
        hasher.combine(f.id); hasher.combine(f.title); hasher.combine(f.localTitle); hasher.combine(f.agentID)
        hasher.combine(f.status); hasher.combine(f.createdAt); hasher.combine(f.updatedAt)
        hasher.combine(f.activeRunID); hasher.combine(f.lastRunID); hasher.combine(f.folderID); hasher.combine(f.scheduleID)
    }

    // The keys and the absent-when-nil optionals of the synthesized Codable, which the fields had before the box.
    private enum CodingKeys: String, CodingKey {
        case id, title, localTitle, agentID, status, createdAt, updatedAt, activeRunID, lastRunID, folderID, scheduleID
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(String.self, forKey: .id), title: try c.decodeIfPresent(String.self, forKey: .title),
                  localTitle: try c.decodeIfPresent(String.self, forKey: .localTitle),
                  agentID: try c.decode(String.self, forKey: .agentID), status: try c.decode(String.self, forKey: .status),
                  createdAt: try c.decode(Timestamp.self, forKey: .createdAt),
                  updatedAt: try c.decode(Timestamp.self, forKey: .updatedAt),
                  activeRunID: try c.decodeIfPresent(String.self, forKey: .activeRunID),
                  lastRunID: try c.decodeIfPresent(String.self, forKey: .lastRunID),
                  folderID: try c.decodeIfPresent(String.self, forKey: .folderID),
                  scheduleID: try c.decodeIfPresent(String.self, forKey: .scheduleID))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let f = fields
        try c.encode(f.id, forKey: .id)
        try c.encodeIfPresent(f.title, forKey: .title)
        try c.encodeIfPresent(f.localTitle, forKey: .localTitle)
        try c.encode(f.agentID, forKey: .agentID)
        try c.encode(f.status, forKey: .status)
        try c.encode(f.createdAt, forKey: .createdAt)
        try c.encode(f.updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(f.activeRunID, forKey: .activeRunID)
        try c.encodeIfPresent(f.lastRunID, forKey: .lastRunID)
        try c.encodeIfPresent(f.folderID, forKey: .folderID)
        try c.encodeIfPresent(f.scheduleID, forKey: .scheduleID)
    }

    /// The row's fields. Written only through `unique()`, so a box two values share is never changed.
    private final class Fields: @unchecked Sendable {  // written only while uniquely referenced (copy on write)
        var id: String
        var title: String?
        var localTitle: String?
        var agentID: String
        var status: String
        var createdAt: Timestamp
        var updatedAt: Timestamp
        var activeRunID: String?
        var lastRunID: String?
        var folderID: String?
        var scheduleID: String?

        init(id: String, title: String?, localTitle: String?, agentID: String, status: String, createdAt: Timestamp,
             updatedAt: Timestamp, activeRunID: String?, lastRunID: String?, folderID: String?, scheduleID: String?) {
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

        func copy() -> Fields {
            Fields(id: id, title: title, localTitle: localTitle, agentID: agentID, status: status, createdAt: createdAt,
                   updatedAt: updatedAt, activeRunID: activeRunID, lastRunID: lastRunID, folderID: folderID,
                   scheduleID: scheduleID)
        }
    }

    /// What a list shows: the server's title, else the local one, else nil ("New conversation").
    public var displayTitle: String? { fields.title ?? fields.localTitle }

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
    /// block, whitespace runs collapsed, at most 64 characters (docs/wire/sessions-runs.md §2.6).
    public static func optimisticTitle(from content: [ContentBlock]) -> String? {
        for block in content {
            guard let text = block.text else { continue }
            let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !collapsed.isEmpty { return String(collapsed.prefix(64)) }
        }
        return nil
    }
}
