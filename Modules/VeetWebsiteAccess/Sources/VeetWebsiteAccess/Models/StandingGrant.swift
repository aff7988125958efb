import Foundation
import VeetTransport

/// Unattended authority over a profile (`/v1/browser-grants`): routine
/// actions on listed origins within a time window.
public struct StandingGrant: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var profileID: String
    public var profileGeneration: Int?
    public var allowedOrigins: [String]
    public var actionKinds: [String]
    public var purpose: String?
    public var startsAt: Timestamp?
    public var expiresAt: Timestamp?
    public var revokedAt: Timestamp?
    public var createdAt: Timestamp?

    public init(id: String, profileID: String, profileGeneration: Int? = nil, allowedOrigins: [String] = [],
                actionKinds: [String] = [], purpose: String? = nil, startsAt: Timestamp? = nil,
                expiresAt: Timestamp? = nil, revokedAt: Timestamp? = nil, createdAt: Timestamp? = nil) {
        self.id = id
        self.profileID = profileID
        self.profileGeneration = profileGeneration
        self.allowedOrigins = allowedOrigins
        self.actionKinds = actionKinds
        self.purpose = purpose
        self.startsAt = startsAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, purpose
        case profileID = "profile_id"
        case profileGeneration = "profile_generation"
        case allowedOrigins = "allowed_origins"
        case actionKinds = "action_kinds"
        case startsAt = "starts_at"
        case expiresAt = "expires_at"
        case revokedAt = "revoked_at"
        case createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        profileID = try c.decodeIfPresent(String.self, forKey: .profileID) ?? ""
        profileGeneration = try c.decodeIfPresent(Int.self, forKey: .profileGeneration)
        allowedOrigins = try c.decodeIfPresent([String].self, forKey: .allowedOrigins) ?? []
        actionKinds = try c.decodeIfPresent([String].self, forKey: .actionKinds) ?? []
        purpose = try c.decodeIfPresent(String.self, forKey: .purpose)
        startsAt = try c.decodeIfPresent(Timestamp.self, forKey: .startsAt)
        expiresAt = try c.decodeIfPresent(Timestamp.self, forKey: .expiresAt)
        revokedAt = try c.decodeIfPresent(Timestamp.self, forKey: .revokedAt)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt)
    }

    public var isRevoked: Bool { revokedAt != nil }
}
