import Foundation
import Synchronization

/// An append-only log file of the apps (veetd's, veet-tui's debug log): created 0600, rotated to
/// `.1` once past 1 MiB when opened, one line per `append`. Callers pass ids, counts and outcomes,
/// never message text or tokens.
public final class LogFile: Sendable {
    public let path: String
    private let handle: Mutex<FileHandle?>

    public init(_ url: URL) {
        path = url.path
        let manager = FileManager.default
        if let size = (try? manager.attributesOfItem(atPath: url.path))?[.size] as? Int, size > 1_048_576 {
            try? manager.removeItem(atPath: url.path + ".1")
            try? manager.moveItem(atPath: url.path, toPath: url.path + ".1")
        }
        if !manager.fileExists(atPath: url.path) {
            _ = manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let opened = FileHandle(forWritingAtPath: url.path)
        _ = try? opened?.seekToEnd()
        handle = Mutex(opened)
    }

    public func append(_ line: Data) {
        handle.withLock { try? $0?.write(contentsOf: line) }
    }
}
