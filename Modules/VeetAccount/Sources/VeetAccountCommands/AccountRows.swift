import Foundation
import VeetAccount

/// `--json` shape of a device: the fields a script needs, never a push token.
struct DeviceRow: Encodable {
    var id, clientDeviceID, name, kind, platform, status: String
    var revokedAt: Date?

    init(_ device: DeviceView) {
        id = device.id
        clientDeviceID = device.clientDeviceID
        name = device.name
        kind = device.kind.rawValue
        platform = device.platform
        status = device.status.rawValue
        revokedAt = device.revokedAt?.date
    }

    enum CodingKeys: String, CodingKey {
        case id, name, kind, platform, status
        case clientDeviceID = "client_device_id"
        case revokedAt = "revoked_at"
    }
}

/// `--json` shape of an inbox item: kind, fixed title, identifiers; no text.
struct NotificationRow: Encodable {
    var id, kind, title, status: String
    var toolName: String?
    var createdAt: Date?
    var targets: [String: String]

    init(_ item: NotificationItem) {
        id = item.id
        kind = item.kind.rawValue
        title = item.title
        status = item.status.rawValue
        toolName = item.toolName
        createdAt = item.createdAt?.date
        targets = Dictionary(uniqueKeysWithValues: NotificationIdentifier.allCases.compactMap { key in
            item.targets[key].map { ("\(key.rawValue)_id", $0) }
        })
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, status, targets
        case toolName = "tool_name"
        case createdAt = "created_at"
    }
}
