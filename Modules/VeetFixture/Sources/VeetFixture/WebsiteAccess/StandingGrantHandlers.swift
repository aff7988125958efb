import Foundation

/// Standing grants (docs/wire/website-access.md §7): create with a required
/// idempotency key, list oldest first.
extension WebsiteHandlers {
    static let actionKinds: Set<String> = ["click", "type", "select", "check", "press", "scroll"]
    static let grantFields: Set<String> = [
        "profile_id", "allowed_origins", "action_kinds", "element_roles", "element_names", "purpose", "starts_at",
        "expires_at",
    ]

    func createStandingGrant() throws -> HTTPResponse {
        guard let key = head.header("idempotency-key"), (1...255).contains(key.utf8.count) else {
            throw APIFailure.malformed()
        }
        let body = try Validation.jsonBody(body)
        let fields = try Validation.closedObject(body, allowed: Self.grantFields)
        guard let profileText = fields["profile_id"]?.stringValue,
              let originItems = fields["allowed_origins"]?.arrayValue, (1...64).contains(originItems.count),
              let kindItems = fields["action_kinds"]?.arrayValue, (1...6).contains(kindItems.count),
              let startText = fields["starts_at"]?.stringValue, let starts = Instant(parsing: startText),
              let endText = fields["expires_at"]?.stringValue, let expires = Instant(parsing: endText),
              starts < expires, expires.microseconds - starts.microseconds <= 30 * 86_400 * 1_000_000
        else { throw APIFailure.malformed() }
        var origins: [String] = []
        for item in originItems {
            guard let text = item.stringValue, let origin = OriginRules.normalized(text), !origins.contains(origin)
            else { throw APIFailure.malformed() }
            origins.append(origin)
        }
        var kinds: [String] = []
        for item in kindItems {
            guard let kind = item.stringValue, Self.actionKinds.contains(kind), !kinds.contains(kind) else {
                throw APIFailure.malformed()
            }
            kinds.append(kind)
        }
        let roles = try Self.strings(fields["element_roles"], limit: 64)
        let names = try Self.strings(fields["element_names"], limit: 256)
        var purpose: JSON = .null
        if let given = fields["purpose"], !given.isNull {
            guard let text = given.stringValue, text.count <= 255 else { throw APIFailure.malformed() }
            purpose = .string(text)
        }
        let fingerprint = body.serialized(sortedKeys: true)
        if let earlier = web.standingGrantKeys[key] {
            guard earlier.fingerprint == fingerprint, let grant = web.standingGrants[earlier.grantID] else {
                throw APIFailure.conflict("idempotency key was reused with a different grant")
            }
            return .json(201, grant)
        }
        let profile = try self.profile(profileText)
        guard profile.status == "ready", newestSignInHasOutcome(profile.id) else {
            throw APIFailure.conflict("browser profile is not ready for a standing grant")
        }
        let id = Identifier.make()
        let grant: JSON = [
            "id": .string(id), "profile_id": .string(profile.id), "profile_generation": .int(profile.generation),
            "agent_version": .string(state.identity.agentVersion), "policy_version": "1",
            "allowed_origins": .array(origins.map { .string($0) }), "action_kinds": .array(kinds.map { .string($0) }),
            "element_roles": .array(roles.map { .string($0) }), "element_names": .array(names.map { .string($0) }),
            "purpose": purpose, "starts_at": .string(starts.zulu), "expires_at": .string(expires.zulu),
            "approved_by": .string(state.identity.principalID), "revoked_at": .null,
            "created_at": .string(now.zulu), "updated_at": .string(now.zulu),
        ]
        web.standingGrants[id] = grant
        web.standingGrantKeys[key] = (fingerprint, id)
        return .json(201, grant)
    }

    /// Oldest first, like profiles, paged with `limit` and `cursor` (docs/wire/website-access.md §1).
    func listStandingGrants() throws -> HTTPResponse {
        let profileID = head.query("profile_id")
        let items = web.standingGrants.values
            .filter { profileID == nil || $0["profile_id"]?.stringValue == profileID }
            .sorted { ($0["created_at"]?.stringValue ?? "", $0["id"]?.stringValue ?? "")
                < ($1["created_at"]?.stringValue ?? "", $1["id"]?.stringValue ?? "") }
        let page = try IDPaging.page(items.compactMap { $0["id"]?.stringValue }, limit: head.query("limit"),
                                     cursor: head.query("cursor"))
        return .json(200, ["items": .array(page.ids.compactMap { web.standingGrants[$0] }), "next_cursor": page.next])
    }

    /// The profile's newest ceremony ended ready (a sign-in with a recorded outcome).
    private func newestSignInHasOutcome(_ profileID: String) -> Bool {
        let newest = web.ceremonies.values.filter { $0.profileID == profileID }.max { $0.createdAt < $1.createdAt }
        return newest?.status == "ready"
    }

    private static func strings(_ value: JSON?, limit: Int) throws -> [String] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else { throw APIFailure.malformed() }
        return try items.map { item in
            guard let text = item.stringValue, (1...limit).contains(text.count) else { throw APIFailure.malformed() }
            return text
        }
    }
}
