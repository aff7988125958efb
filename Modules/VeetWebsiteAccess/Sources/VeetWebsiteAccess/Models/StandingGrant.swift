import Foundation

/// Unattended authority over a profile (`/v1/browser-grants`): routine
/// actions on listed origins within a time window.
public struct StandingGrant: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var profileID: String
    public var profileGeneration: Int?
    public var allowedOrigins: [String]
    public var actionKinds: [String]
    public var purpose: String?
    public var startsAt: String?
    public var expiresAt: String?
    public var revokedAt: String?
    public var createdAt: String?

    public init(id: String, profileID: String, profileGeneration: Int? = nil, allowedOrigins: [String] = [],
                actionKinds: [String] = [], purpose: String? = nil, startsAt: String? = nil,
                expiresAt: String? = nil, revokedAt: String? = nil, createdAt: String? = nil) {
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
        startsAt = try c.decodeIfPresent(String.self, forKey: .startsAt)
        expiresAt = try c.decodeIfPresent(String.self, forKey: .expiresAt)
        revokedAt = try c.decodeIfPresent(String.self, forKey: .revokedAt)
        createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt)
    }

    public var isRevoked: Bool { revokedAt != nil }
}
