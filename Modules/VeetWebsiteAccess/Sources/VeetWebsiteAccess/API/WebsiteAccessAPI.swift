import Foundation
import VeetTransport

/// The website-access routes of the /v1 API (docs/wire/website-access.md): profiles,
/// sign-in ceremonies, conversations bound to a profile, standing grants,
/// task grants and task scopes. One call each, no state; a non-2xx answer
/// throws `APIError`.
public struct WebsiteAccessAPI: Sendable {
    /// Reads, and the creates that carry an idempotency key (profile, standing
    /// grant), retry with the same key; the other writes sent through it go
    /// once (a ceremony's begin, a new conversation: see each).
    public let send: HTTPRequestSender
    /// For the writes the contract calls retry-safe (revoke, delete, cancel,
    /// bind, stop, replace scopes): a repeat changes nothing, so they retry
    /// although they carry no key.
    let sendRetrySafe: HTTPRequestSender

    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .readsAndKeyedWrites)
        sendRetrySafe = sender.retrying(retry, .everyRequest)
    }

    // MARK: Profiles

    public func profilesPage(limit: Int? = nil, cursor: String? = nil) async throws -> Page<BrowserProfile> {
        try await send.decode(.page("/v1/browser-profiles", limit: limit, cursor: cursor))
    }

    /// Every profile, oldest first, following cursors.
    public func allProfiles(pageSize: Int = 200) async throws -> [BrowserProfile] {
        try await Page.all { cursor in try await profilesPage(limit: pageSize, cursor: cursor) }
    }

    public func profile(id: String) async throws -> BrowserProfile {
        try await send.decode(.get("/v1/browser-profiles/\(segment: id)"))
    }

    /// Creates a profile. `key` is reused on every retry (the server derives
    /// the profile id from it, so a replay returns the same profile).
    public func createProfile(origins: [WebsiteOrigin], key: IdempotencyKey) async throws -> BrowserProfile {
        var request = try HTTPRequest.post("/v1/browser-profiles", json: ["allowed_origins": origins.map(\.rawValue)])
        request.setHeader("Idempotency-Key", key.rawValue)
        return try await send.decode(request)
    }

    /// Revoking a revoked profile returns it unchanged.
    public func revokeProfile(id: String) async throws -> BrowserProfile {
        try await sendRetrySafe.decode(.post("/v1/browser-profiles/\(segment: id)/revoke"))
    }

    /// `204`, also when repeated or unknown. The server refuses an unrevoked profile.
    public func deleteProfile(id: String) async throws {
        try await sendRetrySafe.sendExpectingSuccess(.delete("/v1/browser-profiles/\(segment: id)"))
    }

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
