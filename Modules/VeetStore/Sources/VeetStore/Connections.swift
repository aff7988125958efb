import Foundation
import VeetTransport

/// A saved server: its name and base URL. The token lives in `Credentials`.
public struct SavedConnection: Codable, Sendable, Hashable {
    public var name: String
    public var url: String

    public init(name: String, url: String) {
        self.name = name
        self.url = url
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

    public init(paths: VeetPaths) {
        self.paths = paths
        credentials = Credentials(paths: paths)
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

    /// Saves a connection and its token, and makes it current.
    public func add(name: String, url: ServerURL, token: String) throws {
        var file = try load()
        file.upsert(SavedConnection(name: name, url: url.url.absoluteString), makeCurrent: true)
        try credentials.save(token: token, for: name)
        try save(file)
    }

    /// Forgets a connection: its entry, its token, and its rows in the local store.
    public func forget(name: String) throws {
        var file = try load()
        file.remove(named: name)
        try credentials.remove(for: name)
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
            token = try credentials.token(for: saved.name)
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
