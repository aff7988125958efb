import Foundation

/// One website-access request, handled inside the store's transaction.
struct WebsiteHandlers {
    let state: StoreState
    let web: WebsiteAccessState
    let now: Instant
    let head: RequestHead
    let body: Data
    let launchBase: String
    /// The fixture's own site origin when the test switch accepts it.
    let ownSiteOrigin: String?
    let options: FixtureOptions

    /// The server's rule, plus the fixture's own loopback origin under the test switch.
    private func acceptedOrigin(_ text: String) -> String? {
        OriginRules.normalized(text) ?? (text == ownSiteOrigin ? text : nil)
    }

    func handle(_ route: WebsiteRoute) throws -> HTTPResponse {
        web.adoptTaskGrants(from: state, now: now)
        switch route {
        case .profiles: return head.method == "POST" ? try createProfile() : try listProfiles()
        case .profile(let id):
            return head.method == "DELETE" ? try deleteProfile(id) : .json(200, try profile(id).view)
        case .profileRevoke(let id): return .json(200, try revokeProfile(id))
        case .profileCeremonies(let id):
            return head.method == "POST" ? try beginCeremony(id) : listCeremonies(id)
        case .ceremony(let id): return .json(200, try ceremony(id).view())
        case .ceremonyCancel(let id):
            let ceremony = try ceremony(id)
            if ceremony.isOpen { ceremony.status = "cancelled" }
            return .json(200, ceremony.view())
        case .grants:
            return head.method == "POST" ? try createStandingGrant() : try listStandingGrants()
        case .grant(let id):
            if head.method == "DELETE" { web.standingGrants[id] = nil; return HTTPResponse(status: 204) }
            guard let grant = web.standingGrants[id] else { throw APIFailure.notFound("browser grant") }
            return .json(200, grant)
        case .grantRevoke(let id):
            guard let grant = web.standingGrants[id] else { throw APIFailure.notFound("browser grant") }
            let revoked = grant["revoked_at"]?.isNull == false ? grant : grant.setting("revoked_at", .string(now.zulu))
            web.standingGrants[id] = revoked
            return .json(200, revoked)
        case .taskGrants: return try listTaskGrants()
        case .taskGrant(let id): return .json(200, try taskGrant(id).view(now: now))
        case .taskGrantRevoke(let id):
            let grant = try taskGrant(id)
            if grant.currentStatus(now: now) == "active" { grant.end("revoked", at: now) }
            return .json(200, grant.view(now: now))
        case .taskScopes: return head.method == "PUT" ? try replaceTaskScopes() : .json(200, taskScopesView)
        case .sessionWebsite(let id): return try bindSession(id)
        }
    }

    // MARK: Profiles

    private func createProfile() throws -> HTTPResponse {
        guard let key = head.header("idempotency-key"), (1...255).contains(key.utf8.count) else {
            throw APIFailure.malformed()
        }
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["allowed_origins"])
        guard let items = fields["allowed_origins"]?.arrayValue, (1...64).contains(items.count) else {
            throw APIFailure.malformed()
        }
        var origins: [String] = []
        for item in items {
            guard let text = item.stringValue, let origin = acceptedOrigin(text), !origins.contains(origin)
            else { throw APIFailure.malformed() }
            origins.append(origin)
        }
        if let existing = web.profiles.values.first(where: { $0.idempotencyKey == key }) {
            guard existing.origins == origins else {
                throw APIFailure.conflict("idempotency key was reused with a different profile")
            }
            return .json(201, existing.view)
        }
        let record = BrowserProfileRecord(id: Identifier.make(), origins: origins, idempotencyKey: key,
                                          status: web.providerAvailable ? "authentication_required" : "revoked",
                                          at: state.now())
        web.profiles[record.id] = record
        web.profileOrder.append(record.id)
        guard web.providerAvailable else {
            record.generation = 1
            throw APIFailure(status: 500, code: "internal_error", message: "browser_profile.control_plane_unavailable")
        }
        return .json(201, record.view)
    }

    private func listProfiles() throws -> HTTPResponse {
        let page = try IDPaging.page(web.profileOrder, limit: head.query("limit"), cursor: head.query("cursor"))
        return .json(200, ["items": .array(page.ids.compactMap { web.profiles[$0]?.view }), "next_cursor": page.next])
    }

    func profile(_ rawID: String) throws -> BrowserProfileRecord {
        guard let record = web.profiles[try Validation.uuid(rawID)] else { throw APIFailure.notFound("browser profile") }
        return record
    }

    private func revokeProfile(_ id: String) throws -> JSON {
        let record = try profile(id)
        guard record.status != "revoked" else { return record.view }
        record.status = "revoked"
        record.generation += 1
        record.updatedAt = state.now()
        for ceremony in web.ceremonies.values where ceremony.profileID == record.id && ceremony.isOpen {
            ceremony.status = "cancelled"
        }
        for grant in web.taskGrants.values where grant.profileID == record.id { grant.end("profile_revoked", at: now) }
        return record.view
    }

    private func deleteProfile(_ rawID: String) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        if let record = web.profiles[id] {
            guard record.status == "revoked" else { throw APIFailure.conflict("browser profile must be revoked before deletion") }
            web.profiles[id] = nil
            web.profileOrder.removeAll { $0 == id }
            web.ceremonies = web.ceremonies.filter { $0.value.profileID != id }
        }
        return HTTPResponse(status: 204)
    }

    // MARK: Ceremonies

    private func beginCeremony(_ id: String) throws -> HTTPResponse {
        let contentType = head.header("content-type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        guard contentType?.lowercased() == "application/json" else { throw APIFailure.malformed() }
        let record = try profile(id)
        guard record.status != "provisioning", record.status != "revoked" else {
            throw APIFailure.conflict("browser profile cannot authenticate in its current state")
        }
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["login_url", "mode"])
        let mode = fields["mode"].map { $0.stringValue } ?? "remote"
        guard mode == "remote" || mode == "device" else { throw APIFailure.malformed() }
        if mode == "device" && !options.deviceSignIn {
            throw APIFailure(status: 409, code: "tool.browser.provider_unavailable", message: "Device sign-in is not available.")
        }
        guard let loginURL = fields["login_url"]?.stringValue, (1...4096).contains(loginURL.count) else {
            throw APIFailure.malformed()
        }
        let loginOrigin = OriginRules.origin(ofURL: loginURL)
            ?? ownSiteOrigin.flatMap { loginURL.hasPrefix($0 + "/") || loginURL == $0 ? $0 : nil }
        guard let origin = loginOrigin, record.origins.contains(origin) else {
            throw APIFailure.malformed(
                "The sign-in address is not on this profile's websites. Use the site's final address.")
        }
        for ceremony in web.ceremonies.values where ceremony.profileID == record.id { ceremony.settleExpiry(now: now) }
        if web.ceremonies.values.contains(where: { $0.profileID == record.id && $0.isOpen }) {
            throw APIFailure.conflict("an authentication ceremony is already open for this profile")
        }
        let ceremony = CeremonyRecord(id: Identifier.make(), profileID: record.id, loginURL: loginURL, at: state.now())
        web.ceremonies[ceremony.id] = ceremony
        record.generation += 1
        web.endTaskGrants(ofProfile: record.id, reason: "profile_changed", now: now)
        record.updatedAt = state.now()
        let capability = (Identifier.make() + Identifier.make()).replacingOccurrences(of: "-", with: "")
        if mode == "device" { ceremony.deviceCapability = capability }
        let launch = "\(launchBase)/authentication/\(ceremony.id)/\(mode == "device" ? "handoff" : "remote")#capability=\(capability)"
        var response = HTTPResponse.json(201, ceremony.view(launchURL: launch))
        response.headers.append(("cache-control", "private, no-store"))
        if web.dropNextBeginAnswers > 0 {
            web.dropNextBeginAnswers -= 1
            response.dropWithoutAnswer = true
        }
        return response
    }

    private func listCeremonies(_ profileID: String) -> HTTPResponse {
        let items = web.ceremonies.values.filter { $0.profileID == profileID }.sorted { $0.createdAt < $1.createdAt }
        for item in items { item.settleExpiry(now: now) }
        return .json(200, .array(items.map { $0.view() }))
    }

    private func ceremony(_ rawID: String) throws -> CeremonyRecord {
        guard let record = web.ceremonies[try Validation.uuid(rawID)] else {
            throw APIFailure.notFound("browser authentication")
        }
        record.settleExpiry(now: now)
        return record
    }

    // MARK: Grants

    /// Newest first (then by id), paged like every other website-access list.
    private func listTaskGrants() throws -> HTTPResponse {
        let status = head.query("status") ?? "active"
        guard status == "active" || status == "all" else { throw APIFailure.malformed() }
        let sessionID = head.query("session_id")
        let items = web.taskGrants.values
            .filter { (sessionID == nil || $0.sessionID == sessionID) && (status == "all" || $0.currentStatus(now: now) == "active") }
            .sorted { ($0.createdAt.microseconds, $0.id) > ($1.createdAt.microseconds, $1.id) }
        let page = try IDPaging.page(items.map(\.id), limit: head.query("limit"), cursor: head.query("cursor"))
        return .json(200, ["items": .array(page.ids.compactMap { web.taskGrants[$0]?.view(now: now) }), "next_cursor": page.next])
    }

    private func taskGrant(_ rawID: String) throws -> TaskGrantRecord {
        guard let grant = web.taskGrants[try Validation.uuid(rawID)] else { throw APIFailure.notFound("browser task grant") }
        return grant
    }

    private var taskScopesView: JSON {
        ["revision": .int(web.taskScopeRevision),
         "scopes": .array(web.taskScopes.map { ["origin": .string($0.origin), "path_prefix": .string($0.pathPrefix)] })]
    }

    private func replaceTaskScopes() throws -> HTTPResponse {
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["revision", "scopes"])
        guard let revision = fields["revision"]?.intValue, revision >= 0, let items = fields["scopes"]?.arrayValue,
              items.count <= 16
        else { throw APIFailure.malformed() }
        var scopes: [(origin: String, pathPrefix: String)] = []
        for item in items {
            let scope = try Validation.closedObject(item, allowed: ["origin", "path_prefix"])
            guard let originText = scope["origin"]?.stringValue, let origin = OriginRules.normalized(originText),
                  let prefix = scope["path_prefix"]?.stringValue, OriginRules.isPathPrefix(prefix),
                  !scopes.contains(where: { $0.origin == origin && $0.pathPrefix == prefix })
            else { throw APIFailure.malformed() }
            scopes.append((origin, prefix))
        }
        guard revision == web.taskScopeRevision else { throw APIFailure.conflict("task scopes changed meanwhile") }
        for grant in web.taskGrants.values
        where !scopes.contains(where: { $0.origin == grant.origin && $0.pathPrefix == grant.pathPrefix }) {
            grant.end("scope_removed", at: now)
        }
        web.taskScopes = scopes.sorted { ($0.origin, $0.pathPrefix) < ($1.origin, $1.pathPrefix) }
        web.taskScopeRevision += 1
        return .json(200, taskScopesView)
    }

    // MARK: Sessions

    private func bindSession(_ rawID: String) throws -> HTTPResponse {
        let sessionID = try Validation.uuid(rawID)
        guard state.session(sessionID) != nil else { throw APIFailure.notFound("session") }
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["browser_profile_id"])
        guard let profileText = fields["browser_profile_id"]?.stringValue else { throw APIFailure.malformed() }
        let record = try profile(profileText)
        guard record.status == "ready" else { throw APIFailure.conflict("browser profile is not ready") }
        web.sessionProfiles[sessionID] = record.id
        return .json(200, ["run_id": .null])
    }
}

extension WebsiteAccessState {
    /// Moves an open ceremony as the owner's sign-in would; `ready` also makes the profile ready.
    func drive(_ ceremony: CeremonyRecord, to outcome: String, now: Instant) {
        ceremony.settleExpiry(now: now)
        guard ceremony.isOpen else { return }
        switch outcome {
        case "ready":
            ceremony.status = "ready"
            if let profile = profiles[ceremony.profileID], profile.status != "revoked" {
                profile.status = "ready"
                profile.updatedAt = now
            }
        case "needs_user", "cancelled", "expired":
            ceremony.status = outcome
        default:
            break
        }
    }
}

extension WebsiteAccessState {
    /// `browser_profile_id` on session create: absent is fine; otherwise it
    /// must name a READY profile ([newer] rule; the snapshot refuses the field).
    func readyProfile(for field: JSON?) throws -> String? {
        guard let field, !field.isNull else { return nil }
        guard let text = field.stringValue, let id = Identifier.canonical(text) else { throw APIFailure.malformed() }
        guard let profile = profiles[id] else { throw APIFailure.notFound("browser profile") }
        guard profile.status == "ready" else { throw APIFailure.conflict("browser profile is not ready") }
        return id
    }

    func bind(session sessionID: String?, to profileID: String?) {
        guard let sessionID, let profileID else { return }
        sessionProfiles[sessionID] = profileID
        profiles[profileID]?.lastUsedAt = Instant.now()
    }
}
