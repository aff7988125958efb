import Foundation
import Testing
@testable import veet_tui
import VeetSettingsScreens
import VeetChat
import VeetStore
import VeetTransport
import VeetWire

/// Switching connections builds a new backend: its own slice of the store, its
/// own inbox and its own in-memory artifact cache, so nothing read for one
/// connection (index rows, caches, artifact bytes) is seen through the other.
@Suite struct ConnectionSwitchTests {
    static func saved(_ registry: ConnectionRegistry, _ name: String, port: Int) throws -> ResolvedConnection {
        try registry.add(name: name, url: try ServerURL(validating: "http://127.0.0.1:\(port)"), token: "token-\(name)")
        return try registry.resolve(named: name, environment: [:])
    }

    /// Opening a connection reads the cached index and keys the artifacts by its settings before any request.
    @Test func openingAConnectionReadsTheCacheAndKeysArtifactsByItsSettings() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-lazy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let registry = ConnectionRegistry(paths: VeetPaths(configDirectory: root.appendingPathComponent("c"),
                                                           dataDirectory: root.appendingPathComponent("d")))
        let opened = try ConnectionOpener.open(try Self.saved(registry, "alpha", port: 9001), registry: registry, environment: [:])
        #expect(opened.backend.cachedSessions().isEmpty)
        #expect(opened.backend.artifacts.connection == ConnectionIdentity(opened.backend.client.settings))
        let first = opened.backend.client
        #expect(opened.backend.client === first)
        #expect(first.settings.serverURL.url.absoluteString == "http://127.0.0.1:9001")
    }

    @Test func nothingOfOneConnectionLeaksIntoTheOther() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-switch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let registry = ConnectionRegistry(paths: VeetPaths(configDirectory: root.appendingPathComponent("c"),
                                                           dataDirectory: root.appendingPathComponent("d")))
        let alpha = try ConnectionOpener.open(try Self.saved(registry, "alpha", port: 9001), registry: registry, environment: [:])
        let beta = try ConnectionOpener.open(try Self.saved(registry, "beta", port: 9002), registry: registry, environment: [:])
        #expect(alpha.label == "alpha" && beta.label == "beta")

        // Store rows: alpha's index is not beta's.
        _ = try alpha.backend.store.upsert(session: SessionView(
            id: "s-alpha", agentID: "agent", agentVersion: "1", title: "Alpha only", metadata: .object([:]),
            createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:01:00Z"))
        try alpha.backend.store.preferences.set("dark", for: AppearanceChoice.appearanceKey)
        #expect(alpha.backend.cachedSessions().map(\.id) == ["s-alpha"])
        #expect(beta.backend.cachedSessions().isEmpty)
        #expect(try beta.backend.store.preferences.value(for: AppearanceChoice.appearanceKey) == nil)

        // Artifact bytes: alpha's cache holds them; beta's cache is another one and has none.
        let alphaIdentity = alpha.backend.artifacts.connection
        await alpha.backend.artifacts.cache.store(ArtifactCache.Entry(etag: "e1", bytes: Data("alpha bytes".utf8)),
                                                  for: "art-1", on: alphaIdentity)
        #expect(await alpha.backend.artifacts.cache.entry(for: "art-1", on: alphaIdentity) != nil)
        #expect(alpha.backend.artifacts.cache !== beta.backend.artifacts.cache)
        #expect(await beta.backend.artifacts.cache.entry(for: "art-1", on: beta.backend.artifacts.connection) == nil)
        #expect(await beta.backend.artifacts.cache.entry(for: "art-1", on: alphaIdentity) == nil)

        // Messages: what alpha's work posts never reaches beta's loop.
        alpha.backend.inbox.post(.notice("from alpha"))
        #expect(beta.backend.inbox.drain().isEmpty)
        #expect(alpha.backend.inbox.drain().count == 1)
        #expect(alpha.backend.inbox !== beta.backend.inbox)
    }
}
