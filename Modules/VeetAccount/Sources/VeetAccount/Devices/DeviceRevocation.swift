import Foundation
import VeetTransport

/// Revoking a device from a list (the TUI's Devices screen, `veet devices
/// revoke`): the server's revoke, then, when it was this computer's own
/// registration, the id this connection keeps for it is forgotten, so the
/// next registration starts afresh rather than naming a revoked device.
public enum DeviceRevocation {
    public static func revoke(_ deviceID: String, api: AccountAPI, settings: any AccountSettingsStore) async throws
        -> Gated<DeviceView> {
        let answer = try await Gated.attempt(device: deviceID, api: api) { try await api.revoke(deviceID: deviceID) }
        if let device = answer.value, try settings.value(for: AccountSettingKey.deviceID) == device.id {
            try settings.set(nil, for: AccountSettingKey.deviceID)
        }
        return answer
    }

    /// "active", "revoked 2 Dec" ...: a device's state as a list shows it.
    public static func stateWords(_ device: DeviceView) -> String {
        switch device.status {
        case .active: "active"
        case .revoked: "revoked" + (device.revokedAt?.date.map { " " + shortDay($0) } ?? "")
        case .unknown(let raw): raw.isEmpty ? "unknown" : raw
        }
    }

    /// Whether a revoke would change anything (a revoked device stays revoked; the server answers the record).
    public static func canRevoke(_ device: DeviceView) -> Bool { device.status != .revoked }

    static func shortDay(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: "en_GB"),
                                        timeZone: TimeZone(identifier: "UTC")!).day().month(.abbreviated))
    }
}
