import Foundation

/// A browser profile as the fixture keeps it.
final class BrowserProfileRecord {
    let id: String
    let origins: [String]
    let idempotencyKey: String
    var status: String
    var generation: Int64 = 0
    let createdAt: Instant
    var updatedAt: Instant
    var lastUsedAt: Instant?

    init(id: String, origins: [String], idempotencyKey: String, status: String, at now: Instant) {
        self.id = id
        self.origins = origins
        self.idempotencyKey = idempotencyKey
        self.status = status
        createdAt = now
        updatedAt = now
    }

    var view: JSON {
        [
            "id": .string(id), "allowed_origins": .array(origins.map { .string($0) }), "status": .string(status),
            "generation": .int(generation), "created_at": .string(createdAt.zulu), "updated_at": .string(updatedAt.zulu),
            "last_used_at": .string(lastUsedAt?.zulu),
        ]
    }
}

/// A remote sign-in ceremony. The capability is held only to build the one
/// launch link the begin answer carries.
final class CeremonyRecord {
    let id: String
    let profileID: String
    let loginURL: String
    var status: String
    let expiresAt: Instant
    let createdAt: Instant
    /// A device ceremony's capability, until its first well-formed hand-off uses it.
    var deviceCapability: String?
    var capabilityUsed = false

    init(id: String, profileID: String, loginURL: String, at now: Instant) {
        self.id = id
        self.profileID = profileID
        self.loginURL = loginURL
        status = "authentication_required"
        createdAt = now
        expiresAt = now.adding(seconds: 300)
    }

    var isOpen: Bool { status == "authentication_required" || status == "needs_user" }

    /// Past its five minutes, an open ceremony reads as expired.
    func settleExpiry(now: Instant) {
        if isOpen && now > expiresAt { status = "expired" }
    }

    func view(launchURL: String? = nil) -> JSON {
        [
            "id": .string(id), "profile_id": .string(profileID), "status": .string(status),
            "expires_at": .string(expiresAt.zulu), "launch_url": .string(launchURL),
        ]
    }
}

/// A task permission created by an `approve_for_task` resolution (or by a test).
final class TaskGrantRecord {
    let id: String
    let sessionID: String
    let profileID: String
    let origin: String
    let pathPrefix: String
    var status = "active"
    var endReason: String?
    let maxActions: Int64 = 200
    var actionsUsed: Int64 = 0
    let maxTypedCharacters: Int64 = 4096
    var typedCharacters: Int64 = 0
    let createdAt: Instant
    var expiresAt: Instant
    var lastUsedAt: Instant?
    var endedAt: Instant?
    let approvalID: String

    init(id: String, sessionID: String, profileID: String, origin: String, pathPrefix: String, at now: Instant,
         lifetime: Double, approvalID: String = Identifier.make()) {
        self.id = id
        self.sessionID = sessionID
        self.profileID = profileID
        self.origin = origin
        self.pathPrefix = pathPrefix
        createdAt = now
        expiresAt = now.adding(seconds: lifetime)
        self.approvalID = approvalID
    }

    /// Derived: past `expires_at` it is expired even before that is recorded.
    func currentStatus(now: Instant) -> String {
        if status == "active" && now > expiresAt { return "expired" }
        return status
    }

    func end(_ reason: String, at now: Instant) {
        guard status == "active" else { return }
        status = reason == "revoked" ? "revoked" : (reason == "expired" || reason == "exhausted" ? reason : "ended")
        endReason = reason
        endedAt = now
    }

    func view(now: Instant) -> JSON {
        let current = currentStatus(now: now)
        return [
            "id": .string(id), "session_id": .string(sessionID), "profile_id": .string(profileID),
            "origin": .string(origin), "path_prefix": .string(pathPrefix),
            "action_kinds": ["click", "type", "select", "check", "press", "scroll"],
            "status": .string(current), "end_reason": .string(current == "expired" && endReason == nil ? "expired" : endReason),
            "max_actions": .int(maxActions), "actions_used": .int(actionsUsed),
            "max_typed_characters": .int(maxTypedCharacters), "typed_characters": .int(typedCharacters),
            "created_at": .string(createdAt.zulu), "expires_at": .string(expiresAt.zulu),
            "last_used_at": .string(lastUsedAt?.zulu), "ended_at": .string(endedAt?.zulu),
            "approval_id": .string(approvalID), "approved_by": "local-user",
        ]
    }
}

/// Everything website access keeps, inside `StoreState`.
final class WebsiteAccessState {
    var profiles: [String: BrowserProfileRecord] = [:]
    /// Oldest first, the list order.
    var profileOrder: [String] = []
    var ceremonies: [String: CeremonyRecord] = [:]
    var taskGrants: [String: TaskGrantRecord] = [:]
    var taskScopes: [(origin: String, pathPrefix: String)] = []
    var taskScopeRevision: Int64 = 0
    /// Session id → bound profile id.
    var sessionProfiles: [String: String] = [:]
    /// Test switches.
    var providerAvailable = true
    var dropNextBeginAnswers = 0
    /// The sign-in website's live sessions (cookie values), and the verdict
    /// forced on the next hand-offs (`session_unconfirmed`, ...), for tests.
    var siteSessions: Set<String> = []
    var forcedHandOffVerdict: String?
    var standingGrants: [String: JSON] = [:]
    /// Standing-grant create keys: the body's fingerprint and the grant made.
    var standingGrantKeys: [String: (fingerprint: String, grantID: String)] = [:]
}
