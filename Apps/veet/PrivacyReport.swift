import Foundation
import VeetConsole
import VeetDaemonProtocol
import VeetStore
import VeetTransport

/// The version of this build, its build number and the commit it was built from.
enum BuildInfo {
    static let version = VeetTransportVersion.current
    /// Stamped before every build by the BuildStamp plugin (Scripts/build-stamp): the
    /// commit count, "unknown" outside a git checkout.
    static let build = BuildStamp.build
    static let commit = BuildStamp.commit

    /// "0.1.0 (build 368, commit 4a00741)": `--version` and veet(1).
    static var stamped: String { "\(version) (build \(build), commit \(commit))" }
    static var line: String { "veet \(stamped)" }
}

/// `veet settings privacy`: where each kind of data lives on this computer
/// (the XDG paths the store and veetd use), how to clear the local cache,
/// and what is never stored.
struct PrivacyReport {
    let context: CLIContext

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

    var report: Report {
        let store = context.registry.paths
        let daemon = DaemonPaths(environment: context.environment)
        return Report(
            version: BuildInfo.version, build: BuildInfo.build, commit: BuildInfo.commit,
            places: [
                Place(kind: "connections", path: store.connectionsFile.path, holds: "saved servers and which one is current"),
                Place(kind: "tokens", path: store.credentialsDirectory.path,
                      holds: "one owner-only (0600) token file per connection; nowhere else"),
                Place(kind: "cache", path: store.databaseFile.path,
                      holds: "per connection: the conversation index, cached transcripts, the search index, "
                          + "and the outbox of messages not yet confirmed by the server"),
                Place(kind: "daemon log", path: daemon.logFile.path, holds: "veetd's log (no message text, no token)"),
                Place(kind: "daemon socket", path: daemon.socketFile.path, holds: "how veet and veet-tui reach veetd"),
            ],
            clearCache: "Stop veetd (veet daemon stop) and quit veet-tui; check veet outbox list is empty, since unsent "
                + "messages live in the same file; then delete \(store.databaseFile.path) and its -wal and -shm files. "
                + "It is rebuilt from the server on the next veet sync. Connections and tokens stay.",
            neverStored: ["mail: message text, subjects, addresses and drafts (never in the cache, a log, a file or veetd)",
                          "artifact bytes (fetched when asked for)", "the bearer token outside its credentials file",
                          "raw event streams, streamed deltas and reasoning text"])
    }

    func print() throws -> ExitCode {
        let report = report
        if context.json {
            try JSONOutput.print(report, layout: .compact)
            return .success
        }
        let style = context.outStyle
        context.out.writeLine(BuildInfo.line)
        context.out.writeLine("")
        context.out.writeLine(style.emphasis("Where your data lives on this computer"))
        for place in report.places {
            context.out.writeLine("  \(style.dim(place.kind.padding(toLength: 14, withPad: " ", startingAt: 0)))\(place.path)")
            context.out.writeLine("  \(String(repeating: " ", count: 14))\(style.dim(place.holds))")
        }
        context.out.writeLine("")
        context.out.writeLine(style.emphasis("Clearing the local cache"))
        context.out.writeLine("  \(report.clearCache)")
        context.out.writeLine("")
        context.out.writeLine(style.emphasis("Never stored"))
        for item in report.neverStored { context.out.writeLine("  - \(item)") }
        return .success
    }
}
