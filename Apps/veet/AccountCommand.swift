import Foundation
import VeetAccount
import VeetConsole
import VeetStore
import VeetTransport

/// `veet devices list|register|revoke ID` and `veet notifications [--limit N]`.
struct AccountCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "devices",
        summary: "Devices registered for notifications on this connection.",
        subcommands: [
            CommandSpec(name: "list", summary: "List registered devices, newest first."),
            CommandSpec(name: "register", summary: "Register this terminal as a device (no push routing).",
                        options: [.value("name", valueName: "text", help: "Device name (default: the host name).")]),
            CommandSpec(name: "revoke", summary: "Revoke a device so it no longer receives notifications.",
                        positionals: [PositionalSpec("id", help: "The device id.")]),
        ])

    static let notificationsSpec = CommandSpec(
        name: "notifications",
        summary: "The notification inbox, newest first (titles and identifiers only).",
        options: [.value("limit", valueName: "n", help: "How many to show (default 20).")])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let account = AccountCommand(context: context)
        switch command.path {
        case ["devices", "list"]: return try await account.list()
        case ["devices", "register"]: return try await account.register(name: command.value("name"))
        case ["devices", "revoke"]: return try await account.revoke(command.positionals.first ?? "")
        case ["notifications"]: return try await account.notifications(limit: try command.int("limit") ?? 20)
        default:
            return context.fail("veet: devices needs a subcommand; see `veet help devices`", .usage)
        }
    }

    /// Not an error (exit 0, `null` with --json), unless the address has no
    /// Veetbot API at all: then that is said (exit 8).
    private func unavailable() async throws -> ExitCode {
        if let missing = await (try? context.client())?.missingAPI(afterStatus: 404) { throw missing }
        context.err.writeLine("This server does not offer devices and notifications.")
        if context.json { context.out.writeLine("null") }
        return .success
    }

    func list() async throws -> ExitCode {
        let api = AccountAPI(sender: .live(client: try context.client()))
        guard let devices = try await Gated.attempt({ try await api.allDevices() }).value else { return try await unavailable() }
        if context.json {
            try JSONOutput.print(devices.map(DeviceRow.init), layout: .compact)
            return .success
        }
        if devices.isEmpty { context.err.writeLine("No devices are registered.") }
        let style = context.outStyle
        for device in devices {
            let state = device.status == .active ? style.emphasis(device.status.rawValue) : style.dim(device.status.rawValue)
            context.out.writeLine("\(state)  \(ServerText.line(device.name))  \(style.dim("\(device.kind.rawValue)/\(device.platform)"))")
            context.out.writeLine(style.dim("  \(device.id)"))
        }
        return .success
    }

    func register(name: String?) async throws -> ExitCode {
        let (store, client) = try context.store()
        let registrar = DeviceRegistrar(api: AccountAPI(sender: .live(client: client)), settings: store.preferences)
        let registration = try registrar.registration(name: name ?? ProcessInfo.processInfo.hostName)
        guard let device = try await registrar.register(registration).value else { return try await unavailable() }
        if context.json {
            try JSONOutput.print(DeviceRow(device), layout: .compact)
        } else {
            context.out.writeLine("Registered \(ServerText.line(device.name)) as \(device.id).")
        }
        return .success
    }

    func revoke(_ id: String) async throws -> ExitCode {
        guard !id.isEmpty else {
            return context.fail("veet: devices revoke needs a device id", .usage)
        }
        let (store, client) = try context.store()
        let api = AccountAPI(sender: .live(client: client))
        guard let device = try await Gated.attempt(device: id, api: api, { try await api.revoke(deviceID: id) }).value else {
            return try await unavailable()
        }
        let settings = store.preferences
        if try settings.value(for: AccountSettingKey.deviceID) == device.id {
            try settings.set(nil, for: AccountSettingKey.deviceID)
        }
        if context.json {
            try JSONOutput.print(DeviceRow(device), layout: .compact)
        } else {
            context.out.writeLine("Revoked \(ServerText.line(device.name)) (\(device.id)).")
        }
        return .success
    }

    func notifications(limit: Int) async throws -> ExitCode {
        guard limit >= 1 else {
            return context.fail("veet: --limit must be at least 1", .usage)
        }
        let inbox = NotificationInbox(api: AccountAPI(sender: .live(client: try context.client())))
        guard let items = try await inbox.latest(limit).value else { return try await unavailable() }
        if context.json {
            try JSONOutput.print(items.map(NotificationRow.init), layout: .compact)
            return .success
        }
        if items.isEmpty { context.err.writeLine("No notifications.") }
        let style = context.outStyle
        for item in items {
            let when = item.createdAt?.date.map { ISO8601DateFormatter().string(from: $0) } ?? "-"
            var line = "\(style.emphasis(item.title))  \(style.dim(when))"
            if let tool = item.toolName { line += "  \(tool)" }
            context.out.writeLine(line)
            let ids = NotificationIdentifier.allCases.compactMap { key in item.targets[key].map { "\(key.rawValue) \($0)" } }
            if !ids.isEmpty { context.out.writeLine(style.dim("  " + ids.joined(separator: "  "))) }
        }
        return .success
    }
}

/// `--json` shape of a device: the fields a script needs, never a push token.
struct DeviceRow: Encodable {
    var id, clientDeviceID, name, kind, platform, status: String
    var revokedAt: Date?

    init(_ device: DeviceView) {
        id = device.id
        clientDeviceID = device.clientDeviceID
        name = device.name
        kind = device.kind.rawValue
        platform = device.platform
        status = device.status.rawValue
        revokedAt = device.revokedAt?.date
    }

    enum CodingKeys: String, CodingKey {
        case id, name, kind, platform, status
        case clientDeviceID = "client_device_id"
        case revokedAt = "revoked_at"
    }
}

/// `--json` shape of an inbox item: kind, fixed title, identifiers; no text.
struct NotificationRow: Encodable {
    var id, kind, title, status: String
    var toolName: String?
    var createdAt: Date?
    var targets: [String: String]

    init(_ item: NotificationItem) {
        id = item.id
        kind = item.kind.rawValue
        title = item.title
        status = item.status.rawValue
        toolName = item.toolName
        createdAt = item.createdAt?.date
        targets = Dictionary(uniqueKeysWithValues: NotificationIdentifier.allCases.compactMap { key in
            item.targets[key].map { ("\(key.rawValue)_id", $0) }
        })
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, status, targets
        case toolName = "tool_name"
        case createdAt = "created_at"
    }
}
