import Foundation

/// Bearer tokens, one owner-only file per named connection. The token never
/// goes into the connections file, the database, logs or output.
public struct Credentials: Sendable {
    public let directory: URL

    public init(paths: VeetPaths) {
        directory = paths.credentialsDirectory
    }

    /// Where the token of `connection` is kept (an owner-only file; `veet doctor` shows the path).
    public func file(for connection: String) -> URL {
        directory.appendingPathComponent("\(ConnectionName.fileSafe(connection)).token")
    }

    public func save(token: String, for connection: String) throws {
        try PrivateFiles.writeAtomically(Data(token.utf8), to: file(for: connection))
    }

    /// The saved token, nil when none. Refuses a file that group or others can read.
    public func token(for connection: String) throws -> String? {
        let url = file(for: connection)
        guard let mode = PrivateFiles.mode(of: url) else { return nil }
        guard mode & 0o077 == 0 else { throw StoreFileError.tooOpen(url.path, mode: mode) }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw StoreFileError.cannotRead(url.path, "permission denied")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    public func remove(for connection: String) throws {
        let url = file(for: connection)
        if FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
    }
}

enum ConnectionName {
    /// Names are user-chosen; keep file names to a safe alphabet.
    static func fileSafe(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar -> Character in
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
            return allowed.contains(scalar) && scalar.isASCII ? Character(scalar) : "_"
        })
    }
}
