import Foundation
import VeetStore

/// Where the account feature keeps its few per-connection values (the client
/// device id, the registered device id, the pending registration key).
/// `ConnectionPreferences` is the real one; tests may pass a memory store.
public protocol AccountSettingsStore: Sendable {
    func value(for key: String) throws -> String?
    func set(_ value: String?, for key: String) throws
}

extension ConnectionPreferences: AccountSettingsStore {}

/// The preference keys, in one place so nothing else spells them.
public enum AccountSettingKey {
    public static let clientDeviceID = "account.client_device_id"
    public static let deviceID = "account.device_id"
    public static let registrationKey = "account.registration_key"
    public static let registrationBody = "account.registration_body"
    public static let notificationsAvailability = "account.notifications_availability"
}

/// Whether this server has the devices and notifications family (docs/wire/README.md §2).
public enum NotificationsAvailability: String, Sendable, Hashable {
    /// Not probed yet.
    case unknown
    case available
    /// The server answered 404: the family is off. Nothing else is affected.
    case unavailable
}

/// The answer of a feature-gated call: a value, or "this server has no such feature".
public enum Gated<Value: Sendable>: Sendable {
    case available(Value)
    case unavailable

    public var value: Value? {
        if case .available(let value) = self { return value }
        return nil
    }

    public var availability: NotificationsAvailability {
        if case .available = self { return .available }
        return .unavailable
    }

    /// Runs `body`, turning the "family is off" answers into `.unavailable`;
    /// every other error is thrown as usual.
    public static func attempt(_ body: () async throws -> Value) async throws -> Gated<Value> {
        do {
            return .available(try await body())
        } catch where AccountAPI.meansUnavailable(error) {
            return .unavailable
        }
    }
}
