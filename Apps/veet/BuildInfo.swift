import VeetDaemonProtocol
import VeetSettingsCommands
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

extension CLIContext {
    /// `veet settings privacy` (Settings' command face): this build and where the store and veetd keep their files.
    var privacyReport: PrivacyReport {
        let store = registry.paths
        let daemon = DaemonPaths(environment: environment)
        return PrivacyReport(
            build: .init(version: BuildInfo.version, build: BuildInfo.build, commit: BuildInfo.commit, line: BuildInfo.line),
            paths: .init(connectionsFile: store.connectionsFile.path, credentialsDirectory: store.credentialsDirectory.path,
                         databaseFile: store.databaseFile.path, daemonLog: daemon.logFile.path, daemonSocket: daemon.socketFile.path))
    }
}
