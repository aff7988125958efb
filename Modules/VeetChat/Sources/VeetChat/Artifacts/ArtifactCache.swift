import Foundation

/// Artifact bytes kept in memory for this process only (never written to
/// disk), at most `capacityBytes` in total, least recently used dropped
/// first. Entries belong to one connection: binding another connection
/// empties the cache, so one account's files never answer for another's.
/// An entry read for a known conversation carries its id, and deleting or
/// pruning that conversation drops its bytes at once (`removeConversations`).
public actor ArtifactCache {
    public static let defaultCapacity = 32 * 1024 * 1024

    public struct Entry: Sendable, Equatable {
        /// The strong ETag as the server sent it (quoted SHA-256).
        public let etag: String
        public let bytes: Data
        public let mediaType: String?
        /// The conversation the artifact belongs to, when the reader knew it.
        public let sessionID: String?

        public init(etag: String, bytes: Data, mediaType: String? = nil, sessionID: String? = nil) {
            self.etag = etag
            self.bytes = bytes
            self.mediaType = mediaType
            self.sessionID = sessionID
        }
    }

    public let capacityBytes: Int
    public private(set) var connection: ConnectionIdentity?
    private var entries: [String: Entry] = [:]
    /// Artifact ids, least recently used first.
    private var recency: [String] = []
    public private(set) var totalBytes = 0

    public init(capacityBytes: Int = ArtifactCache.defaultCapacity) {
        self.capacityBytes = capacityBytes
    }

    /// Makes `identity` the cache's connection; a different one clears everything first.
    public func bind(to identity: ConnectionIdentity) {
        if connection != identity { removeAll() }
        connection = identity
    }

    /// The cached entry for `artifactID` on `identity`, marking it recently used.
    public func entry(for artifactID: String, on identity: ConnectionIdentity) -> Entry? {
        guard connection == identity, let entry = entries[key(artifactID)] else { return nil }
        touch(key(artifactID))
        return entry
    }

    /// Keeps bytes for later 304 answers. A value larger than the whole cache is not kept.
    public func store(_ entry: Entry, for artifactID: String, on identity: ConnectionIdentity) {
        bind(to: identity)
        let id = key(artifactID)
        if let old = entries.removeValue(forKey: id) {
            totalBytes -= old.bytes.count
            recency.removeAll { $0 == id }
        }
        guard entry.bytes.count <= capacityBytes else { return }
        while totalBytes + entry.bytes.count > capacityBytes, let oldest = recency.first {
            recency.removeFirst()
            totalBytes -= entries.removeValue(forKey: oldest)?.bytes.count ?? 0
        }
        entries[id] = entry
        recency.append(id)
        totalBytes += entry.bytes.count
    }

    public func remove(_ artifactID: String) {
        let id = key(artifactID)
        totalBytes -= entries.removeValue(forKey: id)?.bytes.count ?? 0
        recency.removeAll { $0 == id }
    }

    /// Drops the bytes of every artifact of these conversations (deleted, or
    /// pruned from the index). Entries read without a conversation stay until
    /// evicted or the connection changes.
    public func removeConversations(_ sessionIDs: [String]) {
        let gone = Set(sessionIDs)
        guard !gone.isEmpty else { return }
        for (id, entry) in entries where entry.sessionID.map(gone.contains) == true {
            remove(id)
        }
    }

    /// Drops every entry (connection change, forgotten credentials).
    public func removeAll() {
        entries = [:]
        recency = []
        totalBytes = 0
    }

    /// Cached ids, least recently used first (for tests and diagnostics).
    public var cachedIDs: [String] { recency }

    private func touch(_ id: String) {
        recency.removeAll { $0 == id }
        recency.append(id)
    }

    private func key(_ artifactID: String) -> String { artifactID.lowercased() }
}
