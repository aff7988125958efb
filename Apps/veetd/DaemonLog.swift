import Foundation
import Synchronization
import VeetStore

/// Log lines to stderr and to the log file `veet daemon logs` reads.
/// Callers pass identifiers and counts only: never message text or tokens.
final class DaemonLog: Sendable {
    private let file = Mutex<FileHandle?>(nil)
    let path: String?

    /// Opens (or creates, 0600) the log file; a log file over 1 MiB is rotated to `.1` first.
    init(file url: URL?) {
        path = url?.path
        guard let url else { return }
        let manager = FileManager.default
        if let size = (try? manager.attributesOfItem(atPath: url.path))?[.size] as? Int, size > 1_048_576 {
            let old = url.path + ".1"
            try? manager.removeItem(atPath: old)
            try? manager.moveItem(atPath: url.path, toPath: old)
        }
        if !manager.fileExists(atPath: url.path) {
            _ = manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let handle = FileHandle(forWritingAtPath: url.path)
        _ = try? handle?.seekToEnd()
        file.withLock { $0 = handle }
    }

    func info(_ message: String) { write("info", message) }
    func warn(_ message: String) { write("warn", message) }

    private func write(_ level: String, _ message: String) {
        let stamp = Date().formatted(.iso8601)
        let line = Data("\(stamp) veetd[\(getpid())] \(level): \(message)\n".utf8)
        FileHandle.standardError.write(line)
        file.withLock { try? $0?.write(contentsOf: line) }
    }
}
