import Foundation
import Glibc

/// Where the daemon's socket and log live.
///
/// - socket: `$XDG_RUNTIME_DIR/veet/veetd.sock`; without XDG_RUNTIME_DIR,
///   `/tmp/veet-$UID/veetd.sock`. The directory is created 0700 and refused
///   when another user owns it or others can enter it.
/// - log: `$XDG_STATE_HOME/veet/veetd.log` (default `~/.local/state/veet/`).
public struct DaemonPaths: Sendable, Hashable {
    public var socketDirectory: URL
    public var stateDirectory: URL

    public init(socketDirectory: URL, stateDirectory: URL) {
        self.socketDirectory = socketDirectory
        self.stateDirectory = stateDirectory
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            socketDirectory = URL(fileURLWithPath: runtime).appendingPathComponent("veet")
        } else {
            socketDirectory = URL(fileURLWithPath: "/tmp/veet-\(getuid())")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            stateDirectory = URL(fileURLWithPath: state).appendingPathComponent("veet")
        } else {
            stateDirectory = home.appendingPathComponent(".local/state/veet")
        }
    }

    public var socketFile: URL { socketDirectory.appendingPathComponent("veetd.sock") }
    public var logFile: URL { stateDirectory.appendingPathComponent("veetd.log") }

    /// Creates the socket directory 0700 if needed and checks that it is ours alone.
    public func prepareSocketDirectory() throws {
        try Self.preparePrivateDirectory(socketDirectory)
    }

    public func prepareStateDirectory() throws {
        try Self.preparePrivateDirectory(stateDirectory)
    }

    static func preparePrivateDirectory(_ url: URL) throws {
        let path = url.path
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw DaemonError(code: "bad_directory", message: "\(path) is not a directory")
        }
        guard info.st_uid == getuid() else {
            throw DaemonError(code: "bad_directory", message: "\(path) belongs to another user")
        }
        if info.st_mode & 0o077 != 0 { chmod(path, 0o700) }
    }
}
