import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Small file helpers for owner-only data: 0700 directories, 0600 files,
/// written through a temporary file and a rename so a killed process never
/// leaves half a file behind.
enum PrivateFiles {
    static func ensureDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }

    static func writeAtomically(_ data: Data, to url: URL, mode: Int = 0o600) throws {
        try ensureDirectory(url.deletingLastPathComponent())
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard fd >= 0 else { throw StoreFileError.cannotWrite(url.path, errnoText()) }
        var ok = true
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; ok = false; return }
                offset += n
            }
        }
        if ok { ok = fsync(fd) == 0 }
        close(fd)
        guard ok, rename(temp.path, url.path) == 0 else {
            let reason = errnoText()
            unlink(temp.path)
            throw StoreFileError.cannotWrite(url.path, reason)
        }
    }

    /// Permission bits of an existing file, or nil when it does not exist.
    static func mode(of url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o7777)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

public enum StoreFileError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotWrite(String, String)
    case cannotRead(String, String)
    case tooOpen(String, mode: Int)
    case malformed(String, String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let why): "Could not write \(path): \(why)"
        case .cannotRead(let path, let why): "Could not read \(path): \(why)"
        case .tooOpen(let path, let mode):
            "Refusing to read \(path): other users can read it (mode \(String(mode, radix: 8))). Run `chmod 600 \(path)` and try again."
        case .malformed(let path, let why): "\(path) is not valid: \(why)"
        }
    }
}
