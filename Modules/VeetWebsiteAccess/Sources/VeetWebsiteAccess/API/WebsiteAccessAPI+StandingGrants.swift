import Foundation
import VeetTransport

extension WebsiteAccessAPI {
    /// Creates a standing grant. `key` is reused on every retry, so a lost
    /// answer never makes two grants. A profile that is not ready, or whose
    /// newest sign-in has no outcome, answers 409.
    public func createStandingGrant(_ draft: StandingGrantDraft,
                                    key: IdempotencyKey = IdempotencyKey()) async throws -> StandingGrant {
        let request = try HTTPRequest.post("/v1/browser-grants", json: draft)
        return try await client.sendRetrying(request, idempotencyKey: key, policy: retry, sleeper: sleeper)
            .decoded(as: StandingGrant.self)
    }

    public func standingGrant(id: String) async throws -> StandingGrant {
        try await client.decode(.get("/v1/browser-grants/\(Self.segment(id))"))
    }

    /// `204`, also for an unknown or already deleted grant.
    public func deleteStandingGrant(id: String) async throws {
        let request = HTTPRequest.delete("/v1/browser-grants/\(Self.segment(id))")
        try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper).requireSuccess()
    }

    /// Every standing grant (of one profile, when given), following cursors.
    public func allStandingGrants(profileID: String? = nil) async throws -> [StandingGrant] {
        var items: [StandingGrant] = []
        var cursor: String?
        var seen: Set<String> = []
        while true {
            let page = try await standingGrantsPage(profileID: profileID, limit: 200, cursor: cursor)
            items += page.items
            guard !page.isLast, let next = page.nextCursor else { return items }
            guard seen.insert(next).inserted else {
                throw InvalidResponseError("the grant list repeated a cursor", requestID: nil)
            }
            cursor = next
        }
    }
}
