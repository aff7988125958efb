import Foundation
import VeetAccount
import VeetCurses

/// The work the Devices screen asks for.
public enum DevicesScreenEffect: Sendable, Equatable {
    case load
    case revoke(id: String, name: String)
}

/// What the Devices screen's work reports.
public enum DevicesScreenResult: Sendable {
    case listed([DeviceView], ownDeviceID: String?)
    /// The server has no devices family.
    case unavailable
    case message(String)
}

/// Does the Devices screen's work through `AccountAPI`, with this connection's
/// settings (its own registration is forgotten when it is the one revoked).
/// `describe` words an error the feature has no words of its own for.
public struct DevicesScreenWork: ScreenEffects {
    public typealias Screen = DevicesScreen

    let api: AccountAPI
    let settings: any AccountSettingsStore
    let describe: @Sendable (any Error) -> String

    public init(api: AccountAPI, settings: any AccountSettingsStore,
                describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.settings = settings
        self.describe = describe
    }

    public func run(_ effect: DevicesScreenEffect, report: @escaping @Sendable (DevicesScreenResult) -> Void) async {
        switch effect {
        case .load:
            await load(report)
        case .revoke(let id, let name):
            do {
                guard try await DeviceRevocation.revoke(id, api: api, settings: settings).value != nil else {
                    report(.unavailable)
                    return
                }
                report(.message("Revoked “\(name)”: it gets no more notifications."))
                await load(report)
            } catch {
                report(.message("Not revoked: \(describe(error))"))
            }
        }
    }

    private func load(_ report: @Sendable (DevicesScreenResult) -> Void) async {
        do {
            guard let devices = try await Gated.attempt({ try await api.allDevices() }).value else {
                report(.unavailable)
                return
            }
            let own = try? settings.value(for: AccountSettingKey.deviceID)
            report(.listed(devices, ownDeviceID: own ?? nil))
        } catch {
            report(.message("Could not read the devices: \(describe(error))"))
        }
    }
}
