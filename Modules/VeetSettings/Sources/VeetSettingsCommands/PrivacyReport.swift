import Foundation
import VeetConsole

/// `veet settings privacy`: where each kind of data lives on this computer, how to
/// clear the local cache, and what is never stored. The app hands in its build and
/// the paths it uses (the store's and veetd's XDG paths) as plain values: this face
/// reads no file and needs no server.
public struct PrivacyReport: Sendable {
    /// The build the report is about: `version`, `build` and `commit` for `--json`, `line` as printed.
    public struct Build: Sendable {
        public var version, build, commit, line: String

        public init(version: String, build: String, commit: String, line: String) {
            self.version = version
            self.build = build
            self.commit = commit
            self.line = line
        }
    }

    /// Where each kind of data lives.
    public struct Paths: Sendable {
        public var connectionsFile, credentialsDirectory, databaseFile, daemonLog, daemonSocket: String

        public init(connectionsFile: String, credentialsDirectory: String, databaseFile: String, daemonLog: String,
                    daemonSocket: String) {
            self.connectionsFile = connectionsFile
            self.credentialsDirectory = credentialsDirectory
            self.databaseFile = databaseFile
            self.daemonLog = daemonLog
            self.daemonSocket = daemonSocket
        }
    }

    struct Place: Encodable {
        var kind: String
        var path: String
        var holds: String
    }

    struct Report: Encodable {
        var version: String
        var build: String
        var commit: String
        var places: [Place]
        var clearCache: String
        var neverStored: [String]
        enum CodingKeys: String, CodingKey {
            case version, build, commit, places
            case clearCache = "clear_cache", neverStored = "never_stored"
        }
    }

    let build: Build
    let paths: Paths

    public init(build: Build, paths: Paths) {
        self.build = build
        self.paths = paths
    }

    var report: Report {
        Report(
            version: build.version, build: build.build, commit: build.commit,
            places: [
                Place(kind: "connections", path: paths.connectionsFile, holds: "saved servers and which one is current"),
                Place(kind: "tokens", path: paths.credentialsDirectory,
                      holds: "one owner-only (0600) token file per connection; nowhere else"),
                Place(kind: "cache", path: paths.databaseFile,
                      holds: "per connection: the conversation index, cached transcripts, the search index, "
                          + "and the outbox of messages not yet confirmed by the server"),
                Place(kind: "daemon log", path: paths.daemonLog, holds: "veetd's log (no message text, no token)"),
                Place(kind: "daemon socket", path: paths.daemonSocket, holds: "how veet and veet-tui reach veetd"),
            ],
            clearCache: "Stop veetd (veet daemon stop) and quit veet-tui; check veet outbox list is empty, since unsent "
                + "messages live in the same file; then delete \(paths.databaseFile) and its -wal and -shm files. "
                + "It is rebuilt from the server on the next veet sync. Connections and tokens stay.",
            neverStored: ["mail: message text, subjects, addresses and drafts (never in the cache, a log, a file or veetd)",
                          "artifact bytes (fetched when asked for)", "the bearer token outside its credentials file",
                          "raw event streams, streamed deltas and reasoning text"])
    }

    public func run(console: Console) throws -> ExitCode {
        let report = report
        if console.json {
            try console.printJSON(report)
            return .success
        }
        let style = console.outStyle
        let out = console.out
        out.writeLine(build.line)
        out.writeLine("")
        out.writeLine(style.emphasis("Where your data lives on this computer"))
        for place in report.places {
            out.writeLine("  \(style.dim(place.kind.padding(toLength: 14, withPad: " ", startingAt: 0)))\(place.path)")
            out.writeLine("  \(String(repeating: " ", count: 14))\(style.dim(place.holds))")
        }
        out.writeLine("")
        out.writeLine(style.emphasis("Clearing the local cache"))
        out.writeLine("  \(report.clearCache)")
        out.writeLine("")
        out.writeLine(style.emphasis("Never stored"))
        for item in report.neverStored { out.writeLine("  - \(item)") }
        return .success
    }
}
