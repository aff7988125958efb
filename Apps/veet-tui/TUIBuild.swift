import VeetTransport

/// The build this binary is (the CLI's `veet --version` says the same).
enum TUIBuild {
    /// Stamped before every build by the BuildStamp plugin (Scripts/build-stamp): the
    /// commit count and the commit, "unknown" outside a git checkout.
    static let build = BuildStamp.build
    static let commit = BuildStamp.commit

    /// "0.1.0 (build 368, commit 4a00741)": `--version`, veet-tui(1) and Data & Privacy.
    static var stamped: String { "\(VeetTransportVersion.current) (build \(build), commit \(commit))" }
    static var line: String { "veet-tui \(stamped)" }
}
