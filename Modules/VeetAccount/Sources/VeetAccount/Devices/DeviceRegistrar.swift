import Foundation
import VeetTransport

/// Registers this client as a device of the connection, keeping its client
/// device id stable (minted once, stored beside the connection) and one
/// idempotency key per distinct registration body, so a retried or repeated
/// registration never creates a second device.
public struct DeviceRegistrar: Sendable {
    public let api: AccountAPI
    public let settings: any AccountSettingsStore

    public init(api: AccountAPI, settings: any AccountSettingsStore) {
        self.api = api
        self.settings = settings
    }

    /// The stored client device id, minted (a lowercase UUID) and saved on first use.
    public func clientDeviceID() throws -> String {
        if let stored = try settings.value(for: AccountSettingKey.clientDeviceID), !stored.isEmpty { return stored }
        let minted = UUID().uuidString.lowercased()
        try settings.set(minted, for: AccountSettingKey.clientDeviceID)
        return minted
    }

    /// The server's id of this device after a successful registration.
    public func registeredDeviceID() throws -> String? {
        try settings.value(for: AccountSettingKey.deviceID)
    }

    /// What the last call learned about the feature; `.unknown` before any.
    public func knownAvailability() throws -> NotificationsAvailability {
        try settings.value(for: AccountSettingKey.notificationsAvailability)
            .flatMap(NotificationsAvailability.init(rawValue:)) ?? .unknown
    }

    /// The registration body a Linux terminal client sends: kind `cli`, platform `linux`, no push routing.
    public func registration(name: String, kind: DeviceKind = .cli, platform: String = "linux",
                             mutedKinds: [NotificationKind] = []) throws -> DeviceRegistration {
        DeviceRegistration(clientDeviceID: try clientDeviceID(), name: name, kind: kind, platform: platform,
                           mutedKinds: mutedKinds)
    }

    /// The registration a client makes by itself (at start, after a new token): the name this device
    /// was last registered under (the owner may have chosen it with `veet devices register --name`),
    /// else `defaultName`, so registering again never renames the device.
    public func automaticRegistration(defaultName: String) throws -> DeviceRegistration {
        let stored = try settings.value(for: AccountSettingKey.registrationBody)
            .flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }?["name"] as? String
        return try registration(name: stored.flatMap { $0.isEmpty ? nil : $0 } ?? defaultName)
    }

    /// The key for `body`: the stored one when the body is unchanged, else a
    /// fresh one saved (with the body) before anything is sent.
    public func idempotencyKey(for body: Data) throws -> IdempotencyKey {
        let text = String(decoding: body, as: UTF8.self)
        if try settings.value(for: AccountSettingKey.registrationBody) == text,
           let stored = try settings.value(for: AccountSettingKey.registrationKey).flatMap(IdempotencyKey.init(rawValue:)) {
            return stored
        }
        let fresh = IdempotencyKey()
        try settings.set(fresh.rawValue, for: AccountSettingKey.registrationKey)
        try settings.set(text, for: AccountSettingKey.registrationBody)
        return fresh
    }

    /// Registers (or refreshes) this device. A 404 means the server has no
    /// devices: `.unavailable` is returned and remembered, not thrown.
    public func register(_ registration: DeviceRegistration) async throws -> Gated<DeviceView> {
        let body = try registration.wireBody()
        let key = try idempotencyKey(for: body)
        let result = try await Gated.attempt { try await api.register(body: body, idempotencyKey: key) }
        try settings.set(result.availability.rawValue, for: AccountSettingKey.notificationsAvailability)
        if let device = result.value { try settings.set(device.id, for: AccountSettingKey.deviceID) }
        return result
    }

    /// Revokes this client's own device and forgets its server id.
    /// Nothing to do (nil) when it was never registered.
    public func revokeOwnDevice() async throws -> DeviceView? {
        guard let id = try registeredDeviceID() else { return nil }
        let revoked = try await api.revoke(deviceID: id)
        try settings.set(nil, for: AccountSettingKey.deviceID)
        return revoked
    }
}
