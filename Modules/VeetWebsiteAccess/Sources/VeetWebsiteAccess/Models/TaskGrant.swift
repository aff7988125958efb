import Foundation
import VeetTransport

public enum TaskGrantStatus: LenientEnum {
    case active, expired, exhausted, revoked, ended
    case unknown(String)

    public static let wireNames: [(TaskGrantStatus, String)] = [
        (.active, "active"), (.expired, "expired"), (.exhausted, "exhausted"), (.revoked, "revoked"),
        (.ended, "ended"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A task permission: "allow all actions for this task", bounded by actions,
/// typed characters and time (`/v1/browser-task-grants`, [newer]).
public struct TaskGrant: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var sessionID: String
    public var profileID: String
    public var origin: String
    public var pathPrefix: String
    public var actionKinds: [String]
    public var status: TaskGrantStatus
    public var endReason: String?
    public var maxActions: Int
    public var actionsUsed: Int
    public var maxTypedCharacters: Int
    public var typedCharacters: Int
    public var createdAt: Timestamp
    public var expiresAt: Timestamp
    public var lastUsedAt: Timestamp?
    public var endedAt: Timestamp?
    public var approvalID: String?

    public init(id: String, sessionID: String = "", profileID: String = "", origin: String, pathPrefix: String,
                actionKinds: [String] = [], status: TaskGrantStatus = .active, endReason: String? = nil,
                maxActions: Int = 200, actionsUsed: Int = 0, maxTypedCharacters: Int = 4096,
                typedCharacters: Int = 0, createdAt: Timestamp = "", expiresAt: Timestamp, lastUsedAt: Timestamp? = nil,
                endedAt: Timestamp? = nil, approvalID: String? = nil) {
        self.id = id
        self.sessionID = sessionID
        self.profileID = profileID
        self.origin = origin
        self.pathPrefix = pathPrefix
        self.actionKinds = actionKinds
        self.status = status
        self.endReason = endReason
        self.maxActions = maxActions
        self.actionsUsed = actionsUsed
        self.maxTypedCharacters = maxTypedCharacters
        self.typedCharacters = typedCharacters
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.endedAt = endedAt
        self.approvalID = approvalID
    }

    enum CodingKeys: String, CodingKey {
        case id, origin, status
        case sessionID = "session_id"
        case profileID = "profile_id"
        case pathPrefix = "path_prefix"
        case actionKinds = "action_kinds"
        case endReason = "end_reason"
        case maxActions = "max_actions"
        case actionsUsed = "actions_used"
        case maxTypedCharacters = "max_typed_characters"
        case typedCharacters = "typed_characters"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case lastUsedAt = "last_used_at"
        case endedAt = "ended_at"
        case approvalID = "approval_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        sessionID = try c.decodeIfPresent(String.self, forKey: .sessionID) ?? ""
        profileID = try c.decodeIfPresent(String.self, forKey: .profileID) ?? ""
        origin = try c.decodeIfPresent(String.self, forKey: .origin) ?? ""
        pathPrefix = try c.decodeIfPresent(String.self, forKey: .pathPrefix) ?? ""
        actionKinds = try c.decodeIfPresent([String].self, forKey: .actionKinds) ?? []
        status = try c.decodeIfPresent(TaskGrantStatus.self, forKey: .status) ?? .unknown("")
        endReason = try c.decodeIfPresent(String.self, forKey: .endReason)
        maxActions = try c.decodeIfPresent(Int.self, forKey: .maxActions) ?? 0
        actionsUsed = try c.decodeIfPresent(Int.self, forKey: .actionsUsed) ?? 0
        maxTypedCharacters = try c.decodeIfPresent(Int.self, forKey: .maxTypedCharacters) ?? 0
        typedCharacters = try c.decodeIfPresent(Int.self, forKey: .typedCharacters) ?? 0
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        expiresAt = try c.decodeIfPresent(Timestamp.self, forKey: .expiresAt) ?? ""
        lastUsedAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastUsedAt)
        endedAt = try c.decodeIfPresent(Timestamp.self, forKey: .endedAt)
        approvalID = try c.decodeIfPresent(String.self, forKey: .approvalID)
    }

    // MARK: Arithmetic

    /// `max_actions − actions_used`, never below zero.
    public var remainingActions: Int { max(0, maxActions - actionsUsed) }

    public var remainingTypedCharacters: Int { max(0, maxTypedCharacters - typedCharacters) }

    /// Time until `expires_at`, never below zero (zero when the date is unreadable).
    public func remainingTime(now: Date) -> TimeInterval {
        guard let expiry = expiresAt.date else { return 0 }
        return max(0, expiry.timeIntervalSince(now))
    }

    /// Whole minutes left, rounded up so "1 min" shows until the very end.
    public func remainingMinutes(now: Date) -> Int {
        Int((remainingTime(now: now) / 60).rounded(.up))
    }

    /// The status as of `now`: an active grant past its expiry is expired and
    /// one with no actions left is exhausted, even before the server says so.
    public func effectiveStatus(now: Date) -> TaskGrantStatus {
        guard status == .active else { return status }
        if remainingTime(now: now) <= 0 { return .expired }
        if remainingActions == 0 { return .exhausted }
        return .active
    }

    public func isActive(now: Date) -> Bool { effectiveStatus(now: now) == .active }

    /// "Allowed on www.example.org/lesson · 23 of 200 · 18 min left".
    public func bannerText(now: Date) -> String {
        let place = origin.replacingOccurrences(of: "https://", with: "") + pathPrefix
        let state = effectiveStatus(now: now)
        guard state == .active else { return "Allowed on \(place) · \(state.rawValue)" }
        return "Allowed on \(place) · \(actionsUsed) of \(maxActions) · \(remainingMinutes(now: now)) min left"
    }
}

/// Where task permissions may be offered: one origin plus one path segment.
public struct TaskScope: Codable, Sendable, Hashable {
    public var origin: String
    public var pathPrefix: String

    public init(origin: String, pathPrefix: String) {
        self.origin = origin
        self.pathPrefix = pathPrefix
    }

    enum CodingKeys: String, CodingKey {
        case origin
        case pathPrefix = "path_prefix"
    }

    /// Checks a scope before sending: an exact origin and one plain segment `/name` (2–65 characters).
    public static func validated(origin: String, pathPrefix: String) throws(TaskScopeRefusal) -> TaskScope {
        let exact: WebsiteOrigin
        do { exact = try WebsiteOrigin(validating: origin) } catch { throw .origin(error) }
        let segment = pathPrefix.dropFirst()
        guard pathPrefix.hasPrefix("/"), (2...65).contains(pathPrefix.count), !segment.contains("/"),
              segment.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) })
        else { throw .pathPrefix(pathPrefix) }
        return TaskScope(origin: exact.rawValue, pathPrefix: pathPrefix)
    }
}

public enum TaskScopeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case origin(OriginRefusal)
    case pathPrefix(String)
    case tooMany(Int)

    public var description: String {
        switch self {
        case .origin(let refusal): refusal.description
        case .pathPrefix(let text): "\"\(text)\" is not one plain path segment such as /lesson (2 to 65 characters, no trailing slash)."
        case .tooMany(let count): "At most 16 task scopes are allowed (\(count) given)."
        }
    }
}

/// `GET /v1/browser-task-scopes`: the scopes plus the revision to send back when editing.
public struct TaskScopes: Codable, Sendable, Hashable {
    public var revision: Int
    public var scopes: [TaskScope]

    public init(revision: Int, scopes: [TaskScope]) {
        self.revision = revision
        self.scopes = scopes
    }
}
