import Foundation

/// What `veet doctor` reports of the store file: where it is, how big, which
/// schema it carries against the one this build writes, and SQLite's own check.
public struct StoreHealth: Sendable, Hashable {
    public var path: String
    /// The file and its write-ahead log, in bytes.
    public var bytes: Int64
    public var schemaVersion: Int
    public var supportedVersion: Int
    /// `PRAGMA quick_check`'s answer: "ok", or the first problems it found.
    public var integrity: String

    public var isIntact: Bool { integrity == "ok" }
}

extension Database {
    public func health() throws -> StoreHealth {
        let (version, check) = try read { db in
            (Int(try db.scalarInt("PRAGMA user_version") ?? 0),
             try db.query("PRAGMA quick_check(5)") { $0.text(0) }.joined(separator: "; "))
        }
        let manager = FileManager.default
        let bytes = [path, path + "-wal"].reduce(Int64(0)) { total, file in
            total + ((try? manager.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0)
        }
        return StoreHealth(path: path, bytes: bytes, schemaVersion: version, supportedVersion: Schema.latestVersion,
                           integrity: check.isEmpty ? "no answer" : check)
    }
}
