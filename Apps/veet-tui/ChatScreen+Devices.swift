import Foundation
import VeetAccount
import VeetCurses

/// The Devices screen's keys (Alt-D) and what its calls report.
extension ChatScreen {
    func openDevicesScreen() {
        state.devicesScreen = DevicesScreen()
        _ = backend.loadDevices()
    }

    func handleDevicesScreen(_ key: KeyPress) {
        guard var screen = state.devicesScreen else { return }
        if screen.confirmingRevoke {
            screen.confirmingRevoke = false
            if key == .char("y"), let device = screen.selectedDevice {
                screen.message = "Revoking..."
                _ = backend.revokeDevice(id: device.id, name: device.name)
            } else {
                screen.message = "Kept."
            }
            state.devicesScreen = screen
            return
        }
        let count = screen.devices?.count ?? 0
        switch key {
        case KeyPress(.escape):
            state.devicesScreen = nil
            return
        case _ where ListNavigation.moves(key):
            screen.selected = ListNavigation.index(after: key, from: screen.selected, count: count)
        case .char("g"):
            screen.message = ""
            _ = backend.loadDevices()
        case .char("x"), KeyPress(.delete):
            guard let device = screen.selectedDevice else { return }
            if DeviceRevocation.canRevoke(device) {
                screen.confirmingRevoke = true
            } else {
                screen.message = "“\(device.name)” is already revoked."
            }
        default: return
        }
        state.devicesScreen = screen
    }

    func apply(_ update: DevicesUpdate) {
        guard var screen = state.devicesScreen else { return }
        switch update {
        case .listed(let devices, let own):
            screen.show(devices)
            screen.ownDeviceID = own
        case .unavailable:
            screen.unavailable = true
        case .message(let text):
            screen.message = text
        }
        state.devicesScreen = screen
    }
}
