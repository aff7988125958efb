import Foundation

/// The veetd socket protocol: one JSON object per line, each at most
/// `maxMessageBytes` long (newline included). See docs/daemon.md.
public enum DaemonProtocol {
    /// Bumped when a message changes meaning; `hello` carries it both ways.
    public static let version = 1
    /// The upper bound of one message, in either direction. A run event whose
    /// payload does not fit is announced as omitted, never cut.
    public static let maxMessageBytes = 65_536
}

/// What a client asks the daemon.
public enum DaemonRequest: Sendable, Hashable {
    /// Must be the first message; `version` is the client's protocol version.
    case hello(version: Int, client: String)
    case status
    /// Reconcile now (one saved connection, or all) and answer with what changed.
    case sync(connection: String?)
    /// Send the live events of a run: what the daemon holds so far, then each new one.
    case attach(runID: String, connection: String?)
    case detach(runID: String)
    /// The conversation this client is showing (nil: none); its alerts are suppressed.
    case visible(sessionID: String?)
    /// This client leaves a run waiting for the owner (an approval or a question):
    /// watch it now, as a run the index shows active, instead of at the next sync.
    case watch(runID: String, sessionID: String?, connection: String?)
    /// Read a round of the transcripts search cannot see yet (never read
    /// first, newest first; at most `fillTranscriptsRound`), answered `ok`
    /// when it is done. An older veetd answers `unknown_type`: the client reads them itself.
    case fillTranscripts(connection: String?)
    /// Whether the owner looks at this client now (a TUI with the terminal's focus). While any
    /// client looks, veetd walks the whole index every sync interval; while none does, it glances
    /// (docs/daemon.md, "How often it asks"). An older veetd answers `unknown_type`.
    case looking(focused: Bool)
}

extension DaemonRequest {
    /// How many transcripts one `fill_transcripts` reads at most.
    public static let fillTranscriptsRound = 200
}

/// What the daemon sends: answers, run events, errors.
public enum DaemonMessage: Sendable, Hashable {
    case welcome(version: Int, daemonVersion: String, pid: Int32)
    case status(DaemonStatus)
    case synced([ConnectionSyncResult])
    /// The attach was accepted; `backlog` events follow at once, then live ones.
    case attached(runID: String, backlog: Int)
    case event(DaemonRunEvent)
    /// The run's stream ended: `reason` is `terminal`, `failed` or `detached`.
    case runEnded(runID: String, reason: String)
    case ok
    case error(DaemonError)
}

/// One frame of a run's stream, as the server sent it (event type, sequence,
/// raw JSON data), so a client decodes it exactly as it decodes its own stream.
public struct DaemonRunEvent: Sendable, Hashable, Codable {
    public var runID: String
    /// The persisted sequence (`id:`), nil for transient frames.
    public var sequence: Int64?
    public var type: String
    /// The raw `data:` text; nil when it did not fit in one message (`omitted`).
    public var data: String?

    public init(runID: String, sequence: Int64?, type: String, data: String?) {
        self.runID = runID
        self.sequence = sequence
        self.type = type
        self.data = data
    }

    public var omitted: Bool { data == nil }

    enum CodingKeys: String, CodingKey {
        case runID = "run_id", sequence = "seq", type = "event", data
    }
}

/// A refusal or failure. The connection stays open unless `code` is
/// `unsupported_version` or `hello_required`.
public struct DaemonError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public static func tooLarge() -> DaemonError {
        DaemonError(code: "too_large", message: "a message exceeded \(DaemonProtocol.maxMessageBytes) bytes and was dropped")
    }
    public static func malformed(_ why: String) -> DaemonError { DaemonError(code: "malformed", message: why) }

    public var description: String { "veetd: \(message) (\(code))" }
}

/// The daemon's state as `status` reports it: identifiers and counts only.
public struct DaemonStatus: Sendable, Hashable, Codable {
    public var pid: Int32
    public var version: String
    public var startedAt: Date
    public var clients: Int
    public var watchedRuns: [String]
    public var pendingAlerts: Int
    public var connections: [ConnectionStatus]
    /// The desktop alerts on screen (identifiers only), so a client does not
    /// tell the same thing twice; empty from an older veetd, which sends none.
    public var raisedAlerts: [RaisedAlert]

    public init(pid: Int32, version: String, startedAt: Date, clients: Int, watchedRuns: [String],
                pendingAlerts: Int, connections: [ConnectionStatus], raisedAlerts: [RaisedAlert] = []) {
        self.pid = pid
        self.version = version
        self.startedAt = startedAt
        self.clients = clients
        self.watchedRuns = watchedRuns
        self.pendingAlerts = pendingAlerts
        self.connections = connections
        self.raisedAlerts = raisedAlerts
    }

    enum CodingKeys: String, CodingKey {
        case pid, version, clients, connections
        case startedAt = "started_at", watchedRuns = "watched_runs", pendingAlerts = "pending_alerts"
        case raisedAlerts = "raised_alerts"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pid = try c.decode(Int32.self, forKey: .pid)
        version = try c.decode(String.self, forKey: .version)
        startedAt = try c.decode(Date.self, forKey: .startedAt)
        clients = try c.decode(Int.self, forKey: .clients)
        watchedRuns = try c.decode([String].self, forKey: .watchedRuns)
        pendingAlerts = try c.decode(Int.self, forKey: .pendingAlerts)
        connections = try c.decode([ConnectionStatus].self, forKey: .connections)
        raisedAlerts = try c.decodeIfPresent([RaisedAlert].self, forKey: .raisedAlerts) ?? []
    }
}

/// One desktop alert veetd shows: its kind (`approval`, `question`,
/// `run_failed`, `schedule_run_finished`, ...) and what it is about.
public struct RaisedAlert: Sendable, Hashable, Codable {
    public var kind: String
    public var sessionID: String?
    public var runID: String?
    public var approvalID: String?
    public var questionID: String?

    public init(kind: String, sessionID: String?, runID: String?, approvalID: String?, questionID: String?) {
        self.kind = kind
        self.sessionID = sessionID
        self.runID = runID
        self.approvalID = approvalID
        self.questionID = questionID
    }

    enum CodingKeys: String, CodingKey {
        case kind
        case sessionID = "session_id", runID = "run_id", approvalID = "approval_id", questionID = "question_id"
    }
}

public struct ConnectionStatus: Sendable, Hashable, Codable {
    public var name: String
    public var sessions: Int
    public var outboxPending: Int
    public var lastSync: Date?
    /// The last reconciliation's failure, as a short description (never a token).
    public var lastError: String?
    /// `available`, `unavailable` (the server has no notification routes) or `unknown`.
    public var notifications: String
    /// The server answered 401: the daemon sends nothing to it until a new token
    /// is saved (`veet connect`, or veet-tui's sign-in). Absent from older daemons.
    public var signInNeeded: Bool?
    /// When a sync last changed the store's index (added, updated or removed a conversation):
    /// a client reading the store veetd keeps reads it again only when this moves. Absent from older daemons.
    public var indexChangedAt: Date?

    public var awaitsSignIn: Bool { signInNeeded == true }

    public init(name: String, sessions: Int, outboxPending: Int, lastSync: Date?, lastError: String?,
                notifications: String, signInNeeded: Bool = false, indexChangedAt: Date? = nil) {
        self.signInNeeded = signInNeeded ? true : nil
        self.indexChangedAt = indexChangedAt
        self.name = name
        self.sessions = sessions
        self.outboxPending = outboxPending
        self.lastSync = lastSync
        self.lastError = lastError
        self.notifications = notifications
    }

    enum CodingKeys: String, CodingKey {
        case name, sessions, notifications
        case outboxPending = "outbox_pending", lastSync = "last_sync", lastError = "last_error"
        case signInNeeded = "sign_in_needed", indexChangedAt = "index_changed_at"
    }
}

public struct ConnectionSyncResult: Sendable, Hashable, Codable {
    public var name: String
    public var added: Int
    public var updated: Int
    public var pruned: Int
    public var error: String?

    public init(name: String, added: Int = 0, updated: Int = 0, pruned: Int = 0, error: String? = nil) {
        self.name = name
        self.added = added
        self.updated = updated
        self.pruned = pruned
        self.error = error
    }
}
