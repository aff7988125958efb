import Foundation
import VeetTransport
import VeetWire

/// The website-access routes of the /v1 API over one `HTTPClient`: profiles,
/// sign-in ceremonies, standing grants, task grants and task scopes.
public struct WebsiteAccessAPI: Sendable {
    public let client: HTTPClient
    public var retry: RetryPolicy
    /// How retries wait; tests pass one that returns at once.
    public var sleeper: HTTPClient.Sleeper

    public init(client: HTTPClient, retry: RetryPolicy = .standard,
                sleeper: @escaping HTTPClient.Sleeper = HTTPClient.taskSleeper) {
        self.client = client
        self.retry = retry
        self.sleeper = sleeper
    }

    // MARK: Profiles

    public func profilesPage(limit: Int? = nil, cursor: String? = nil) async throws -> Page<BrowserProfile> {
        try await client.decode(.get("/v1/browser-profiles", query: Self.paging(limit, cursor)))
    }

    /// Every profile, oldest first, following cursors (a repeated cursor ends the walk as invalid).
    public func allProfiles(pageSize: Int = 200) async throws -> [BrowserProfile] {
        var items: [BrowserProfile] = []
        var cursor: String?
        var seen: Set<String> = []
        while true {
            let page = try await profilesPage(limit: pageSize, cursor: cursor)
            items += page.items
            guard !page.isLast, let next = page.nextCursor else { return items }
            guard seen.insert(next).inserted else {
                throw InvalidResponseError("the profile list repeated a cursor", requestID: nil)
            }
            cursor = next
        }
    }

    public func profile(id: String) async throws -> BrowserProfile {
        try await client.decode(.get("/v1/browser-profiles/\(Self.segment(id))"))
    }

    /// Creates a profile. `key` is reused on every retry (the server derives
    /// the profile id from it, so a replay returns the same profile).
    public func createProfile(origins: [WebsiteOrigin], key: IdempotencyKey) async throws -> BrowserProfile {
        let request = try HTTPRequest.post("/v1/browser-profiles",
                                           json: ["allowed_origins": origins.map(\.rawValue)])
        return try await client.sendRetrying(request, idempotencyKey: key, policy: retry, sleeper: sleeper)
            .decoded(as: BrowserProfile.self)
    }

    /// Revoking a revoked profile returns it unchanged.
    public func revokeProfile(id: String) async throws -> BrowserProfile {
        let request = HTTPRequest.post("/v1/browser-profiles/\(Self.segment(id))/revoke")
        return try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
            .decoded(as: BrowserProfile.self)
    }

    /// `204`, also when repeated or unknown. The server refuses an unrevoked profile.
    public func deleteProfile(id: String) async throws {
        let request = HTTPRequest.delete("/v1/browser-profiles/\(Self.segment(id))")
        try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper).requireSuccess()
    }

    // MARK: Ceremonies

    /// Begins a remote ceremony. Not retried here: a lost answer is handled by
    /// `CeremonyDriver`'s start-over rule, never by a blind resend.
    public func beginCeremony(profileID: String, loginURL: String) async throws -> (Ceremony, LaunchLink) {
        let request = try HTTPRequest.post("/v1/browser-profiles/\(Self.segment(profileID))/authentication-ceremonies",
                                           json: ["login_url": loginURL])
        let answer = try await client.send(request).decoded(as: BeginAnswer.self)
        guard let link = answer.launchURL, !link.isEmpty else {
            throw InvalidResponseError("the ceremony answer has no launch link", requestID: nil)
        }
        return (Ceremony(id: answer.id, profileID: answer.profileID, status: answer.status,
                         expiresAt: answer.expiresAt), LaunchLink(link))
    }

    public func ceremony(id: String) async throws -> Ceremony {
        try await client.decode(.get("/v1/browser-authentication-ceremonies/\(Self.segment(id))"))
    }

    /// A bare array, without launch links.
    public func ceremonies(profileID: String) async throws -> [Ceremony] {
        try await client.decode(.get("/v1/browser-profiles/\(Self.segment(profileID))/authentication-ceremonies"))
    }

    public func cancelCeremony(id: String) async throws -> Ceremony {
        let request = HTTPRequest.post("/v1/browser-authentication-ceremonies/\(Self.segment(id))/cancel")
        return try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
            .decoded(as: Ceremony.self)
    }

    // MARK: Sessions [newer]

    /// Connects a profile to an existing conversation; returns the run it resumed, if any.
    public func bindProfile(sessionID: String, profileID: String) async throws -> String? {
        let body = try WireJSON.encoder().encode(["browser_profile_id": profileID])
        let request = HTTPRequest(method: "PUT", path: "/v1/sessions/\(Self.segment(sessionID))/website", body: body)
        let answer = try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
            .decoded(as: BindAnswer.self)
        return answer.runID
    }

    // MARK: Standing grants

    public func standingGrantsPage(profileID: String? = nil, limit: Int? = nil,
                                   cursor: String? = nil) async throws -> Page<StandingGrant> {
        var query = Self.paging(limit, cursor)
        if let profileID { query.append(URLQueryItem(name: "profile_id", value: profileID)) }
        return try await client.decode(.get("/v1/browser-grants", query: query))
    }

    public func revokeStandingGrant(id: String) async throws -> StandingGrant {
        let request = HTTPRequest.post("/v1/browser-grants/\(Self.segment(id))/revoke")
        return try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
            .decoded(as: StandingGrant.self)
    }

    // MARK: Task grants and scopes [newer]

    public func taskGrantsPage(sessionID: String? = nil, includeEnded: Bool = false, limit: Int? = nil,
                               cursor: String? = nil) async throws -> Page<TaskGrant> {
        var query = Self.paging(limit, cursor)
        if let sessionID { query.append(URLQueryItem(name: "session_id", value: sessionID)) }
        query.append(URLQueryItem(name: "status", value: includeEnded ? "all" : "active"))
        return try await client.decode(.get("/v1/browser-task-grants", query: query))
    }

    public func taskGrant(id: String) async throws -> TaskGrant {
        try await client.decode(.get("/v1/browser-task-grants/\(Self.segment(id))"))
    }

    /// Stop: ends the grant now; an ended grant comes back unchanged.
    public func stopTaskGrant(id: String) async throws -> TaskGrant {
        let request = HTTPRequest.post("/v1/browser-task-grants/\(Self.segment(id))/revoke")
        return try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
            .decoded(as: TaskGrant.self)
    }

    public func taskScopes() async throws -> TaskScopes {
        try await client.decode(.get("/v1/browser-task-scopes"))
    }

    /// Replaces the scopes; `revision` is the one last read (a stale one ⇒ 409).
    public func replaceTaskScopes(_ scopes: [TaskScope], revision: Int) async throws -> TaskScopes {
        if scopes.count > 16 { throw TaskScopeRefusal.tooMany(scopes.count) }
        let body = try WireJSON.encoder().encode(TaskScopes(revision: revision, scopes: scopes))
        let request = HTTPRequest(method: "PUT", path: "/v1/browser-task-scopes", body: body)
        return try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
            .decoded(as: TaskScopes.self)
    }

    // MARK: Helpers

    static func paging(_ limit: Int?, _ cursor: String?) -> [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return query
    }

    static func segment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? id
    }
}

/// The begin answer, the only one that carries `launch_url`.
private struct BeginAnswer: Decodable {
    var id: String
    var profileID: String
    var status: CeremonyStatus
    var expiresAt: String?
    var launchURL: String?

    enum CodingKeys: String, CodingKey {
        case id, status
        case profileID = "profile_id"
        case expiresAt = "expires_at"
        case launchURL = "launch_url"
    }
}

private struct BindAnswer: Decodable {
    var runID: String?

    enum CodingKeys: String, CodingKey {
        case runID = "run_id"
    }
}

extension WebsiteAccessAPI {
    /// Creates a conversation bound to a READY profile ([newer] servers). The
    /// profile id is sent only here, at creation; the server revalidates it.
    /// Not retried: without a key a retry could create two conversations.
    public func createSession(browserProfileID: String, agentID: String = "general",
                              metadata: JSONValue = .object(["client": .string("veet")])) async throws -> SessionView {
        let body: JSONValue = .object(["agent_id": .string(agentID), "browser_profile_id": .string(browserProfileID),
                                       "metadata": metadata])
        return try await client.decode(.post("/v1/sessions", json: body))
    }
}

/// Deleting is allowed only after revoke; saying so here spares a round trip
/// to a 409 and a confusing message.
public enum ProfileDeletionError: Error, Sendable, Hashable, CustomStringConvertible {
    case notRevoked(ProfileStatus)

    public var description: String {
        switch self {
        case .notRevoked(let status):
            "This profile is \(status.label). Revoke it first, then delete it."
        }
    }
}

extension WebsiteAccessAPI {
    /// Deletes a profile after checking it is revoked; an unknown profile is already gone.
    public func deleteRevokedProfile(id: String) async throws {
        do {
            let current = try await profile(id: id)
            guard current.status == .revoked else { throw ProfileDeletionError.notRevoked(current.status) }
        } catch let error as APIError where error.isNotFound {
            return
        }
        try await deleteProfile(id: id)
    }
}
