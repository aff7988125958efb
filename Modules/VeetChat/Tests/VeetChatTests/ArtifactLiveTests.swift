import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport
import VeetWire

/// Artifact metadata, bytes, 304 reuse and export against the reference server.
@Suite(.serialized) struct ArtifactLiveTests {
    private static let bytes = Data("quarterly figures\nline two\n".utf8) + Data([0xE2, 0x80, 0x94, 0x0A])

    private func liveArtifact() async throws -> (LiveFixture, String, String) {
        let live = try LiveFixture()
        let session = try await live.api.createSession()
        let id = try #require(live.server.addArtifact(sessionID: session.id, name: "report — Q3.txt",
                                                      mediaType: "text/plain", bytes: Self.bytes))
        return (live, session.id, id)
    }

    @Test func metadataAndBytesAreReadSeparately() async throws {
        let (live, sessionID, id) = try await liveArtifact()
        defer { live.stop() }
        let service = live.api.artifactService(connection: live.connection, cache: ArtifactCache())
        let view = try await service.metadata(id: id)
        #expect(view.sessionID == sessionID)
        #expect(view.sizeBytes == Int64(Self.bytes.count))
        #expect(view.sha256 == SHA256Digest.hex(Self.bytes))
        let content = try await service.content(id: id)
        #expect(content.bytes == Self.bytes)
        #expect(content.etag == "\"\(view.sha256)\"")
        #expect(!content.fromCache)
        let paths = live.server.recordedRequests.map(\.path)
        #expect(paths.contains("/v1/artifacts/\(id)") && paths.contains("/v1/artifacts/\(id)/content"))
    }

    @Test func aSecondReadSendsIfNoneMatchAndReusesTheBytesOn304() async throws {
        let (live, _, id) = try await liveArtifact()
        defer { live.stop() }
        let cache = ArtifactCache()
        let service = live.api.artifactService(connection: live.connection, cache: cache)
        _ = try await service.content(id: id)
        live.server.clearRecordedRequests()
        let again = try await service.content(id: id)
        #expect(again.fromCache)
        #expect(again.bytes == Self.bytes)
        let request = try #require(live.server.recordedRequests.last)
        #expect(request.headers["if-none-match"] == "\"\(SHA256Digest.hex(Self.bytes))\"")
    }

    @Test func bytesReadForAConversationGoWhenItIsForgotten() async throws {
        let (live, session, id) = try await liveArtifact()
        defer { live.stop() }
        let service = live.api.artifactService(connection: live.connection, cache: ArtifactCache())
        _ = try await service.content(id: id, sessionID: session)
        #expect(await service.cache.cachedIDs == [id.lowercased()])
        await service.forgetConversations(["another"])
        #expect(await service.cache.cachedIDs == [id.lowercased()])
        await service.forgetConversations([session])
        #expect(await service.cache.cachedIDs.isEmpty)
        live.server.clearRecordedRequests()
        let fresh = try await service.content(id: id)
        #expect(!fresh.fromCache)
        #expect(live.server.recordedRequests.last?.headers["if-none-match"] == nil)
    }

    @Test func aConnectionChangeClearsTheCache() async throws {
        let (live, _, id) = try await liveArtifact()
        defer { live.stop() }
        let cache = ArtifactCache()
        _ = try await live.api.artifactService(connection: live.connection, cache: cache).content(id: id)
        #expect(await cache.totalBytes == Self.bytes.count)
        await cache.bind(to: ConnectionIdentity(server: "https://elsewhere.example", tokenDigest: "other"))
        #expect(await cache.totalBytes == 0)
        live.server.clearRecordedRequests()
        let fresh = try await live.api.artifactService(connection: live.connection, cache: cache).content(id: id)
        #expect(!fresh.fromCache)
        #expect(live.server.recordedRequests.last?.headers["if-none-match"] == nil)
    }

    @Test func exportWritesTheOriginalBytesCheckedAgainstTheMetadata() async throws {
        let (live, _, id) = try await liveArtifact()
        defer { live.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artifact-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report.txt")
        let service = live.api.artifactService(connection: live.connection, cache: ArtifactCache())
        let view = try await service.export(id: id, to: target)
        #expect(try Data(contentsOf: target) == Self.bytes)
        #expect(view.name == "report — Q3.txt")
        await #expect(throws: ArtifactExportError.exists(target.path)) { try await service.export(id: id, to: target) }
    }

    @Test func anUnknownArtifactIsNotFound() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let service = live.api.artifactService(connection: live.connection, cache: ArtifactCache())
        await #expect(throws: APIError.self) { try await service.metadata(id: UUID().uuidString.lowercased()) }
        await #expect(throws: APIError.self) { try await service.content(id: UUID().uuidString.lowercased()) }
    }
}
