import Foundation
import VeetAccount
import VeetCurses
import VeetSchedulesScreens  // SchedulePage.shortTime
import VeetTokens

/// The devices registered for notifications on this connection (Alt-D), as
/// `veet devices list` shows them: name, kind and platform, state, last seen;
/// this computer's own registration marked. `x` asks, then revokes one
/// (VeetAccount's `DeviceRevocation`).
struct DevicesScreen {
    var devices: [DeviceView]?
    /// The server has no devices family: a plain page.
    var unavailable = false
    var selected = 0
    /// The device id this connection registered (its preference), marked "this computer".
    var ownDeviceID: String?
    var confirmingRevoke = false
    var message = ""

    var selectedDevice: DeviceView? {
        guard let devices, devices.indices.contains(selected) else { return nil }
        return devices[selected]
    }

    mutating func show(_ devices: [DeviceView]) {
        let previous = selectedDevice?.id
        self.devices = devices
        selected = devices.firstIndex { $0.id == previous } ?? min(selected, max(devices.count - 1, 0))
    }

    func draw(in grid: inout ScreenGrid) {
        let page = ListPage.page, soft = ListPage.soft
        let notice = confirmingRevoke
            ? "Revoke “\(selectedDevice?.name ?? "")”? It gets no more notifications.  y revoke it  n keep it" : message
        ListPage.drawChrome("Devices", keys: ScreenKeys.devices, notice: notice, in: &grid)
        if unavailable {
            _ = grid.put(" This server does not offer devices and notifications.", row: 2, column: 0, style: page,
                         limit: grid.width)
            return
        }
        guard let devices else {
            _ = grid.put(" Reading the devices...", row: 2, column: 0, style: soft, limit: grid.width)
            return
        }
        if devices.isEmpty {
            _ = grid.put(" No devices are registered.", row: 2, column: 0, style: page, limit: grid.width)
            return
        }
        let visible = max(grid.height - 5, 1)
        let first = max(0, min(selected - visible / 2, devices.count - visible))
        // Columns: name (with the "this computer" mark), kind/platform, state, last seen.
        let kindColumn = min(max(grid.width / 3, 31), 48), stateColumn = kindColumn + 17, seenColumn = stateColumn + 16
        for (offset, device) in devices.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset, row = 2 + offset
            let isSelected = index == selected
            let style = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash)
                : device.status == .revoked ? soft : page
            grid.fill(GridRect(row: row, column: 0, width: grid.width, height: 1), style: style)
            let own = device.id == ownDeviceID ? " (this computer)" : ""
            let name = TextFitting.truncate((isSelected ? "▸ " : "  ") + device.name + own, width: kindColumn - 2)
            _ = grid.put(name, row: row, column: 1, style: style, limit: kindColumn - 1)
            _ = grid.put(TextFitting.truncate("\(device.kind.rawValue)/\(device.platform)", width: 16), row: row,
                         column: kindColumn, style: style, limit: stateColumn - 1)
            _ = grid.put(DeviceRevocation.stateWords(device), row: row, column: stateColumn, style: style,
                         limit: seenColumn - 1)
            // "seen Mon 30 Nov 19:02" (UTC, as the server keeps it), only where it fits whole.
            if let seen = device.lastSeenAt?.date {
                let text = "seen " + SchedulePage.shortTime(seen, zone: TimeZone(identifier: "UTC"))
                if seenColumn + text.count <= grid.width {
                    _ = grid.put(text, row: row, column: seenColumn, style: style, limit: grid.width)
                }
            }
        }
    }
}
