import Foundation

/// Where VeetKit keeps its files, following the XDG base directories.
/// The environment is passed in so tests never touch the real home.
public struct VeetPaths: Sendable, Hashable {
    public var configDirectory: URL
    public var dataDirectory: URL

    public init(configDirectory: URL, dataDirectory: URL) {
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        func base(_ key: String, _ fallback: String) -> URL {
            if let value = environment[key], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        configDirectory = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("veet")
        dataDirectory = base("XDG_DATA_HOME", ".local/share").appendingPathComponent("veet")
    }

    public var connectionsFile: URL { configDirectory.appendingPathComponent("connections.json") }
    public var credentialsDirectory: URL { configDirectory.appendingPathComponent("credentials") }
}

extension VeetPaths {
    /// The local store: `$XDG_DATA_HOME/veet/veet.sqlite` (directory 0700).
    public var databaseFile: URL { dataDirectory.appendingPathComponent("veet.sqlite") }
}
