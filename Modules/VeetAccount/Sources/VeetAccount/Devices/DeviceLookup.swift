import Foundation
import VeetTransport

/// The server offers devices, but none has this id (or it belongs to another
/// account, which looks the same: docs/wire/README.md §3.4).
public struct UnknownDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var deviceID: String
    /// The server's answer on the device's own route, for its request id.
    public var answer: APIError

    public init(deviceID: String, answer: APIError) {
        self.deviceID = deviceID
        self.answer = answer
    }

    public var description: String {
        "No device with id \(deviceID) (it may have been deleted, or belong to another account)."
    }
}

extension Gated {
    /// A call about one device. A switched-off family and an unknown id both
    /// answer `404 not_found` (docs/wire/README.md §2), so a 404/405 here is read as "no
    /// devices on this server" only when the family's probe route
    /// (`GET /v1/devices`) is off too; otherwise it is `UnknownDeviceError`.
    public static func attempt(device id: String, api: AccountAPI,
                               _ body: () async throws -> Value) async throws -> Gated<Value> {
        do {
            return .available(try await body())
        } catch let answer as APIError where AccountAPI.meansUnavailable(answer) {
            guard try await api.probe() == .available else { return .unavailable }
            throw UnknownDeviceError(deviceID: id, answer: answer)
        }
    }
}

extension AccountAPI {
    /// Whether this server has devices and notifications: the family's probe,
    /// `GET /v1/devices?limit=1` (docs/wire/README.md §2).
    public func probe() async throws -> NotificationsAvailability {
        try await Gated.attempt { try await devices(limit: 1) }.availability
    }
}
