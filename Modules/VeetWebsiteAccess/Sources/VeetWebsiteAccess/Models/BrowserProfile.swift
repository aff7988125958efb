import Foundation
import VeetTransport

/// Where a browser profile stands. Unknown values are kept verbatim.
public enum ProfileStatus: LenientEnum {
    case provisioning, authenticationRequired, ready, needsUser, revoked
    case unknown(String)

    public static let wireNames: [(ProfileStatus, String)] = [
        (.provisioning, "provisioning"), (.authenticationRequired, "authentication_required"), (.ready, "ready"),
        (.needsUser, "needs_user"), (.revoked, "revoked"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// Plain words for a status line.
    public var label: String {
        switch self {
        case .provisioning: "setting up"
        case .authenticationRequired: "needs sign-in"
        case .ready: "ready"
        case .needsUser: "needs you (for example a code)"
        case .revoked: "revoked"
        case .unknown(let raw): raw
        }
    }

    /// Sign in again is offered for every profile that is not revoked.
    public var canSignIn: Bool { self != .revoked && self != .provisioning }
}

/// A browser profile (`/v1/browser-profiles`). Origins are kept as the
/// server sent them, so an origin this client would refuse still shows.
public struct BrowserProfile: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var allowedOrigins: [String]
    public var status: ProfileStatus
    public var generation: Int
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var lastUsedAt: Timestamp?

    public init(id: String, allowedOrigins: [String], status: ProfileStatus, generation: Int = 0,
                createdAt: Timestamp = "", updatedAt: Timestamp = "", lastUsedAt: Timestamp? = nil) {
        self.id = id
        self.allowedOrigins = allowedOrigins
        self.status = status
        self.generation = generation
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastUsedAt = lastUsedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, status, generation
        case allowedOrigins = "allowed_origins"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case lastUsedAt = "last_used_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        allowedOrigins = try c.decodeIfPresent([String].self, forKey: .allowedOrigins) ?? []
        status = try c.decode(ProfileStatus.self, forKey: .status)
        generation = try c.decodeIfPresent(Int.self, forKey: .generation) ?? 0
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? ""
        lastUsedAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastUsedAt)
    }

    /// The first origin's host, the profile's name in lists.
    public var displayName: String {
        allowedOrigins.first.map { $0.replacingOccurrences(of: "https://", with: "") } ?? id
    }
}
