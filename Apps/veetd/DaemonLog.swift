import Foundation
import VeetDaemonProtocol
import VeetStore

/// Log lines to stderr and to the log file `veet daemon logs` reads.
/// Callers pass identifiers and counts only: never message text or tokens.
final class DaemonLog: Sendable {
    private let file: LogFile?
    var path: String? { file?.path }

    /// Opens (or creates, 0600) the log file; a log file over 1 MiB is rotated to `.1` first.
    init(file url: URL?) {
        file = url.map(LogFile.init)
    }

    func info(_ message: String) { write("info", message) }
    func warn(_ message: String) { write("warn", message) }

    private func write(_ level: String, _ message: String) {
        let stamp = Date().formatted(.iso8601)
        let line = Data("\(stamp) veetd[\(getpid())] \(level): \(message)\n".utf8)
        FileHandle.standardError.write(line)
        file?.append(line)
    }
}
