import Foundation
import VeetAccount
import VeetConsole
import VeetStore
import VeetTransport

/// What `veet connect` and `veet connections` are handed by the app: the saved
/// connections, and the work that needs a client or another feature.
public struct ConnectionsCommandContext: Sendable {
    let registry: ConnectionRegistry
    /// The check made before anything is saved: returns when the server accepted the token, else throws
    /// what it found (an `APIError` that needs sign-in, a `NoVeetbotAPIError`, or the error as it came).
    let verify: @Sendable (ConnectionSettings) async throws -> Void
    /// Cancels the open website sign-ins of a connection the owner leaves or forgets; answers how many.
    let cancelSignIns: @Sendable (ConnectionSettings) async -> Int
    /// The device registrar of a saved connection (its token, its local slice), or nil when it has none.
    let registrar: @Sendable (String) throws -> DeviceRegistrar?
    /// Reads the token `connect` saves (by default `ConnectCommand.readToken` with this process's
    /// environment: never from an argument).
    let readToken: @Sendable (Console) throws -> String?

    public init(registry: ConnectionRegistry, verify: @escaping @Sendable (ConnectionSettings) async throws -> Void,
                cancelSignIns: @escaping @Sendable (ConnectionSettings) async -> Int = { _ in 0 },
                registrar: @escaping @Sendable (String) throws -> DeviceRegistrar? = { _ in nil },
                readToken: @escaping @Sendable (Console) throws -> String? = {
                    try ConnectCommand.readToken($0, environment: ProcessInfo.processInfo.environment)
                }) {
        self.registry = registry
        self.verify = verify
        self.cancelSignIns = cancelSignIns
        self.registrar = registrar
        self.readToken = readToken
    }
}

/// `veet connect URL`: validate, read the token, check it, save.
public struct ConnectCommand: CommandGroup {
    let context: ConnectionsCommandContext

    public init(_ context: ConnectionsCommandContext) { self.context = context }

    static let url = Argument("url", help: "The server's base address.")
    static let name = ValueOption("name", valueName: "name", help: "Name for this connection (default: the host).")
    static let insecureStorage = Flag("insecure-storage", help: "Keep the token in an owner-only file even when a keyring answers.")

    public static let spec = CommandSpec(
        name: "connect",
        summary: "Save a server and its token (asked without echo, or read from stdin).",
        discussion: """
            The address must be https://, or plain http:// for a loopback server. The token is \
            checked against the server before anything is saved, then kept in the desktop keyring when \
            one answers (GNOME Keyring, KeePassXC: the Secret Service), else in an owner-only file; \
            the command says which. It never moves by itself: `veet connections migrate` moves file \
            tokens into a keyring that appeared later.
            """,
        examples: [
            CommandExample("veet connect https://veetbot.example.com"),
            CommandExample("printf %s \"$TOKEN\" | veet connect http://127.0.0.1:8080 --name dev"),
        ],
        options: [name.spec, insecureStorage.spec],
        positionals: [url.spec])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let program = console.programName
        let address = try ServerURL(validating: command.argument(Self.url))
        guard let token = try context.readToken(console), !token.isEmpty else {
            throw CommandFailure("\(program): no token given; nothing was saved.", exitCode: .notSignedIn)
        }
        do {
            try await context.verify(try ConnectionSettings(serverURL: address, token: token))
        } catch let error as APIError where error.refusal == .signInAgain {
            throw CommandFailure("\(program): the server did not accept this token; nothing was saved.", exitCode: .notSignedIn,
                                 cause: error)
        } catch let missing as NoVeetbotAPIError {
            console.err.writeLine("\(program): \(missing.description) Nothing was saved.")
            if console.json { try? console.printJSON(["error": MissingAPIRow(missing)]) }
            return .transport
        }
        let registry = context.registry
        let name = command.value(Self.name) ?? ConnectionRegistry.defaultName(for: address)
        let storage = try registry.add(name: name, url: address, token: token,
                                       storage: command.flag(Self.insecureStorage) ? .file : .automatic)
        if console.json {
            try console.printJSON(["name": name, "url": address.url.absoluteString, "token_storage": storage.rawValue])
        } else {
            console.out.writeLine("Connected to \(address.url.absoluteString) as \"\(name)\". "
                + Self.whereKept(storage, name: name, registry: registry))
        }
        return .success
    }

    /// Where the token went, in the words `connect` prints.
    static func whereKept(_ storage: TokenStorage, name: String, registry: ConnectionRegistry) -> String {
        switch storage {
        case .keyring: "The token is kept in the desktop keyring."
        case .file: "The token is kept in an owner-only file (\(registry.credentials.file(for: name).path))."
                + (registry.credentials.keyring == nil ? "" : " `veet connections migrate` moves it into the keyring.")
        }
    }

    /// From VEET_TOKEN, a prompt without echo on a terminal, or stdin when piped (never an argument).
    /// The environment is handed in: the console's terminal facts keep only what drawing needs.
    public static func readToken(_ console: Console, environment: [String: String]) throws -> String? {
        if let token = environment["VEET_TOKEN"], !token.isEmpty { return token }
        if console.terminal.stdinIsTerminal {
            return try SecretPrompt.read(prompt: "Token: ")?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return StandardInput.readAll().map(StandardInput.trimmingTrailingNewlines)?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `--json`'s error object when the address has no Veetbot API at all (the shape of every error report).
struct MissingAPIRow: Encodable {
    let kind = "no_api"
    let message: String
    let status: Int?

    init(_ missing: NoVeetbotAPIError) {
        message = missing.description
        status = missing.probeStatus
    }
}

/// `veet connections list|use|forget|migrate`: the saved servers.
public struct ConnectionsCommands: CommandGroup {
    let context: ConnectionsCommandContext

    public init(_ context: ConnectionsCommandContext) { self.context = context }

    static let name = Argument("name", help: "The saved connection.")

    public static let spec = CommandSpec(
        name: "connections",
        summary: "Saved servers (alone: the list).",
        subcommands: [
            CommandSpec(name: "list", summary: "List saved servers; * marks the current one."),
            CommandSpec(name: "use", summary: "Make a saved server the current one.", positionals: [name.spec]),
            CommandSpec(name: "forget", summary: "Forget a saved server and its token.", positionals: [name.spec]),
            CommandSpec(name: "migrate", summary: "Move tokens kept in files into the desktop keyring (each read back first)."),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        switch command.path {
        case ["connections", "list"]: return try list(console)
        case ["connections", "use"]: return try await use(command.argument(Self.name), console)
        case ["connections", "forget"]: return try await forget(command.argument(Self.name), console)
        case ["connections", "migrate"]: return try migrate(console)
        default:
            throw CommandFailure.usage("\(console.programName): connections needs a subcommand; see `\(console.programName) help connections`")
        }
    }

    func list(_ console: Console) throws -> ExitCode {
        let file = try context.registry.load()
        if console.json {
            try console.printJSON(file)
        } else if file.connections.isEmpty {
            console.err.writeLine("No saved servers. `veet connect URL` adds one.")
        } else {
            for connection in file.connections {
                let mark = connection.name == file.current ? "*" : " "
                console.out.writeLine("\(mark) \(connection.name)\t\(connection.url)")
            }
        }
        return .success
    }

    func use(_ name: String, _ console: Console) async throws -> ExitCode {
        let (connection, previous) = try context.registry.makeCurrent(name)
        if !console.json { console.out.writeLine("Now using \"\(name)\" (\(connection.url)).") }
        // Another connection: no single-use sign-in link of the one left stays open.
        if let previous, previous != name { await cancelSignIns(of: previous, console) }
        return .success
    }

    func forget(_ name: String, _ console: Console) async throws -> ExitCode {
        let registry = context.registry
        guard try registry.load().connection(named: name) != nil else { throw ConnectionResolutionError.unknownConnection(name) }
        // While its token is known: no single-use sign-in link of it stays open.
        await cancelSignIns(of: name, console)
        // First try to revoke this client's device on the server; forget locally either way.
        let outcome = try await registry.forget(name) { try context.registrar(name) }
        if !console.json {
            console.out.writeLine("Forgot \"\(name)\" and its token.")
            if case .forgotAfterRevokeFailed(let why) = outcome {
                console.err.writeLine("(Its device registration could not be revoked on the server: \(why))")
            }
        }
        return .success
    }

    /// Moves file tokens into the keyring; says which moved (none is not an error).
    func migrate(_ console: Console) throws -> ExitCode {
        let moved = try context.registry.migrateTokensToKeyring()
        if console.json {
            try console.printJSON(["moved": moved])
        } else if moved.isEmpty {
            console.out.writeLine("Every saved token is already in the desktop keyring.")
        } else {
            console.out.writeLine("Moved into the desktop keyring: \(moved.joined(separator: ", ")). Their files are gone.")
        }
        return .success
    }

    /// Cancels the live website sign-ins of a saved connection the owner leaves or forgets, so no
    /// single-use link stays open (as veet-tui does on a switch). Best effort: a connection without
    /// a token, a server without Website Access or one that does not answer cancels nothing, and
    /// nothing fails because of it.
    private func cancelSignIns(of name: String, _ console: Console) async {
        guard let resolved = try? context.registry.resolve(named: name, environment: [:]) else { return }
        let cancelled = await context.cancelSignIns(resolved.settings)
        guard cancelled > 0, !console.json else { return }
        let what = cancelled == 1 ? "its open website sign-in" : "its \(cancelled) open website sign-ins"
        console.out.writeLine("Cancelled \(what) on \"\(name)\": the sign-in link no longer works.")
    }
}
