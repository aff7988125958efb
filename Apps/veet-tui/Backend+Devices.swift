import Foundation
import VeetAccount

/// What the Devices screen's calls report.
enum DevicesUpdate: Sendable {
    case listed([DeviceView], ownDeviceID: String?)
    case unavailable
    case message(String)
}

/// The Devices screen's calls (VeetAccount).
extension Backend {
    var account: AccountAPI { AccountAPI(sender: api.sender) }

    func loadDevices() -> Task<Void, Never> {
        let account = self.account, settings = store.preferences
        return Task {
            do {
                guard let devices = try await Gated.attempt({ try await account.allDevices() }).value else {
                    inbox.post(.devices(.unavailable))
                    return
                }
                let own = try? settings.value(for: AccountSettingKey.deviceID)
                inbox.post(.devices(.listed(devices, ownDeviceID: own ?? nil)))
            } catch {
                inbox.post(.devices(.message("Could not read the devices: \(Self.describe(error))")))
            }
        }
    }

    func revokeDevice(id: String, name: String) -> Task<Void, Never> {
        let account = self.account, settings = store.preferences
        return Task {
            do {
                guard try await DeviceRevocation.revoke(id, api: account, settings: settings).value != nil else {
                    inbox.post(.devices(.unavailable))
                    return
                }
                inbox.post(.devices(.message("Revoked “\(name)”: it gets no more notifications.")))
                _ = loadDevices()
            } catch {
                inbox.post(.devices(.message("Not revoked: \(Self.describe(error))")))
            }
        }
    }
}
