import Foundation
import VeetTransport

/// A saved server: its name and base URL. The token lives in `Credentials`,
/// where `tokenStorage` says (absent in files from before the keyring: the file).
public struct SavedConnection: Codable, Sendable, Hashable {
    public var name: String
    public var url: String
    public var tokenStorage: TokenStorage?

    public init(name: String, url: String, tokenStorage: TokenStorage? = nil) {
        self.name = name
        self.url = url
        self.tokenStorage = tokenStorage
    }

    enum CodingKeys: String, CodingKey {
        case name, url
        case tokenStorage = "token_storage"
    }
}

/// The connections file: several servers side by side and which one is current.
public struct ConnectionsFile: Codable, Sendable, Hashable {
    public var current: String?
    public var connections: [SavedConnection]

    public init(current: String? = nil, connections: [SavedConnection] = []) {
        self.current = current
        self.connections = connections
    }

    public func connection(named name: String) -> SavedConnection? {
        connections.first { $0.name == name }
    }

    public mutating func upsert(_ connection: SavedConnection, makeCurrent: Bool) {
        if let index = connections.firstIndex(where: { $0.name == connection.name }) {
            connections[index] = connection
        } else {
            connections.append(connection)
        }
        if makeCurrent || current == nil { current = connection.name }
    }

    public mutating func remove(named name: String) {
        connections.removeAll { $0.name == name }
        if current == name { current = connections.first?.name }
    }
}

/// Loads and saves the connections file and resolves which server and token
/// a command uses, with `VEET_URL` / `VEET_TOKEN` overriding for one command.
public struct ConnectionRegistry: Sendable {
    public let paths: VeetPaths
    public let credentials: Credentials

    /// `environment` finds the desktop keyring (a session bus and secret-tool); `VEET_KEYRING=off` ignores it.
    public init(paths: VeetPaths, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.paths = paths
        credentials = Credentials(paths: paths, keyring: SecretToolKeyring.find(environment: environment))
    }

    public init(paths: VeetPaths, credentials: Credentials) {
        self.paths = paths
        self.credentials = credentials
    }

    public func load() throws -> ConnectionsFile {
        let url = paths.connectionsFile
        guard let data = FileManager.default.contents(atPath: url.path) else { return ConnectionsFile() }
        do {
            return try JSONDecoder().decode(ConnectionsFile.self, from: data)
        } catch {
            throw StoreFileError.malformed(url.path, "\(error)")
        }
    }

    public func save(_ file: ConnectionsFile) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try PrivateFiles.writeAtomically(try encoder.encode(file), to: paths.connectionsFile)
    }

    /// Saves a connection and its token, makes it current, and says where the token went.
    @discardableResult
    public func add(name: String, url: ServerURL, token: String,
                    storage preference: TokenStoragePreference = .automatic) throws -> TokenStorage {
        var file = try load()
        // A token saved before under this name goes first, from wherever it was.
        if let old = file.connection(named: name), old.tokenStorage == .keyring {
            try? credentials.remove(for: name, storage: .keyring)
        }
        let storage = try credentials.save(token: token, for: name, preference: preference)
        file.upsert(SavedConnection(name: name, url: url.url.absoluteString, tokenStorage: storage), makeCurrent: true)
        try save(file)
        return storage
    }

    /// A saved connection's new server address; its token stays in its slot
    /// (file or keyring) untouched. The caller decides about the cached rows
    /// (`LocalStore.forgetConnection`): they came from the old address.
    public func changeAddress(name: String, to url: ServerURL) throws {
        var file = try load()
        guard var saved = file.connection(named: name) else { throw ConnectionResolutionError.unknownConnection(name) }
        saved.url = url.url.absoluteString
        file.upsert(saved, makeCurrent: file.current == name)
        try save(file)
    }

    /// Moves every token kept in a file into the keyring (`veet connections migrate`), each
    /// read back from the keyring before its file goes. Returns the names moved.
    public func migrateTokensToKeyring() throws -> [String] {
        guard let keyring = credentials.keyring, keyring.isAvailable() else { throw KeyringMigrationError.noKeyring }
        var file = try load()
        var moved: [String] = []
        for index in file.connections.indices where (file.connections[index].tokenStorage ?? .file) == .file {
            let name = file.connections[index].name
            guard let token = try credentials.token(for: name, storage: .file) else { continue }
            try keyring.store(token, connection: name, label: "Veet token for \(name)")
            guard try keyring.lookup(connection: name)?.trimmingCharacters(in: .newlines) == token else {
                throw KeyringError.failed(operation: "keep the token of \(name)", reason: "it read back differently")
            }
            file.connections[index].tokenStorage = .keyring
            // Recorded first, then the file goes: a crash between leaves a spare copy, never no copy.
            try save(file)
            try credentials.remove(for: name, storage: .file)
            moved.append(name)
        }
        return moved
    }

    /// Forgets a connection: its entry, its token, and its rows in the local store.
    public func forget(name: String) throws {
        var file = try load()
        let storage = file.connection(named: name)?.tokenStorage ?? .file
        file.remove(named: name)
        try credentials.remove(for: name, storage: storage)
        try save(file)
        if FileManager.default.fileExists(atPath: paths.databaseFile.path) {
            try LocalStore.forgetConnection(named: name, in: Database.open(paths: paths))
        }
    }

    /// The settings a command should use: `VEET_URL`/`VEET_TOKEN` first, then
    /// the named (or current) saved connection.
    public func resolve(named name: String? = nil,
                        environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> ResolvedConnection
    {
        let file = try load()
        let envURL = environment["VEET_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let envToken = environment["VEET_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let saved = (name ?? file.current).flatMap { file.connection(named: $0) }
        if let name, saved == nil, envURL == nil { throw ConnectionResolutionError.unknownConnection(name) }
        guard let urlText = envURL ?? saved?.url else { throw ConnectionResolutionError.notConnected }
        let serverURL = try ServerURL(validating: urlText)
        var token = envToken
        if token == nil, let saved, envURL == nil || envURL == saved.url {
            token = try credentials.token(for: saved.name, storage: saved.tokenStorage ?? .file)
        }
        guard let token else { throw ConnectionResolutionError.noToken(envURL == nil ? saved?.name : nil) }
        return ResolvedConnection(
            name: envURL == nil ? saved?.name : nil,
            settings: try ConnectionSettings(serverURL: serverURL, token: token))
    }
}

public struct ResolvedConnection: Sendable {
    /// The saved connection's name; nil when `VEET_URL` chose the server.
    public var name: String?
    public var settings: ConnectionSettings
}

/// Why no connection could be chosen. The text says what is missing; the app
/// that shows it adds how to fix it in its own terms (a command, a key).
public enum ConnectionResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    case notConnected
    case unknownConnection(String)
    case noToken(String?)

    public var description: String {
        switch self {
        case .notConnected:
            "No server is connected."
        case .unknownConnection(let name):
            "No saved connection is named \"\(name)\"."
        case .noToken(let name):
            "No token for \(name.map { "\"\($0)\"" } ?? "this server")."
        }
    }
}

/// `veet connections migrate` with no keyring to move the tokens into.
public enum KeyringMigrationError: Error, Sendable, CustomStringConvertible {
    case noKeyring

    public var description: String {
        "No desktop keyring answers here (a session bus with a Secret Service, such as GNOME Keyring or KeePassXC, and libsecret's secret-tool are needed); the tokens stay in their owner-only files."
    }
}
