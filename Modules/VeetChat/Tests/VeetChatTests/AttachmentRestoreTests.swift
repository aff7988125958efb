import Foundation
import Testing
import VeetChat
import VeetStore
import VeetTestSupport
import VeetTransport
import VeetWire

/// A kept draft's files back in the tray after a relaunch: uploaded, never sent again, named in
/// the next message exactly as the upload was.
struct AttachmentRestoreTests {
    static let kept = [
        Draft.File(artifactID: "art_1", filename: "itinerary.txt", mediaType: "text/plain", sizeBytes: 18),
        Draft.File(artifactID: "art_2", filename: "photo.jpg", mediaType: "image/jpeg", sizeBytes: 2048,
                   notice: "re-encoded, location removed"),
    ]

    @Test func restoredFilesAreUploadedWithTheirSizeAndNoticeAndUploadNothing() async throws {
        let server = ScriptedServer()
        let composer = AttachmentComposer(sessionID: "s1", uploader: AttachmentUploader(sender: server.sender))
        let tray = await composer.restore(Self.kept)
        #expect(tray.map(\.filename) == ["itinerary.txt", "photo.jpg"])
        #expect(tray.map(\.size) == [18, 2048])
        #expect(tray.map(\.artifact?.id) == ["art_1", "art_2"])
        #expect(tray[1].notice == "re-encoded, location removed")
        #expect(tray.allSatisfy { !$0.state.isInFlight && !$0.state.canRetry })
        #expect(server.requests.isEmpty, "a restored file was sent again")
    }

    @Test func restoringTwiceKeepsOneOfEachAndTheMessageNamesTheUploads() async throws {
        let composer = AttachmentComposer(sessionID: "s1", uploader: AttachmentUploader(sender: ScriptedServer().sender))
        await composer.restore(Self.kept)
        let tray = await composer.restore(Self.kept)
        #expect(tray.count == 2)
        let content = try await composer.messageContent(text: "Here is the plan")
        #expect(content.contains(.file(artifactID: "art_1", mediaType: "text/plain", filename: "itinerary.txt")))
        #expect(content.contains(.image(artifactID: "art_2", mediaType: "image/jpeg", detail: "auto", filename: "photo.jpg")))
    }
}
