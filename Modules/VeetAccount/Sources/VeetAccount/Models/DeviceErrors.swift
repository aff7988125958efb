import Foundation
import VeetTransport

/// A device request the server refused with a stable `details.reason`
/// (docs/wire/sessions-runs.md §7: `422 device_validation_error` with `device.*`, and
/// the device channel's `409` `device_revoked` / `device_invocation_expired`),
/// in its own words. Nothing was registered or changed.
public struct DeviceRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var underlying: APIError

    public init(reason: String, underlying: APIError) {
        self.reason = reason
        self.underlying = underlying
    }

    /// Every device reason the contract lists.
    public static let words: [String: String] = [
        "device.kind_unknown": "The server does not know this kind of device.",
        "device.push_provider_unknown": "The server does not know this push provider.",
        "device.push_environment_unknown": "The push environment must be sandbox or production.",
        "device.muted_kind_unknown": "A muted notification kind is not one the server knows.",
        "device.muted_kind_duplicate": "A muted notification kind is listed twice.",
        "device.capability_duplicate": "A device capability is listed twice.",
        "device.capability_unknown": "A device capability is not one the server knows.",
        "device.push_routing_incomplete": "Push needs a provider and a token together.",
        "device.apns_configuration_incomplete": "Apple push needs an app bundle id and an environment.",
        "device.push_environment_without_apns": "A push environment is only for Apple push.",
        "device.telegram_kind_invalid": "Telegram push is not available for this kind of device.",
        "device.surface_routing_incomplete": "A surface device needs its push routing.",
        "device.surface_capability_unsupported": "A surface device cannot have this capability.",
        "device_revoked": "This device was revoked; register it again to use it.",
        "device_invocation_expired": "This request to the device expired before it was answered.",
    ]

    public var description: String {
        let words = Self.words[reason] ?? underlying.description
        let outcome = reason.hasPrefix("device.") ? "The device was not registered." : "Nothing was changed."
        return "\(words) \(outcome) (\(reason))"
    }

    /// The refusal hidden in `error`, if its reason is one of `words`.
    public static func from(_ error: any Error) -> DeviceRefusal? {
        guard let api = error as? APIError, [409, 422].contains(api.status), let reason = api.reason,
              words[reason] != nil else { return nil }
        return DeviceRefusal(reason: reason, underlying: api)
    }

    /// Runs a device request, throwing a listed refusal in its words.
    @discardableResult
    static func explaining<T>(_ request: () async throws -> T) async throws -> T {
        do {
            return try await request()
        } catch {
            throw from(error) ?? error
        }
    }
}
