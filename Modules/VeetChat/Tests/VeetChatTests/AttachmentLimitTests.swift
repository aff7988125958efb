import Foundation
import Testing
import VeetChat
import VeetTestSupport
import VeetTransport
import VeetWire

/// The client's own attachment limits (docs/chat.md, Attachments and artifacts), checked before anything is sent: 8 files, 32 MiB in
/// all, 8 MiB a file, 6 MiB an image; each refusal names the file and keeps
/// the files already there as they were.
struct AttachmentLimitTests {
    static let mib = 1024 * 1024
    static let pngHead = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    static func file(_ name: String, mib count: Double, image: Bool = false) -> VeetChat.Attachment {
        let size = Int(count * Double(mib))
        var bytes = image ? pngHead : Data("text".utf8)
        bytes.append(Data(count: max(size - bytes.count, 0)))
        return Attachment(filename: name, bytes: bytes)
    }

    @Test func theStandardLimitsAreTheSeeds() {
        let limits = AttachmentLimits.standard
        #expect(limits.maxAttachmentsPerMessage == 8)
        #expect(limits.maxTotalBytes == 32 * Self.mib)
        #expect(limits.maxFileBytes == 8 * Self.mib)
        #expect(limits.maxImageBytes == 6 * Self.mib)
    }

    @Test func aFileOver8MiBIsRefusedByName() {
        var tray = AttachmentTray()
        #expect(throws: AttachmentProblem.tooLarge(filename: "video.mov", bytes: 9 * Self.mib, limit: 8 * Self.mib)) {
            try tray.add(Self.file("video.mov", mib: 9))
        }
        #expect(AttachmentProblem.tooLarge(filename: "video.mov", bytes: 9 * Self.mib, limit: 8 * Self.mib).description
            == "\"video.mov\" is 9.0 MiB; the limit is 8.0 MiB per file.")
        #expect(throws: Never.self) { try tray.add(Self.file("exactly.bin", mib: 8)) }
    }

    @Test func anImageOver6MiBIsRefusedWhereAnotherFileOfThatSizeIsNot() throws {
        var tray = AttachmentTray()
        let image = Self.file("photo.png", mib: 7, image: true)
        #expect(image.isImage)
        do throws(AttachmentProblem) {
            _ = try tray.add(image)
            Issue.record("a 7 MiB image was taken")
        } catch {
            #expect(error == .imageTooLarge(filename: "photo.png", bytes: image.size, limit: 6 * Self.mib))
            #expect(error.description == "\"photo.png\" is 7.0 MiB; the limit is 6.0 MiB per image.")
        }
        _ = try tray.add(Self.file("notes.txt", mib: 7))
        #expect(tray.attachments.map(\.filename) == ["notes.txt"])
    }

    @Test func aNinthFileIsRefusedAndTheEightStay() throws {
        var tray = AttachmentTray()
        for index in 1...8 { _ = try tray.add(Self.file("f\(index).txt", mib: 0.001)) }
        let before = tray.attachments
        do throws(AttachmentProblem) {
            _ = try tray.add(Self.file("ninth.txt", mib: 0.001))
            Issue.record("a ninth file was taken")
        } catch {
            #expect(error == .tooMany(filename: "ninth.txt", limit: 8))
            #expect(error.description == "\"ninth.txt\" would be file 9; a message can carry at most 8 attachments.")
        }
        #expect(tray.attachments == before)
    }

    @Test func filesOver32MiBTogetherAreRefusedAtTheOneThatCrossesIt() throws {
        var tray = AttachmentTray()
        for index in 1...4 { _ = try tray.add(Self.file("part\(index).bin", mib: 7.5)) }  // 30 MiB
        do throws(AttachmentProblem) {
            _ = try tray.add(Self.file("last.bin", mib: 2.5))
            Issue.record("32.5 MiB were taken")
        } catch {
            #expect(error == .totalTooLarge(filename: "last.bin", totalBytes: Int(32.5 * Double(Self.mib)), limit: 32 * Self.mib))
            #expect(error.description
                == "\"last.bin\" would bring the message's files to 32.5 MiB; the limit is 32.0 MiB per message.")
            #expect(error.filename == "last.bin")
        }
        #expect(tray.attachments.count == 4)
        _ = try tray.add(Self.file("fits.bin", mib: 2))
    }

    /// The CLI checks the files it is given the same way before it creates a conversation.
    @Test func filesOnDiskAreCheckedTogetherBeforeAnyIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var urls: [URL] = []
        for index in 1...9 {
            let url = folder.appendingPathComponent("n\(index).txt")
            try Data("note \(index)".utf8).write(to: url)
            urls.append(url)
        }
        let image = folder.appendingPathComponent("scan.bin")  // a PNG by its bytes, whatever its name
        try (Self.pngHead + Data(count: 6 * Self.mib)).write(to: image)
        let problems = AttachmentComposer.problems(withFilesAt: [image] + urls)
        #expect(problems.map(\.description) == [
            "\"scan.bin\" is 6.0 MiB; the limit is 6.0 MiB per image.",
            "\"n9.txt\" would be file 9; a message can carry at most 8 attachments.",
        ])
        #expect(AttachmentComposer.problems(withFilesAt: Array(urls.prefix(8))).isEmpty)
    }

    /// A photo is re-encoded before upload, so its size on disk is not what is sent: before it is
    /// read only the decoding ceiling applies, and the image limit judges what it becomes.
    @Test func aPhotoIsJudgedByWhatItBecomesNotByItsSizeOnDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("IMG_0001.jpg"), screenshot = folder.appendingPathComponent("shot.png")
        try (Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(count: 7 * Self.mib)).write(to: photo)
        try (Self.pngHead + Data(count: 7 * Self.mib)).write(to: screenshot)
        #expect(AttachmentComposer.problems(withFilesAt: [photo, screenshot]).map(\.description)
                == ["\"shot.png\" is 7.0 MiB; the limit is 6.0 MiB per image."])
        let ceiling = AttachmentLimits(maxSourceImageBytes: 4 * Self.mib)
        #expect(AttachmentComposer.problems(withFilesAt: [photo], limits: ceiling).map(\.description)
                == ["\"IMG_0001.jpg\" is 7.0 MiB; the limit is 4.0 MiB per file."])
        // Read and decoded (these bytes are no real photo), not refused for its size.
        let composer = AttachmentComposer(sessionID: "s1", uploader: AttachmentUploader(sender: ScriptedServer().sender))
        await #expect(throws: AttachmentProblem.unusableImage(filename: "IMG_0001.jpg", why: "it cannot be decoded as JPEG")) {
            try await composer.addFile(at: photo)
        }
    }

    @Test func aComposerRefusesAFileBeforeReadingOrSendingIt() async throws {
        let server = ScriptedServer()
        let composer = AttachmentComposer(sessionID: "s1", uploader: AttachmentUploader(sender: server.sender))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).bin")
        try Data(count: 8 * Self.mib + 1).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect(throws: AttachmentProblem.self) { try await composer.addFile(at: url) }
        #expect(server.requests.isEmpty)
        #expect(await composer.attachments.isEmpty)
    }

    @Test func sizesAndProgressReadTheSameEverywhere() {
        #expect(ByteSize.progress(Int(1.2 * Double(Self.mib)), of: 4 * Self.mib) == "1.2 of 4.0 MiB")
        #expect(ByteSize.progress(512, of: 2048) == "0.5 of 2.0 KiB")
        #expect(ByteSize.describe(6 * Self.mib) == "6.0 MiB")
        #expect(AttachmentState.uploading(sentBytes: Int(1.2 * Double(Self.mib)), totalBytes: 4 * Self.mib).label
            == "uploading 1.2 of 4.0 MiB")
    }

    @Test func aMessageMayBeFilesAloneButNotNothing() throws {
        #expect(AttachmentTray.problem(sending: [], text: "  ") == .empty)
        #expect(AttachmentTray.problem(sending: [], text: "hi") == nil)
        var busy = AttachmentTray()
        let file = try busy.add(Self.file("a.txt", mib: 0.001))
        #expect(AttachmentTray.problem(sending: busy.attachments, text: "") == .stillUploading(["a.txt"]))
        _ = busy.beginUpload(file.id)
        busy.finishUpload(file.id, with: .failed("no answer"))
        #expect(AttachmentTray.problem(sending: busy.attachments, text: "hi") == .notUploaded(["a.txt"]))
    }
}
