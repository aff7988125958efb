import Foundation
import VeetTransport
import VeetWebsiteAccess

/// Browser profiles and sign-in ceremonies (docs/wire/website-access.md §3–§4), through
/// `WebsiteAccessAPI`. Two profiles are made and, at the end, revoked and
/// deleted (the contract's rollback of unused profiles). A sign-in needs a
/// person, so only the in-process fixture (which can drive its ceremony)
/// gets a ready profile, and with it the grant and binding checks
/// (Conformance+Grants.swift).
extension Conformance {
    /// What the profile checks leave for the grant checks.
    struct WebsiteContext {
        var api: WebsiteAccessAPI
        var client: HTTPClient
        var first: BrowserProfile?
        var second: BrowserProfile?
        /// `first`, once a sign-in made it ready (fixture only).
        var ready: BrowserProfile?
    }

    mutating func checkWebsiteAccess() async {
        guard let chat = try? target.api(), let origin = try? WebsiteOrigin(validating: "https://www.example.com"),
              let otherOrigin = try? WebsiteOrigin(validating: "https://www.example.org") else { return }
        guard let client = try? SoakTarget.client(target.url, token: target.token) else { return }
        let api = WebsiteAccessAPI(sender: .live(client: client, sleeper: chat.sender.sleeper), retry: chat.retry)
        let fixture = target.fixture
        let key = IdempotencyKey()
        var context = WebsiteContext(api: api, client: client)
        var ceremonyID = ""

        await check("GET /v1/browser-profiles (page)", .websiteAccess, probe: true) {
            _ = try await api.profilesPage(limit: 50)
            return nil
        }
        await check("POST /v1/browser-profiles (201; same key: same profile)", .websiteAccess) {
            let made = try await Self.createProfile(api, origins: [origin], key: key)
            context.first = made
            let again = try await api.createProfile(origins: [origin], key: key)
            return Self.first(made.allowedOrigins == [origin.rawValue] ? nil : "allowed_origins \(made.allowedOrigins)",
                              again.id == made.id ? nil : "the replay made \(again.id), expected \(made.id)")
        }
        await check("POST /v1/browser-profiles (same key, other origins → 409 conflict)", .websiteAccess) {
            guard context.first != nil else { throw NotChecked("the create failed") }
            return await Self.expectError(409, .conflict) { _ = try await api.createProfile(origins: [otherOrigin], key: key) }
        }
        await check("POST /v1/browser-profiles (origin http://localhost → 400 malformed_request)", .websiteAccess) {
            var request = try HTTPRequest.post("/v1/browser-profiles", json: ["allowed_origins": ["http://localhost"]])
            request.setHeader("Idempotency-Key", IdempotencyKey().rawValue)
            return Self.envelopeMismatch(try await client.send(request), status: 400, code: .malformedRequest)
        }
        await check("GET /v1/browser-profiles (paged: limit, cursor, oldest first)", .websiteAccess) {
            guard let first = context.first else { throw NotChecked("the create failed") }
            let second = try await Self.createProfile(api, origins: [otherOrigin], key: IdempotencyKey())
            context.second = second
            let page = try await api.profilesPage(limit: 1)
            guard page.items.count == 1, let cursor = page.nextCursor else { return "limit=1 over two profiles gave no cursor" }
            let next = try await api.profilesPage(limit: 1, cursor: cursor)
            guard next.items.first?.id != page.items.first?.id else { return "the cursor repeated the first page" }
            let ids = try await api.allProfiles().map(\.id)
            guard let a = ids.firstIndex(of: first.id), let b = ids.firstIndex(of: second.id) else { return "the walk lacks a new profile" }
            return a < b ? nil : "the newer profile is listed first (expected oldest first)"
        }
        await check("GET /v1/browser-profiles?limit=201 → 400 malformed_request", .websiteAccess) {
            await Self.expectError(400, .malformedRequest) { _ = try await api.profilesPage(limit: 201) }
        }
        await check("GET /v1/browser-profiles/{id}", .websiteAccess) {
            guard let first = context.first else { throw NotChecked("the create failed") }
            let read = try await api.profile(id: first.id)
            return read.id == first.id ? nil : "asked \(first.id), got \(read.id)"
        }
        await check("GET /v1/browser-profiles/{unknown} → 404", .websiteAccess) {
            await Self.expectError(404, .notFound) { _ = try await api.profile(id: Self.unknownID) }
        }
        await check("POST /v1/browser-profiles/{id}/authentication-ceremonies (201 with a launch link; while open → 409)", .websiteAccess) {
            guard let first = context.first else { throw NotChecked("the create failed") }
            let login = "https://www.example.com/login"
            guard first.status == .authenticationRequired || first.status == .needsUser || first.status == .ready else {
                // docs/wire/website-access.md §4.1: a provisioning or revoked profile cannot begin (no browser provider).
                return await Self.expectError(409, .conflict) { _ = try await api.beginCeremony(profileID: first.id, loginURL: login) }
            }
            let (ceremony, _) = try await api.beginCeremony(profileID: first.id, loginURL: login)
            ceremonyID = ceremony.id
            guard ceremony.status.isOpen else { return "status \(ceremony.status.rawValue), expected an open ceremony" }
            return await Self.expectError(409, .conflict) { _ = try await api.beginCeremony(profileID: first.id, loginURL: login) }
        }
        await check("GET /v1/browser-authentication-ceremonies/{id}", .websiteAccess) {
            guard !ceremonyID.isEmpty else { throw NotChecked("the profile cannot sign in here (no browser provider)") }
            let read = try await api.ceremony(id: ceremonyID)
            return read.id == ceremonyID && read.status.isOpen ? nil : "got \(read.id) \(read.status.rawValue)"
        }
        await check("GET /v1/browser-profiles/{id}/authentication-ceremonies (bare array)", .websiteAccess) {
            guard let first = context.first else { throw NotChecked("the create failed") }
            let list = try await api.ceremonies(profileID: first.id)
            return ceremonyID.isEmpty || list.contains { $0.id == ceremonyID } ? nil : "the list lacks ceremony \(ceremonyID)"
        }
        await check("POST /v1/browser-authentication-ceremonies/{id}/cancel (cancelled)", .websiteAccess) {
            guard !ceremonyID.isEmpty else { throw NotChecked("the profile cannot sign in here (no browser provider)") }
            let cancelled = try await api.cancelCeremony(id: ceremonyID)
            return cancelled.status == .cancelled ? nil : "status \(cancelled.status.rawValue), expected cancelled"
        }
        await check("GET /v1/browser-authentication-ceremonies/{unknown} → 404", .websiteAccess) {
            await Self.expectError(404, .notFound) { _ = try await api.ceremony(id: Self.unknownID) }
        }
        await check("GET /v1/browser-authentication-ceremonies/{id} (ready after the sign-in; profile ready)", .websiteAccess) {
            guard let fixture else { throw NotChecked("a sign-in needs a person; only the fixture can drive one") }
            guard let first = context.first, !ceremonyID.isEmpty else { throw NotChecked("no ceremony could begin") }
            let (ceremony, _) = try await api.beginCeremony(profileID: first.id, loginURL: "https://www.example.com/")
            fixture.driveCeremony(ceremony.id, to: "ready")
            let read = try await api.ceremony(id: ceremony.id)
            let profile = try await api.profile(id: first.id)
            guard read.status == .ready, profile.status == .ready else {
                return "ceremony \(read.status.rawValue), profile \(profile.status.rawValue); expected both ready"
            }
            context.ready = profile
            return nil
        }

        await checkGrants(context)

        await check("DELETE /v1/browser-profiles/{not revoked} → 409", .websiteAccess) {
            guard let profile = context.ready ?? context.second else { throw NotChecked("no profile was made") }
            let current = try await api.profile(id: profile.id)
            guard current.status != .revoked else { throw NotChecked("the server left the profile revoked") }
            return await Self.expectError(409, .conflict) { try await api.deleteProfile(id: profile.id) }
        }
        await check("POST /v1/browser-profiles/{id}/revoke (revoked; again: unchanged)", .websiteAccess) {
            guard let first = context.first else { throw NotChecked("the create failed") }
            let revoked = try await api.revokeProfile(id: first.id)
            let again = try await api.revokeProfile(id: first.id)
            return Self.first(revoked.status == .revoked ? nil : "status \(revoked.status.rawValue), expected revoked",
                              again == revoked ? nil : "revoking again changed the profile")
        }
        await check("DELETE /v1/browser-profiles/{id} (204, then 404; again: 204)", .websiteAccess) {
            guard let first = context.first else { throw NotChecked("the create failed") }
            try await api.deleteProfile(id: first.id)
            if let mismatch = await Self.expectError(404, .notFound, { _ = try await api.profile(id: first.id) }) { return mismatch }
            try await api.deleteProfile(id: first.id)
            return nil
        }
        if let second = context.second {
            _ = try? await api.revokeProfile(id: second.id)
            try? await api.deleteProfile(id: second.id)
        }
    }

    /// docs/wire/website-access.md §3.1: without a browser provider the create answers
    /// 500 and leaves a revoked profile that the same key returns (201).
    static func createProfile(_ api: WebsiteAccessAPI, origins: [WebsiteOrigin], key: IdempotencyKey) async throws -> BrowserProfile {
        do {
            return try await api.createProfile(origins: origins, key: key)
        } catch let error as APIError where error.status == 500 && error.code == .internalError {
            return try await api.createProfile(origins: origins, key: key)
        }
    }
}
