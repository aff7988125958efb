import Foundation

/// Where a saved connection's token is kept.
public enum TokenStorage: String, Codable, Sendable, Hashable {
    /// The desktop keyring (the Secret Service).
    case keyring
    /// An owner-only file under `$XDG_CONFIG_HOME/veet/credentials/`.
    case file
}

/// What the owner asked for when saving a token.
public enum TokenStoragePreference: Sendable, Hashable {
    /// The keyring when one answers, else the file.
    case automatic
    /// The file, on purpose (`veet connect --insecure-storage`).
    case file
}

/// Bearer tokens: in the desktop keyring when one answers, else one
/// owner-only file per named connection. Where each one went is recorded with
/// the connection, so a token is read from where it was put and never
/// silently moved. The token never goes into the connections file, the
/// database, logs, output, or a process's arguments or environment.
public struct Credentials: Sendable {
    public let directory: URL
    /// nil when this machine has no keyring to talk to (no session bus, no secret-tool).
    public let keyring: (any Keyring)?

    public init(paths: VeetPaths, keyring: (any Keyring)? = nil) {
        directory = paths.credentialsDirectory
        self.keyring = keyring
    }

    /// Where the token of `connection` is kept as a file (`veet doctor` shows the path).
    public func file(for connection: String) -> URL {
        directory.appendingPathComponent("\(ConnectionName.fileSafe(connection)).token")
    }

    /// Saves the token and says where it went: the keyring when asked for
    /// automatically and one answers (a failure there is an error, not a quiet
    /// fall back to the file), else the file.
    @discardableResult
    public func save(token: String, for connection: String,
                     preference: TokenStoragePreference = .automatic) throws -> TokenStorage {
        if preference == .automatic, let keyring, keyring.isAvailable() {
            try keyring.store(token, connection: connection, label: "Veet token for \(connection)")
            // One place only: a file left from before would be a second copy.
            try removeFile(for: connection)
            return .keyring
        }
        try PrivateFiles.writeAtomically(Data(token.utf8), to: file(for: connection))
        return .file
    }

    /// The saved token, nil when none. A file that group or others can read is
    /// refused; a keyring token when no keyring answers is an error that says so.
    public func token(for connection: String, storage: TokenStorage = .file) throws -> String? {
        switch storage {
        case .keyring:
            // One call: a lookup that gets no answer says so itself (no availability probe first).
            guard let keyring else { throw KeyringError.unavailable(connection: connection) }
            return try keyring.lookup(connection: connection)?.trimmingCharacters(in: .newlines)
        case .file:
            let url = file(for: connection)
            guard let mode = PrivateFiles.mode(of: url) else { return nil }
            guard mode & 0o077 == 0 else { throw StoreFileError.tooOpen(url.path, mode: mode) }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw StoreFileError.cannotRead(url.path, "permission denied")
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return token.isEmpty ? nil : token
        }
    }

    /// Removes the token from where it is kept (and any file copy). A keyring token with no
    /// keyring to reach is an error: saying it was removed would leave a secret behind unseen.
    public func remove(for connection: String, storage: TokenStorage = .file) throws {
        if storage == .keyring {
            guard let keyring else { throw KeyringError.unavailable(connection: connection) }
            try keyring.remove(connection: connection)
        }
        try removeFile(for: connection)
    }

    private func removeFile(for connection: String) throws {
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
