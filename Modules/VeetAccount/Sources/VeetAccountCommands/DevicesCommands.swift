import Foundation
import VeetAccount
import VeetConsole
import VeetTransport

/// What the Account command groups are handed by the app: the API, and, for
/// the commands that keep this computer's registration, the connection's own
/// settings; both opened only when a command needs them.
public struct AccountCommandContext: Sendable {
    let api: @Sendable () throws -> AccountAPI
    let local: @Sendable () throws -> (api: AccountAPI, settings: any AccountSettingsStore)
    /// The error to throw when the address answers 404 to everything (no Veetbot API there at all), or nil.
    let missingAPI: @Sendable () async -> (any Error)?
    let hostName: @Sendable () -> String

    public init(api: @escaping @Sendable () throws -> AccountAPI,
                local: @escaping @Sendable () throws -> (api: AccountAPI, settings: any AccountSettingsStore),
                missingAPI: @escaping @Sendable () async -> (any Error)? = { nil },
                hostName: @escaping @Sendable () -> String = { ProcessInfo.processInfo.hostName }) {
        self.api = api
        self.local = local
        self.missingAPI = missingAPI
        self.hostName = hostName
    }
}

/// `veet devices list|register|revoke ID`: the devices registered for notifications on this connection.
public struct DevicesCommands: CommandGroup {
    let context: AccountCommandContext

    public init(_ context: AccountCommandContext) { self.context = context }

    static let name = ValueOption("name", valueName: "text", help: "Device name (default: the host name).")
    static let id = Argument("id", help: "The device id.")

    public static let spec = CommandSpec(
        name: "devices",
        summary: "Devices registered for notifications on this connection.",
        subcommands: [
            CommandSpec(name: "list", summary: "List registered devices, newest first."),
            CommandSpec(name: "register", summary: "Register this terminal as a device (no push routing).",
                        options: [name.spec]),
            CommandSpec(name: "revoke", summary: "Revoke a device so it no longer receives notifications.",
                        positionals: [id.spec]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = AccountCommandRun(context: context, console: console)
        switch command.path {
        case ["devices", "list"]: return try await run.list()
        case ["devices", "register"]: return try await run.register(name: command.value(Self.name))
        case ["devices", "revoke"]: return try await run.revoke(command.argument(Self.id))
        default:
            throw CommandFailure.usage("\(console.programName): devices needs a subcommand; see `\(console.programName) help devices`")
        }
    }
}

/// `veet notifications [--limit N]`: the notification inbox, newest first.
public struct NotificationsCommands: CommandGroup {
    let context: AccountCommandContext

    public init(_ context: AccountCommandContext) { self.context = context }

    static let limit = ValueOption("limit", valueName: "n", help: "How many to show (default 20).")

    public static let spec = CommandSpec(
        name: "notifications",
        summary: "The notification inbox, newest first (titles and identifiers only).",
        options: [limit.spec])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        try await AccountCommandRun(context: context, console: console).notifications(limit: try command.int(Self.limit) ?? 20)
    }
}

/// One Account command's run: how each answer is printed.
struct AccountCommandRun {
    let context: AccountCommandContext
    let console: Console

    private var out: Output { console.out }

    /// Not an error (exit 0, `null` with --json), unless the address has no
    /// Veetbot API at all: then that is said (exit 8).
    private func unavailable() async throws -> ExitCode {
        if let missing = await context.missingAPI() { throw missing }
        console.err.writeLine("This server does not offer devices and notifications.")
        if console.json { out.writeLine("null") }
        return .success
    }

    func list() async throws -> ExitCode {
        let api = try context.api()
        guard let devices = try await Gated.attempt({ try await api.allDevices() }).value else { return try await unavailable() }
        if console.json {
            try console.printJSON(devices.map(DeviceRow.init))
            return .success
        }
        if devices.isEmpty { console.err.writeLine("No devices are registered.") }
        let style = console.outStyle
        for device in devices {
            let state = device.status == .active ? style.emphasis(device.status.rawValue) : style.dim(device.status.rawValue)
            out.writeLine("\(state)  \(ServerText.line(device.name))  \(style.dim("\(device.kind.rawValue)/\(device.platform)"))")
            out.writeLine(style.dim("  \(device.id)"))
        }
        return .success
    }

    func register(name: String?) async throws -> ExitCode {
        let (api, settings) = try context.local()
        let registrar = DeviceRegistrar(api: api, settings: settings)
        let registration = try registrar.registration(name: name ?? context.hostName())
        guard let device = try await registrar.register(registration).value else { return try await unavailable() }
        if console.json {
            try console.printJSON(DeviceRow(device))
        } else {
            out.writeLine("Registered \(ServerText.line(device.name)) as \(device.id).")
        }
        return .success
    }

    func revoke(_ id: String) async throws -> ExitCode {
        guard !id.isEmpty else {
            throw CommandFailure.usage("\(console.programName): devices revoke needs a device id")
        }
        let (api, settings) = try context.local()
        guard let device = try await Gated.attempt(device: id, api: api, { try await api.revoke(deviceID: id) }).value else {
            return try await unavailable()
        }
        if try settings.value(for: AccountSettingKey.deviceID) == device.id {
            try settings.set(nil, for: AccountSettingKey.deviceID)
        }
        if console.json {
            try console.printJSON(DeviceRow(device))
        } else {
            out.writeLine("Revoked \(ServerText.line(device.name)) (\(device.id)).")
        }
        return .success
    }

    func notifications(limit: Int) async throws -> ExitCode {
        guard limit >= 1 else {
            throw CommandFailure.usage("\(console.programName): --limit must be at least 1")
        }
        let inbox = NotificationInbox(api: try context.api())
        guard let items = try await inbox.latest(limit).value else { return try await unavailable() }
        if console.json {
            try console.printJSON(items.map(NotificationRow.init))
            return .success
        }
        if items.isEmpty { console.err.writeLine("No notifications.") }
        let style = console.outStyle
        for item in items {
            let when = item.createdAt?.date.map { ISO8601DateFormatter().string(from: $0) } ?? "-"
            var line = "\(style.emphasis(item.title))  \(style.dim(when))"
            if let tool = item.toolName { line += "  \(tool)" }
            out.writeLine(line)
            let ids = NotificationIdentifier.allCases.compactMap { key in item.targets[key].map { "\(key.rawValue) \($0)" } }
            if !ids.isEmpty { out.writeLine(style.dim("  " + ids.joined(separator: "  "))) }
        }
        return .success
    }
}
