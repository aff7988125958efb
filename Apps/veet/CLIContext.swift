import Foundation
import VeetAccount
import VeetAccountCommands
import VeetChatCommands
import VeetConsole
import VeetStore
import VeetTokens
import VeetTransport

/// What every command needs: output streams, terminal facts, saved connections.
struct CLIContext: Sendable {
    let terminal: Terminal
    let environment: [String: String]
    /// Light or dark, from VEET_APPEARANCE or COLORFGBG (no terminal query on every command).
    let appearance: Appearance
    let json: Bool
    /// `chat --jsonl`: one JSON object per change, as it happens.
    let jsonl: Bool
    let connectionName: String?
    let registry: ConnectionRegistry
    let out = Output.standardOutput
    let err = Output.standardError

    init(_ command: ParsedCommand, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let mode = try command.choice(.color, as: ColorMode.self) ?? .auto
        terminal = Terminal.current(colorMode: mode, environment: environment)
        self.environment = environment
        let preference = environment["VEET_APPEARANCE"].flatMap(AppearancePreference.init(rawValue:)) ?? .auto
        appearance = AppearanceResolver.resolve(preference, environment: environment) { nil }.appearance
        json = command.flag(CommandTree.json)
        jsonl = command.flag(ChatCommands.jsonl)
        connectionName = command.value(CommandTree.connection)
        registry = ConnectionRegistry(paths: VeetPaths(environment: environment))
    }

    /// `--connection NAME` must name a saved connection, whatever the command
    /// (unless VEET_URL chooses the server, as `resolve` allows): one check,
    /// one message, exit 4, before any command runs.
    func refuseUnknownConnection() throws {
        guard let name = connectionName, environment["VEET_URL"]?.isEmpty ?? true,
              try registry.load().connection(named: name) == nil else { return }
        throw ConnectionResolutionError.unknownConnection(name)
    }

    /// A failure a command found: `text` on stderr as given and, with --json,
    /// the documented error object on stdout (docs/cli.md); returns `code`.
    func fail(_ text: String, _ code: ExitCode, answer: APIError? = nil) -> ExitCode {
        err.writeLine(text)
        if json || jsonl { ErrorReport(message: text, exitCode: code, answer: answer).printJSON() }
        return code
    }

    /// What a feature's command group may use of this terminal (VeetConsole's `Console`).
    var console: Console {
        Console(out: out, err: err, terminal: terminal, outStyle: outStyle, errStyle: errStyle, json: json,
                programName: "veet")
    }

    /// What the Account command groups are handed: the API, and this connection's settings for the
    /// commands that keep its registration.
    var account: AccountCommandContext {
        AccountCommandContext(api: { AccountAPI(sender: .live(client: try client())) }, local: {
            let (store, client) = try store()
            return (AccountAPI(sender: .live(client: client)), store.preferences)
        }, missingAPI: { await (try? client())?.missingAPI(after: ServerRefusal.notFound) })
    }

    /// A command group's own failure: its line on stderr as written and, with --json, the error object
    /// (the server's answer from its cause, when one caused it).
    func report(_ failure: CommandFailure) -> ExitCode {
        err.writeLine(failure.message)
        if json || jsonl {
            // A family not offered is said without the server's answer, as `notOffered` says it.
            let answer = failure.kind == "not_offered" ? nil : failure.cause as? APIError
            var report = ErrorReport(message: failure.message, exitCode: failure.exitCode, answer: answer)
            if let kind = failure.kind { report.kind = kind }
            report.printJSON()
        }
        return failure.exitCode
    }

    var errStyle: Style { terminal.style(for: .standardError, environment: environment, appearance: appearance) }
    var outStyle: Style { terminal.style(for: .standardOutput, environment: environment, appearance: appearance) }

    /// The client for the chosen connection (or VEET_URL/VEET_TOKEN).
    func client() throws -> HTTPClient {
        let resolved = try registry.resolve(named: connectionName)
        return HTTPClient(settings: resolved.settings, clientVersion: VeetCLI.version)
    }

    /// The local store of the chosen connection, with a client for the same server.
    /// A server given only through VEET_URL gets rows of its own, named after its address.
    func store() throws -> (LocalStore, HTTPClient) {
        let resolved = try registry.resolve(named: connectionName)
        let url = resolved.settings.serverURL.url.absoluteString
        let store = try LocalStore.open(paths: registry.paths, connection: resolved.name ?? "url:\(url)", url: url)
        return (store, HTTPClient(settings: resolved.settings, clientVersion: VeetCLI.version))
    }
}
