import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// The process-local artifact cache and export, on pure values.
struct ArtifactCacheTests {
    typealias S = ChatServiceSamples

    private func entry(_ text: String) -> ArtifactCache.Entry {
        ArtifactCache.Entry(etag: "\"\(SHA256Digest.hex(text))\"", bytes: Data(text.utf8), mediaType: "text/plain")
    }

    @Test func theLeastRecentlyUsedEntryIsEvictedFirst() async {
        let cache = ArtifactCache(capacityBytes: 10)
        await cache.store(entry("aaaa"), for: "a", on: S.connection)
        await cache.store(entry("bbbb"), for: "b", on: S.connection)
        _ = await cache.entry(for: "a", on: S.connection)  // a is now the most recent
        await cache.store(entry("cccc"), for: "c", on: S.connection)
        #expect(await cache.cachedIDs == ["a", "c"])
        #expect(await cache.totalBytes == 8)
    }

    @Test func theCacheNeverHoldsMoreThanItsCapacity() async {
        let cache = ArtifactCache(capacityBytes: 10)
        for index in 0..<20 { await cache.store(entry("xyz\(index % 10)"), for: "\(index)", on: S.connection) }
        #expect(await cache.totalBytes <= 10)
        await cache.store(entry("far too large to keep"), for: "big", on: S.connection)
        #expect(await cache.entry(for: "big", on: S.connection) == nil)
    }

    @Test func theDefaultCapacityIs32MiB() {
        #expect(ArtifactCache.defaultCapacity == 32 * 1024 * 1024)
    }

    @Test func anotherConnectionSeesNothingAndBindingItClearsTheCache() async {
        let cache = ArtifactCache()
        await cache.store(entry("aaaa"), for: "a", on: S.connection)
        #expect(await cache.entry(for: "a", on: S.otherConnection) == nil)
        await cache.bind(to: S.otherConnection)
        #expect(await cache.totalBytes == 0)
        #expect(await cache.entry(for: "a", on: S.connection) == nil)
    }

    @Test func aSecondStoreOfTheSameIDReplacesItsBytes() async {
        let cache = ArtifactCache()
        await cache.store(entry("one"), for: "a", on: S.connection)
        await cache.store(entry("three"), for: "a", on: S.connection)
        #expect(await cache.totalBytes == 5)
        #expect(await cache.entry(for: "A", on: S.connection)?.bytes == Data("three".utf8))
    }

    @Test func exportWritesTheExactBytesAndRefusesToOverwrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artifact-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("drawing.svg")
        let bytes = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><broken".utf8) + Data([0, 0xFF, 0x10])
        try ArtifactExport.write(bytes, to: target, expectedSize: Int64(bytes.count), expectedSHA256: SHA256Digest.hex(bytes))
        #expect(try Data(contentsOf: target) == bytes)
        #expect(throws: ArtifactExportError.exists(target.path)) { try ArtifactExport.write(Data("new".utf8), to: target) }
        #expect(try Data(contentsOf: target) == bytes)
        try ArtifactExport.write(Data("new".utf8), to: target, overwrite: true)
        #expect(try Data(contentsOf: target) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["drawing.svg"])  // no temporary left
    }

    @Test func exportRefusesBytesThatDoNotMatchTheAnnouncedSizeOrDigest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artifact-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report.txt")
        #expect(throws: ArtifactExportError.sizeMismatch(expected: 4, actual: 5)) {
            try ArtifactExport.write(Data("hello".utf8), to: target, expectedSize: 4)
        }
        #expect(throws: ArtifactExportError.self) {
            try ArtifactExport.write(Data("hello".utf8), to: target, expectedSHA256: SHA256Digest.hex("other"))
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func artifactIDsComeFromImageAndFileBlocksOnce() throws {
        let json = """
        [{"sequence":1,"role":"user","content":[{"type":"text","text":"see"},
          {"type":"file","artifact_id":"f1","media_type":"application/pdf","filename":"r.pdf"},
          {"type":"image","artifact_id":"i1","media_type":"image/png","detail":"auto"}],"created_at":"2026-01-01T00:00:00Z"},
         {"sequence":2,"role":"assistant","content":[{"type":"file","artifact_id":"f1","media_type":"application/pdf"}],
          "created_at":"2026-01-01T00:00:01Z"}]
        """
        let transcript = try WireJSON.decoder().decode([SessionMessageView].self, from: Data(json.utf8))
        #expect(ArtifactService.artifactIDs(in: transcript) == ["f1", "i1"])
    }

    @Test func deletingOrPruningAConversationDropsItsBytesAtOnce() async {
        let cache = ArtifactCache()
        func tagged(_ text: String, _ session: String?) -> ArtifactCache.Entry {
            ArtifactCache.Entry(etag: "\"\(text)\"", bytes: Data(text.utf8), sessionID: session)
        }
        await cache.store(tagged("aaaa", "s1"), for: "a", on: S.connection)
        await cache.store(tagged("bbbbbb", "s2"), for: "b", on: S.connection)
        await cache.store(tagged("cc", "s1"), for: "C", on: S.connection)
        await cache.store(tagged("dd", nil), for: "d", on: S.connection)
        await cache.removeConversations(["s1", "unknown"])
        #expect(await cache.cachedIDs == ["b", "d"])
        #expect(await cache.totalBytes == 8)
        #expect(await cache.entry(for: "a", on: S.connection) == nil)
        #expect(await cache.entry(for: "b", on: S.connection)?.sessionID == "s2")
        await cache.removeConversations([])
        #expect(await cache.cachedIDs == ["d", "b"])  // b was just read
    }

    @Test func a304WithoutACachedCopyIsAnInvalidAnswer() async {
        let stub = StubSender([.response(HTTPResponse(status: 304, headers: ["etag": "\"x\""]))])
        let service = ArtifactService(sender: stub.sender, connection: S.connection, cache: ArtifactCache())
        await #expect(throws: InvalidResponseError.self) { try await service.content(id: "a") }
    }
}
