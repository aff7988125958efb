import Foundation
import VeetTransport

/// What sort of device a registration describes (docs/wire/sessions-runs.md §7.1).
public enum DeviceKind: LenientEnum {
    case mobile, laptop, desktop, web, cli, surface
    case unknown(String)

    public static let wireNames: [(DeviceKind, String)] = [
        (.mobile, "mobile"), (.laptop, "laptop"), (.desktop, "desktop"), (.web, "web"), (.cli, "cli"),
        (.surface, "surface"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum DeviceStatus: LenientEnum {
    case active, revoked
    case unknown(String)

    public static let wireNames: [(DeviceStatus, String)] = [(.active, "active"), (.revoked, "revoked")]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A registered device as the server shows it (docs/wire/sessions-runs.md §7.2); never carries the push token.
public struct DeviceView: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var clientDeviceID: String
    public var name: String
    public var kind: DeviceKind
    public var platform: String
    public var pushProvider: String?
    public var pushTokenFingerprint: String?
    public var status: DeviceStatus
    public var revokedAt: Timestamp?
    public var lastSeenAt: Timestamp?
    public var createdAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case id, name, kind, platform, status
        case clientDeviceID = "client_device_id"
        case pushProvider = "push_provider"
        case pushTokenFingerprint = "push_token_fingerprint"
        case revokedAt = "revoked_at"
        case lastSeenAt = "last_seen_at"
        case createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        clientDeviceID = try c.decodeIfPresent(String.self, forKey: .clientDeviceID) ?? ""
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        kind = try c.decodeIfPresent(DeviceKind.self, forKey: .kind) ?? .unknown("")
        platform = try c.decodeIfPresent(String.self, forKey: .platform) ?? ""
        pushProvider = try c.decodeIfPresent(String.self, forKey: .pushProvider)
        pushTokenFingerprint = try c.decodeIfPresent(String.self, forKey: .pushTokenFingerprint)
        status = try c.decodeIfPresent(DeviceStatus.self, forKey: .status) ?? .unknown("")
        revokedAt = try c.decodeIfPresent(Timestamp.self, forKey: .revokedAt)
        lastSeenAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastSeenAt)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt)
    }
}

/// The body of `POST /v1/devices`. Push fields are always written, as null
/// when absent, because a terminal client registers without push routing.
public struct DeviceRegistration: Encodable, Sendable, Hashable {
    public var clientDeviceID: String
    public var name: String
    public var kind: DeviceKind
    public var platform: String
    public var mutedKinds: [NotificationKind]

    public init(clientDeviceID: String, name: String, kind: DeviceKind = .cli, platform: String = "linux",
                mutedKinds: [NotificationKind] = []) {
        self.clientDeviceID = clientDeviceID
        self.name = name
        self.kind = kind
        self.platform = platform
        self.mutedKinds = mutedKinds
    }

    enum CodingKeys: String, CodingKey {
        case name, kind, platform, capabilities
        case clientDeviceID = "client_device_id"
        case appBundleID = "app_bundle_id"
        case pushProvider = "push_provider"
        case pushToken = "push_token"
        case pushEnvironment = "push_environment"
        case mutedKinds = "muted_kinds"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(clientDeviceID, forKey: .clientDeviceID)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(platform, forKey: .platform)
        try c.encodeNil(forKey: .appBundleID)
        try c.encodeNil(forKey: .pushProvider)
        try c.encodeNil(forKey: .pushToken)
        try c.encodeNil(forKey: .pushEnvironment)
        try c.encode(mutedKinds, forKey: .mutedKinds)
        try c.encode([String](), forKey: .capabilities)
    }

    /// The exact bytes sent; the same registration always encodes the same way,
    /// which is what decides whether a stored idempotency key still applies.
    public func wireBody() throws -> Data { try WireJSON.encoder().encode(self) }
}
