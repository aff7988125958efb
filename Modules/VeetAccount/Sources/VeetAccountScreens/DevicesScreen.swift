import Foundation
import VeetAccount
import VeetCurses
import VeetTokens

/// The devices registered for notifications on this connection (Alt-D), as
/// `veet devices list` shows them: name, kind and platform, state, last seen;
/// this computer's own registration marked. `x` asks, then revokes one
/// (VeetAccount's `DeviceRevocation`).
public struct DevicesScreen: FeatureScreen {
    public var devices: [DeviceView]?
    /// The server has no devices family: a plain page.
    public var unavailable = false
    public var selected = 0
    /// The device id this connection registered (its preference), marked "this computer".
    public var ownDeviceID: String?
    public var confirmingRevoke = false
    public var message = ""

    public init() {}

    /// The footer's keys, one table: the footer is written from it and Ctrl-P lists it.
    public static let keys: [CommandPalette.Item] = [
        .init("revoke", hint: "x", press: .char("x")),
        .init("refresh", hint: "g", press: .char("g")),
    ]

    public var selectedDevice: DeviceView? {
        guard let devices, devices.indices.contains(selected) else { return nil }
        return devices[selected]
    }

    public mutating func show(_ devices: [DeviceView]) {
        let previous = selectedDevice?.id
        self.devices = devices
        selected = devices.firstIndex { $0.id == previous } ?? min(selected, max(devices.count - 1, 0))
    }

    public func paint(in grid: inout ScreenGrid, now: Date) {
        let page = ListPage.page, soft = ListPage.soft
        let notice = confirmingRevoke
            ? "Revoke “\(selectedDevice?.name ?? "")”? It gets no more notifications.  y revoke it  n keep it" : message
        ListPage.drawChrome("Devices", keys: Self.keys, notice: notice, in: &grid)
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
                let text = "seen " + Self.shortTime(seen)
                if seenColumn + text.count <= grid.width {
                    _ = grid.put(text, row: row, column: seenColumn, style: style, limit: grid.width)
                }
            }
        }
    }

    /// "Mon 30 Nov 19:02", in UTC as the server keeps it.
    static func shortTime(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: "en_GB"),
                                     timeZone: TimeZone(identifier: "UTC") ?? .current)
        style = style.weekday(.abbreviated).day(.defaultDigits).month(.abbreviated).hour(.twoDigits(amPM: .omitted)).minute(.twoDigits)
        return date.formatted(style)
    }

    public func keyHints(width: Int, now: Date) -> String {
        ListPage.footer(Self.keys, width: width).trimmingCharacters(in: .whitespaces)
    }

    // MARK: Keys and answers

    public var openingEffects: [DevicesScreenEffect] { [.load] }

    public mutating func update(_ event: ScreenEvent<DevicesScreenResult>) -> ScreenStep<DevicesScreenEffect, Never> {
        switch event {
        case .key(let key): return handle(key)
        case .paste: return .ignored
        case .result(let result):
            apply(result)
            return .none
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<DevicesScreenEffect, Never> {
        if confirmingRevoke {
            confirmingRevoke = false
            guard key == .char("y"), let device = selectedDevice else {
                message = "Kept."
                return .none
            }
            message = "Revoking..."
            return .run(.revoke(id: device.id, name: device.name))
        }
        switch key {
        case KeyPress(.escape):
            return .close
        case _ where ListNavigation.moves(key):
            selected = ListNavigation.index(after: key, from: selected, count: devices?.count ?? 0)
        case .char("g"):
            message = ""
            return .run(.load)
        case .char("x"), KeyPress(.delete):
            guard let device = selectedDevice else { return .ignored }
            if DeviceRevocation.canRevoke(device) {
                confirmingRevoke = true
            } else {
                message = "“\(device.name)” is already revoked."
            }
        default: return .ignored
        }
        return .none
    }

    public mutating func apply(_ result: DevicesScreenResult) {
        switch result {
        case .listed(let devices, let own):
            show(devices)
            ownDeviceID = own
        case .unavailable:
            unavailable = true
        case .message(let text):
            message = text
        }
    }
}
