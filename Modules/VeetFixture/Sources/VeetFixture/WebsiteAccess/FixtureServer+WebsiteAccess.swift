import Foundation

/// Test handles on website access: drive a ceremony, make task permissions,
/// switch the browser provider off, lose a begin answer.
extension FixtureServer {
    /// Ceremony ids of a profile, oldest first.
    public func ceremonyIDs(ofProfile profileID: String) -> [String] {
        store.transaction { state in
            state.websiteAccess.ceremonies.values.filter { $0.profileID == profileID }
                .sorted { $0.createdAt < $1.createdAt }.map(\.id)
        }
    }

    /// The status a ceremony would be read with now.
    public func ceremonyStatus(_ ceremonyID: String) -> String? {
        store.transaction { state in
            let ceremony = state.websiteAccess.ceremonies[ceremonyID]
            ceremony?.settleExpiry(now: Instant.now())
            return ceremony?.status
        }
    }

    /// Drives an open ceremony to `ready`, `needs_user`, `expired` or `cancelled`.
    public func driveCeremony(_ ceremonyID: String, to outcome: String) {
        store.transaction { state in
            guard let ceremony = state.websiteAccess.ceremonies[ceremonyID] else { return }
            state.websiteAccess.drive(ceremony, to: outcome, now: Instant.now())
        }
    }

    public func profileStatus(_ profileID: String) -> String? {
        store.transaction { $0.websiteAccess.profiles[profileID]?.status }
    }

    public func profileCount() -> Int {
        store.transaction { $0.websiteAccess.profiles.count }
    }

    /// Off: a create answers 500 and leaves a revoked profile, like a server without a browser service.
    public func setBrowserProviderAvailable(_ available: Bool) {
        store.transaction { $0.websiteAccess.providerAvailable = available }
    }

    /// The next `count` ceremony begins are applied but their answers are lost.
    public func dropCeremonyAnswers(_ count: Int) {
        store.transaction { $0.websiteAccess.dropNextBeginAnswers = count }
    }

    /// The profile bound to a conversation, if any.
    public func boundProfile(ofSession sessionID: String) -> String? {
        store.transaction { $0.websiteAccess.sessionProfiles[sessionID] }
    }

    /// Creates an active task permission, as an `approve_for_task` resolution would.
    @discardableResult
    public func addTaskGrant(sessionID: String, profileID: String, origin: String, pathPrefix: String,
                             actionsUsed: Int = 0, lifetime: TimeInterval = 1800) -> String {
        store.transaction { state in
            let grant = TaskGrantRecord(id: Identifier.make(), sessionID: sessionID, profileID: profileID,
                                        origin: origin, pathPrefix: pathPrefix, at: state.now(), lifetime: lifetime)
            grant.actionsUsed = Int64(actionsUsed)
            state.websiteAccess.taskGrants[grant.id] = grant
            return grant.id
        }
    }

    /// Adds a standing grant record as if created earlier.
    @discardableResult
    public func addStandingGrant(profileID: String, origins: [String]) -> String {
        store.transaction { state in
            let id = Identifier.make()
            let now = state.now()
            state.websiteAccess.standingGrants[id] = [
                "id": .string(id), "profile_id": .string(profileID), "profile_generation": 1,
                "allowed_origins": .array(origins.map { .string($0) }), "action_kinds": ["click"],
                "purpose": .null, "starts_at": .string(now.zulu), "expires_at": .string(now.adding(seconds: 86_400).zulu),
                "revoked_at": .null, "created_at": .string(now.zulu), "updated_at": .string(now.zulu),
            ]
            return id
        }
    }
}

extension FixtureServer {
    /// Forces the verdict of the next device hand-offs (`session_unconfirmed`,
    /// `session_signed_out`, `session_empty`); nil goes back to checking the
    /// fixture site's session cookie.
    public func forceHandOffVerdict(_ verdict: String?) {
        store.transaction { $0.websiteAccess.forcedHandOffVerdict = verdict }
    }

    /// `http://127.0.0.1:PORT`, the origin the sign-in website is served on (once started).
    public var siteOrigin: String { baseURL.map { "http://127.0.0.1:\($0.port ?? 0)" } ?? "" }

    /// The sign-in website's login page (for the device sign-in tests).
    public var signInSiteLoginURL: String { "\(siteOrigin)/site/login" }

    /// The mode the newest ceremony of a profile was begun with: `device` or `remote`.
    public func ceremonyWasDevice(_ ceremonyID: String) -> Bool {
        store.transaction { $0.websiteAccess.ceremonies[ceremonyID]?.deviceCapability != nil }
    }
}
