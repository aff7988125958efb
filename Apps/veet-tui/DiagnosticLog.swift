import Foundation
import VeetDaemonProtocol

/// Debug lines of the full-screen client, behind `VEET_LOG=debug` (or `--log`, which sets it):
/// appended to `$XDG_STATE_HOME/veet/veet-tui.log` (0600), never to the terminal it owns.
/// Callers pass ids, counts and outcomes only, never message text, titles or tokens, so a
/// blank transcript can be explained from the log without the log holding the conversation.
final class DiagnosticLog: Sendable {
    private let file: LogFile
    var path: String { file.path }

    /// The log when the environment asks for it; nil (nothing written, nothing opened) otherwise.
    static func open(environment: [String: String]) -> DiagnosticLog? {
        guard environment["VEET_LOG"]?.lowercased() == "debug" else { return nil }
        let directory = DaemonPaths(environment: environment).stateDirectory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return DiagnosticLog(file: directory.appendingPathComponent("veet-tui.log"))
    }

    /// Opens (or creates, 0600) the file; one over 1 MiB is rotated to `.1` first (`LogFile`).
    init(file url: URL) {
        file = LogFile(url)
    }

    func debug(_ message: String) {
        file.append(Data("\(Date().formatted(.iso8601)) veet-tui[\(getpid())] debug: \(message)\n".utf8))
    }
}

/// The lines opening a conversation writes: which one, what the cache and the server gave, how
/// the replay ended. Words of the log, kept apart so a test reads them without a file.
enum OpeningDiagnostics {
    static func selected(_ sessionID: String, cachedMessages: Int) -> String {
        "open \(sessionID): selected, \(cachedMessages) cached messages shown"
    }

    static func restored(_ sessionID: String, messages: Int, run: String?) -> String {
        "open \(sessionID): \(messages) messages restored from the server, run \(run ?? "none") to follow"
    }

    static func shown(_ sessionID: String, messages: Int, rows: Int) -> String {
        "open \(sessionID): \(messages) messages laid out as \(rows) transcript entries"
    }

    static func replayFinished(_ sessionID: String, run: String) -> String {
        "open \(sessionID): replay of run \(run) finished"
    }

    static func failed(_ sessionID: String, page: String?, error: any Error) -> String {
        "open \(sessionID): failed (\(String(describing: type(of: error))))" + (page.map { ", page \($0)" } ?? "")
    }
}
