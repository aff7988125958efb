import Foundation
import VeetAccount
import VeetChat
import VeetConsole
import VeetStore
import VeetTransport
import VeetWebsiteAccess

/// `veet connect URL`: validate, read the token, check it, save.
struct ConnectCommand {
    let context: CLIContext
    let command: ParsedCommand

    func run() async throws -> ExitCode {
        let address = try ServerURL(validating: command.positionals[0])
        guard let token = try readToken(), !token.isEmpty else {
            return context.fail("veet: no token given; nothing was saved.", .notSignedIn)
        }
        let client = HTTPClient(settings: try ConnectionSettings(serverURL: address, token: token),
                                clientVersion: VeetCLI.version)
        switch await ConnectionCheck.check(client) {
        case .accepted: break
        case .tokenRefused(let error):
            return context.fail("veet: the server did not accept this token; nothing was saved.", .notSignedIn, answer: error)
        case .noVeetbotAPI(let missing):
            context.err.writeLine("veet: \(missing.description) Nothing was saved.")
            if context.json { try? JSONOutput.print(["error": ErrorReport(error: missing)], layout: .compact) }
            return .transport
        case .failed(let error):
            throw error
        }
        let name = command.value("name") ?? ConnectionRegistry.defaultName(for: address)
        let storage = try context.registry.add(name: name, url: address, token: token,
                                               storage: command.flag("insecure-storage") ? .file : .automatic)
        if context.json {
            try JSONOutput.print(["name": name, "url": address.url.absoluteString, "token_storage": storage.rawValue],
                                 layout: .compact)
        } else {
            context.out.writeLine("Connected to \(address.url.absoluteString) as \"\(name)\". " + Self.whereKept(storage, name: name, context: context))
        }
        return .success
    }

    /// Where the token went, in the words `connect` prints.
    static func whereKept(_ storage: TokenStorage, name: String, context: CLIContext) -> String {
        switch storage {
        case .keyring: "The token is kept in the desktop keyring."
        case .file: "The token is kept in an owner-only file (\(context.registry.credentials.file(for: name).path))."
                + (context.registry.credentials.keyring == nil ? "" : " `veet connections migrate` moves it into the keyring.")
        }
    }

    /// From VEET_TOKEN, a prompt without echo on a terminal, or stdin when piped.
    private func readToken() throws -> String? {
        if let token = context.terminal.environment["VEET_TOKEN"], !token.isEmpty { return token }
        if context.terminal.stdinIsTerminal {
            return try SecretPrompt.read(prompt: "Token: ")?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return StandardInput.readAll().map(StandardInput.trimmingTrailingNewlines)?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `veet connections list|use|forget|migrate`.
struct ConnectionsCommand {
    let context: CLIContext

    /// Moves file tokens into the keyring; says which moved (none is not an error).
    func migrate() throws -> ExitCode {
        let moved = try context.registry.migrateTokensToKeyring()
        if context.json {
            try JSONOutput.print(["moved": moved], layout: .compact)
        } else if moved.isEmpty {
            context.out.writeLine("Every saved token is already in the desktop keyring.")
        } else {
            context.out.writeLine("Moved into the desktop keyring: \(moved.joined(separator: ", ")). Their files are gone.")
        }
        return .success
    }

    func list() throws -> ExitCode {
        let file = try context.registry.load()
        if context.json {
            try JSONOutput.print(file, layout: .compact)
        } else if file.connections.isEmpty {
            context.err.writeLine("No saved servers. `veet connect URL` adds one.")
        } else {
            for connection in file.connections {
                let mark = connection.name == file.current ? "*" : " "
                context.out.writeLine("\(mark) \(connection.name)\t\(connection.url)")
            }
        }
        return .success
    }

    func use(_ name: String) async throws -> ExitCode {
        var file = try context.registry.load()
        guard let connection = file.connection(named: name) else { throw ConnectionResolutionError.unknownConnection(name) }
        let previous = file.current
        file.upsert(connection, makeCurrent: true)
        try context.registry.save(file)
        if !context.json { context.out.writeLine("Now using \"\(name)\" (\(connection.url)).") }
        // Another connection: no single-use sign-in link of the one left stays open.
        if let previous, previous != name { await cancelSignIns(of: previous) }
        return .success
    }

    /// Cancels the live website sign-ins of a saved connection the owner leaves or forgets, so
    /// no single-use link stays open (as veet-tui does on a switch). Best effort: a connection
    /// without a token, a server without Website Access or one that does not answer within a
    /// few seconds cancels nothing, and nothing fails because of it.
    private func cancelSignIns(of name: String) async {
        guard let resolved = try? context.registry.resolve(named: name, environment: [:]) else { return }
        let client = HTTPClient(settings: resolved.settings, clientVersion: VeetCLI.version, idleTimeout: 5, writeTimeout: 5)
        let cancelled = await CeremonyDriver(api: WebsiteAccessAPI(sender: .live(client: client), retry: .never))
            .cancelOpenSignIns()
        guard !cancelled.isEmpty, !context.json else { return }
        let what = cancelled.count == 1 ? "its open website sign-in" : "its \(cancelled.count) open website sign-ins"
        context.out.writeLine("Cancelled \(what) on \"\(name)\": the sign-in link no longer works.")
    }

    /// The device registrar of a saved connection, or nil when it has no token.
    static func registrar(for name: String, registry: ConnectionRegistry) throws -> DeviceRegistrar? {
        let resolved = try registry.resolve(named: name, environment: [:])
        let url = resolved.settings.serverURL.url.absoluteString
        let store = try LocalStore.open(paths: registry.paths, connection: name, url: url)
        let client = HTTPClient(settings: resolved.settings, clientVersion: VeetCLI.version)
        return DeviceRegistrar(api: AccountAPI(sender: .live(client: client)), settings: store.preferences)
    }

    func forget(_ name: String) async throws -> ExitCode {
        guard try context.registry.load().connection(named: name) != nil else {
            throw ConnectionResolutionError.unknownConnection(name)
        }
        // While its token is known: no single-use sign-in link of it stays open.
        await cancelSignIns(of: name)
        // First try to revoke this client's device on the server; forget locally either way.
        let registry = context.registry
        let outcome = try await forgetConnection(
            deviceID: try? Self.registrar(for: name, registry: registry)?.registeredDeviceID(),
            revoke: { _ in _ = try await Self.registrar(for: name, registry: registry)?.revokeOwnDevice() },
            forgetLocally: { try registry.forget(name: name) })
        if !context.json {
            context.out.writeLine("Forgot \"\(name)\" and its token.")
            if case .forgotAfterRevokeFailed(let why) = outcome {
                context.err.writeLine("(Its device registration could not be revoked on the server: \(why))")
            }
        }
        return .success
    }
}
