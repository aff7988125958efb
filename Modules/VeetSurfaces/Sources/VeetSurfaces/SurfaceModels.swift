import Foundation
import VeetTransport

/// The messaging channel a surface speaks on; a newer channel is kept raw.
public enum SurfacePlatform: LenientEnum {
    case telegram, whatsapp
    case unknown(String)
    public static let wireNames: [(SurfacePlatform, String)] = [(.telegram, "telegram"), (.whatsapp, "whatsapp")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// `Telegram`, `WhatsApp`, or the raw value.
    public var words: String {
        switch self {
        case .telegram: "Telegram"
        case .whatsapp: "WhatsApp"
        case .unknown(let raw): raw
        }
    }
}

/// A surface's device status.
public enum SurfaceStatus: LenientEnum {
    case active, revoked
    case unknown(String)
    public static let wireNames: [(SurfaceStatus, String)] = [(.active, "active"), (.revoked, "revoked")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A messaging bot the operator connected (docs/wire/surfaces.md §3). The API only reads
/// surfaces; the owner manages who may talk to them (pairings). Unknown keys are ignored.
public struct Surface: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var platform: SurfacePlatform?
    public var status: SurfaceStatus?
    /// The channel that carries notifications to a paired chat; nil while no chat is routed.
    public var pushProvider: String?
    /// Six hex characters naming the routed chat (never the chat itself); changes when someone new pairs.
    public var routeFingerprint: String?
    public var mutedKinds: [String]
    public var lastSeenAt: Timestamp?
    public var createdAt: Timestamp?
    public var revokedAt: Timestamp?

    public init(id: String, name: String, platform: SurfacePlatform? = nil, status: SurfaceStatus? = .active,
                pushProvider: String? = nil, routeFingerprint: String? = nil) {
        self.id = id
        self.name = name
        self.platform = platform
        self.status = status
        self.pushProvider = pushProvider
        self.routeFingerprint = routeFingerprint
        mutedKinds = []
    }

    enum CodingKeys: String, CodingKey {
        case id, name, platform, status, pushProvider = "push_provider", routeFingerprint = "push_token_fingerprint"
        case mutedKinds = "muted_kinds", lastSeenAt = "last_seen_at", createdAt = "created_at", revokedAt = "revoked_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = (try? c.decodeIfPresent(String.self, forKey: .name)) ?? ""
        platform = try? c.decodeIfPresent(SurfacePlatform.self, forKey: .platform)
        status = try? c.decodeIfPresent(SurfaceStatus.self, forKey: .status)
        pushProvider = try? c.decodeIfPresent(String.self, forKey: .pushProvider)
        routeFingerprint = try? c.decodeIfPresent(String.self, forKey: .routeFingerprint)
        mutedKinds = (try? c.decodeIfPresent([String].self, forKey: .mutedKinds)) ?? []
        lastSeenAt = try? c.decodeIfPresent(Timestamp.self, forKey: .lastSeenAt)
        createdAt = try? c.decodeIfPresent(Timestamp.self, forKey: .createdAt)
        revokedAt = try? c.decodeIfPresent(Timestamp.self, forKey: .revokedAt)
    }

    /// Whether a chat currently receives this surface's notifications.
    public var routesToAChat: Bool { pushProvider != nil || routeFingerprint != nil }
}

/// One sender allowed to talk to a surface (docs/wire/surfaces.md §4). `senderID` and
/// `senderLabel` are personal data; the label is the channel's untrusted display text.
public struct Pairing: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var surfaceID: String
    public var senderID: String
    public var senderLabel: String?
    public var grantedScopes: [String]
    public var pairedAt: Timestamp?
    public var revokedAt: Timestamp?
    public var lastMessageAt: Timestamp?

    public init(id: String, surfaceID: String, senderID: String, senderLabel: String? = nil,
                grantedScopes: [String] = [], revokedAt: Timestamp? = nil) {
        self.id = id
        self.surfaceID = surfaceID
        self.senderID = senderID
        self.senderLabel = senderLabel
        self.grantedScopes = grantedScopes
        self.revokedAt = revokedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, surfaceID = "surface_id", senderID = "sender_id", senderLabel = "sender_label"
        case grantedScopes = "granted_scopes", pairedAt = "paired_at", revokedAt = "revoked_at"
        case lastMessageAt = "last_message_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        surfaceID = (try? c.decodeIfPresent(String.self, forKey: .surfaceID)) ?? ""
        senderID = (try? c.decodeIfPresent(String.self, forKey: .senderID)) ?? ""
        senderLabel = try? c.decodeIfPresent(String.self, forKey: .senderLabel)
        grantedScopes = (try? c.decodeIfPresent([String].self, forKey: .grantedScopes)) ?? []
        pairedAt = try? c.decodeIfPresent(Timestamp.self, forKey: .pairedAt)
        revokedAt = try? c.decodeIfPresent(Timestamp.self, forKey: .revokedAt)
        lastMessageAt = try? c.decodeIfPresent(Timestamp.self, forKey: .lastMessageAt)
    }

    /// Active until revoked; only a revoked pairing can be deleted.
    public var isActive: Bool { revokedAt == nil }

    /// The label when the channel gave one, else the sender id.
    public var who: String { senderLabel.map { "\($0) (\(senderID))" } ?? senderID }
}

/// A one-time pairing code as the server minted it (docs/wire/surfaces.md §5.2). The
/// plaintext is a `PairingSecret`: it prints as dots, is not Codable, and is shown to the
/// owner once through `reveal()`. Nothing in VeetKit stores or logs it.
public struct PairingCode: Sendable, Hashable {
    public var id: String
    public var surfaceID: String
    public var grantedScopes: [String]
    public var label: String?
    /// When the code stops working: the server's value, never a constant.
    public var expiresAt: Timestamp
    public var maxAttempts: Int?
    public var secret: PairingSecret

    public init(id: String, surfaceID: String, grantedScopes: [String], label: String?, expiresAt: Timestamp,
                maxAttempts: Int?, secret: PairingSecret) {
        self.id = id
        self.surfaceID = surfaceID
        self.grantedScopes = grantedScopes
        self.label = label
        self.expiresAt = expiresAt
        self.maxAttempts = maxAttempts
        self.secret = secret
    }

    /// Whether the code has expired at `now` (a code without a readable expiry counts as expired).
    public func hasExpired(at now: Date) -> Bool {
        guard let date = expiresAt.date else { return true }
        return now >= date
    }

    /// What the sender types to the bot in a direct chat.
    public var instruction: String { "Send /pair \(secret.reveal()) to the bot in a direct chat." }

    struct Wire: Decodable {
        var id: String
        var surfaceID: String?
        var grantedScopes: [String]?
        var label: String?
        var expiresAt: Timestamp
        var maxAttempts: Int?
        var code: String

        enum CodingKeys: String, CodingKey {
            case id, surfaceID = "surface_id", grantedScopes = "granted_scopes", label, expiresAt = "expires_at"
            case maxAttempts = "max_attempts", code
        }
    }

    init(_ wire: Wire, surfaceID: String) {
        self.init(id: wire.id, surfaceID: wire.surfaceID ?? surfaceID, grantedScopes: wire.grantedScopes ?? [],
                  label: wire.label, expiresAt: wire.expiresAt, maxAttempts: wire.maxAttempts,
                  secret: PairingSecret(wire.code))
    }
}

/// The plaintext of a pairing code. Printing, interpolating or dumping it shows dots; only
/// `reveal()` gives the text, for the one place the owner reads it.
public struct PairingSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    private let text: String

    public init(_ text: String) { self.text = text }

    public func reveal() -> String { text }

    public var description: String { "•••••" }
    public var debugDescription: String { "PairingSecret(•••••)" }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
