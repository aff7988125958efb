import Foundation
import VeetWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an export wrote nothing.
public enum ArtifactExportError: Error, Sendable, Hashable, CustomStringConvertible {
    case exists(String)
    case sizeMismatch(expected: Int64, actual: Int)
    case digestMismatch(expected: String, actual: String)
    case writeFailed(String, why: String)

    public var description: String {
        switch self {
        case .exists(let path): "\(path) already exists; choose another name or allow overwriting."
        case .sizeMismatch(let expected, let actual):
            "The downloaded file has \(actual) bytes but the server announced \(expected); nothing was written."
        case .digestMismatch(let expected, let actual):
            "The downloaded file's SHA-256 is \(actual), not \(expected); nothing was written."
        case .writeFailed(let path, let why): "Could not write \(path): \(why)."
        }
    }
}

/// Writes an artifact's exact bytes to a file the owner chose.
public enum ArtifactExport {
    /// Checks `bytes` against the announced size and SHA-256 (when given),
    /// then writes them atomically: a temporary file in the same folder is
    /// linked into place (which fails if the target exists) or, with
    /// `overwrite`, renamed over it. No partial file is ever visible.
    public static func write(_ bytes: Data, to destination: URL, overwrite: Bool = false,
                             expectedSize: Int64? = nil, expectedSHA256: String? = nil) throws(ArtifactExportError) {
        try verify(bytes, expectedSize: expectedSize, expectedSHA256: expectedSHA256)
        let path = destination.path
        if !overwrite, FileManager.default.fileExists(atPath: path) { throw .exists(path) }
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).part")
        do {
            try bytes.write(to: temporary, options: [.withoutOverwriting])
        } catch {
            throw .writeFailed(path, why: error.localizedDescription)
        }
        defer { unlink(temporary.path) }
        if overwrite {
            guard rename(temporary.path, path) == 0 else { throw .writeFailed(path, why: String(cString: strerror(errno))) }
        } else if link(temporary.path, path) != 0 {
            let code = errno
            throw code == EEXIST ? .exists(path) : .writeFailed(path, why: String(cString: strerror(code)))
        }
    }

    public static func verify(_ bytes: Data, expectedSize: Int64?, expectedSHA256: String?) throws(ArtifactExportError) {
        if let expectedSize, Int64(bytes.count) != expectedSize {
            throw .sizeMismatch(expected: expectedSize, actual: bytes.count)
        }
        if let expectedSHA256, !expectedSHA256.isEmpty {
            let actual = SHA256Digest.hex(bytes)
            if actual != expectedSHA256.lowercased() { throw .digestMismatch(expected: expectedSHA256, actual: actual) }
        }
    }
}

extension ArtifactView {
    /// The file name an export takes when the owner names none: the server chose the name, so it must
    /// not pick a directory (only its last component; "artifact" when nothing is left, "/" included).
    public var safeFileName: String {
        let base = (name as NSString).lastPathComponent
        return base.isEmpty || base == "." || base == ".." || base.contains("/") ? "artifact" : base
    }
}
