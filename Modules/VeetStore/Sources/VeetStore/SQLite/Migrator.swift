import CSQLite
import Foundation

/// One numbered step of the schema. Version N is reached by running every
/// migration up to N in order; `PRAGMA user_version` records where a file is.
public struct Migration: Sendable {
    public let version: Int
    public let sql: String

    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

/// Brings a file to the newest known version, each step in its own
/// transaction, and refuses a file newer than this code.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(migrations: [Migration]) {
        precondition(migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
                     "migrations must be numbered 1, 2, 3, ...")
        self.migrations = migrations
    }

    public var latestVersion: Int { migrations.count }

    public func migrate(_ connection: SQLiteConnection, upTo target: Int? = nil) throws {
        let target = target ?? latestVersion
        let current = Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
        if current > latestVersion {
            throw StoreError.newerSchema(path: connection.path, found: current, supported: latestVersion)
        }
        for migration in migrations where migration.version > current && migration.version <= target {
            try connection.transaction {
                // Another process may have migrated while this one waited for the lock.
                let now = Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
                guard now < migration.version else { return }
                try connection.execute(migration.sql)
                try connection.execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
