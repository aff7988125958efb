import Foundation
import VeetTransport

extension WebsiteAccessAPI {
    /// Creates a standing grant. `key` is reused on every retry, so a lost
    /// answer never makes two grants. A profile that is not ready, or whose
    /// newest sign-in has no outcome, answers 409.
    public func createStandingGrant(_ draft: StandingGrantDraft,
                                    key: IdempotencyKey = IdempotencyKey()) async throws -> StandingGrant {
        var request = try HTTPRequest.post("/v1/browser-grants", json: draft)
        request.setHeader("Idempotency-Key", key.rawValue)
        return try await send.decode(request)
    }

    public func standingGrantsPage(profileID: String? = nil, limit: Int? = nil,
                                   cursor: String? = nil) async throws -> Page<StandingGrant> {
        let query = profileID.map { [URLQueryItem(name: "profile_id", value: $0)] } ?? []
        return try await send.decode(.page("/v1/browser-grants", query: query, limit: limit, cursor: cursor))
    }

    /// Every standing grant (of one profile, when given), following cursors.
    public func allStandingGrants(profileID: String? = nil) async throws -> [StandingGrant] {
        try await Page.all { cursor in try await standingGrantsPage(profileID: profileID, limit: 200, cursor: cursor) }
    }

    public func standingGrant(id: String) async throws -> StandingGrant {
        try await send.decode(.get("/v1/browser-grants/\(segment: id)"))
    }

    public func revokeStandingGrant(id: String) async throws -> StandingGrant {
        try await sendRetrySafe.decode(.post("/v1/browser-grants/\(segment: id)/revoke"))
    }

    /// `204`, also for an unknown or already deleted grant.
    public func deleteStandingGrant(id: String) async throws {
        try await sendRetrySafe.sendExpectingSuccess(.delete("/v1/browser-grants/\(segment: id)"))
    }
}
