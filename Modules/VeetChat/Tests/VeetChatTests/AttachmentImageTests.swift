import Foundation
import Testing
import VeetChat
import VeetImages
import VeetTransport
import VeetWire

/// Photos lose their location before upload (docs/chat.md): what the reference
/// server stores is read back and decoded.
@Suite(.serialized) struct AttachmentImageTests {
    static func stored(_ file: VeetChat.Attachment, live: LiveFixture) async throws -> Data {
        let view = try #require(file.artifact, "state: \(file.state)")
        return try await live.api.artifactService(connection: live.connection, cache: ArtifactCache()).content(id: view.id).bytes
    }

    @Test func aPhotoWithALocationIsStoredShrunkAndWithoutIt() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let photo = try SampleImage.jpeg(width: 3000, height: 1500, exif: SampleImage.gpsEXIF(latitude: 47.37, longitude: 8.54))
        #expect(try ImageInfo.read(photo).hasLocation)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("IMG_0042.HEIC")  // the name says HEIC, the bytes JPEG
        try photo.write(to: url)

        let session = try await live.api.createSession()
        let file = try await live.api.attachmentComposer(sessionID: session.id).addFile(at: url)
        #expect(file.notice == "re-encoded, location removed")
        #expect(file.filename == "IMG_0042.jpg")
        #expect(file.mediaType == "image/jpeg")
        let upload = try #require(live.server.recordedRequests.last { $0.path.hasSuffix("/artifacts") })
        #expect(upload.headers["x-filename"] == "IMG_0042.jpg")

        let bytes = try await Self.stored(file, live: live)
        #expect(bytes == file.bytes)
        let info = try ImageInfo.read(bytes)
        #expect((info.width, info.height) == (2000, 1000))
        #expect(!info.hasLocation)
        #expect(info.metadata.isEmpty, "left in: \(info.metadata)")
        #expect(bytes.range(of: Data("Exif".utf8)) == nil)
    }

    @Test func aSmallPNGIsStoredByteForByteWithNoNotice() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let png = try SampleImage.png(width: 1200, height: 800)
        let session = try await live.api.createSession()
        let file = try await live.api.attachmentComposer(sessionID: session.id).add(filename: "chart.png", bytes: png)
        #expect(file.notice == nil)
        #expect(try await Self.stored(file, live: live) == png)
    }

    @Test func anImageThatDoesNotDecodeIsRefusedAndNothingIsSent() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let session = try await live.api.createSession()
        let composer = live.api.attachmentComposer(sessionID: session.id)
        let broken = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 7, count: 100)
        await #expect(throws: AttachmentProblem.unusableImage(filename: "broken.jpg", why: "it cannot be decoded as JPEG")) {
            try await composer.add(filename: "broken.jpg", bytes: broken)
        }
        #expect(await composer.attachments.isEmpty)
        #expect(!live.server.recordedRequests.contains { $0.path.hasSuffix("/artifacts") })
        // Not an image by its first bytes: sent as it is, whatever its name.
        let notes = Data("not a picture at all".utf8)
        let file = try await composer.add(filename: "notes.jpg", bytes: notes)
        #expect(file.notice == nil)
        #expect(try await Self.stored(file, live: live) == notes)
    }
}
