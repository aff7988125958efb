import CSQLite
import Foundation

/// What went wrong with the local database, in terms a caller can act on.
/// Opening a damaged, busy or too-new file is an error, never a crash.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not a database or is damaged (SQLITE_CORRUPT / SQLITE_NOTADB).
    case corrupt(path: String, detail: String)
    /// Another process holds the database locked for longer than the busy timeout.
    case locked(path: String)
    /// The file was written by a newer VeetKit (its `user_version` is above ours).
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file or its directory cannot be opened or created.
    case cannotOpen(path: String, detail: String)
    /// Any other SQLite failure, with its result code and message.
    case sqlite(code: Int32, message: String)
    /// The connection name is not known to this database.
    case unknownConnection(String)

    public var description: String {
        switch self {
        case .corrupt(let path, let detail):
            "The local store \(path) is damaged (\(detail)). Move it aside; it is a cache and is rebuilt from the server, except unsent messages."
        case .locked(let path):
            "The local store \(path) is locked by another veet process. Try again when it has finished."
        case .newerSchema(let path, let found, let supported):
            "The local store \(path) was written by a newer veet (schema \(found), this one knows up to \(supported)). Update veet."
        case .cannotOpen(let path, let detail):
            "Could not open the local store \(path): \(detail)"
        case .sqlite(let code, let message):
            "Local store error \(code): \(message)"
        case .unknownConnection(let name):
            "The local store has no connection named \"\(name)\"."
        }
    }

    /// A few words for a banner: why the store could not be opened (the
    /// description keeps the path and SQLite's own words).
    public var shortReason: String {
        switch self {
        case .corrupt: "the file is damaged"
        case .locked: "another veet holds it locked"
        case .newerSchema: "a newer veet wrote it"
        case .cannotOpen: "it cannot be created or opened"
        case .sqlite(let code, _): "SQLite error \(code)"
        case .unknownConnection: "it has no such connection"
        }
    }

    /// Maps a result code to the error a caller sees.
    static func from(code: Int32, db: OpaquePointer?, path: String) -> StoreError {
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(path: path, detail: message)
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked(path: path)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY: return .cannotOpen(path: path, detail: message)
        default: return .sqlite(code: code, message: message)
        }
    }
}
