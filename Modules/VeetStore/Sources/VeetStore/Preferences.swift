import Foundation

extension Schema {
    /// Per-connection preferences (such as the website profile chosen for new
    /// conversations). Each value remembers the server address it was chosen
    /// for, so pointing the connection at another server drops it; forgetting
    /// the connection deletes it with the connection's other rows.
    static let preferencesMigration = Migration(version: 5, sql: """
        CREATE TABLE preferences (
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            server_url TEXT NOT NULL,
            PRIMARY KEY (connection_id, key)
        ) WITHOUT ROWID;
        """)
}

/// Small named values kept per connection in the local store.
public struct ConnectionPreferences: Sendable {
    public let store: LocalStore

    public init(store: LocalStore) {
        self.store = store
    }

    /// The value, or nil when unset or chosen while the connection pointed at another server
    /// (that stale value is removed on the way).
    public func value(for key: String) throws -> String? {
        let connectionID = store.connectionID
        return try store.database.write { db in
            let rows = try db.query("""
                SELECT p.value, p.server_url = c.url FROM preferences p JOIN connections c ON c.id = p.connection_id
                WHERE p.connection_id = ? AND p.key = ?
                """, [.int(connectionID), .text(key)]) { ($0.text(0), $0.int(1) != 0) }
            guard let (value, sameServer) = rows.first else { return nil }
            if !sameServer {
                try db.run("DELETE FROM preferences WHERE connection_id = ? AND key = ?", [.int(connectionID), .text(key)])
                return nil
            }
            return value
        }
    }

    /// Sets or (with nil) clears a value for the connection's current server.
    public func set(_ value: String?, for key: String) throws {
        let connectionID = store.connectionID
        try store.database.write { db in
            if let value {
                try db.run("""
                    INSERT INTO preferences (connection_id, key, value, server_url)
                    SELECT id, ?, ?, url FROM connections WHERE id = ?
                    ON CONFLICT(connection_id, key) DO UPDATE SET value = excluded.value, server_url = excluded.server_url
                    """, [.text(key), .text(value), .int(connectionID)])
            } else {
                try db.run("DELETE FROM preferences WHERE connection_id = ? AND key = ?", [.int(connectionID), .text(key)])
            }
        }
    }
}

extension LocalStore {
    public var preferences: ConnectionPreferences { ConnectionPreferences(store: self) }
}
