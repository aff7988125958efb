import Foundation
import Testing
import VeetChat
import VeetImages
import VeetTestSupport
import VeetTransport
import VeetWire

/// Attachment rules on pure values and against an HTTP double.
struct AttachmentTests {
    typealias S = ChatServiceSamples
    /// A real PNG, 4 x 4: the composer decodes every image before upload.
    static let png = try! SampleImage.png(width: 4, height: 4)
    static let pdf = Data("%PDF-1.7\n%âãÏÓ\n".utf8)

    static func uploaded(_ id: String, name: String, mediaType: String, kind: String) -> HTTPResponse {
        let body = """
        {"id":"\(id)","session_id":"\(S.sessionID)","run_id":null,"name":"\(name)","media_type":"\(mediaType)",
         "sha256":"00","size_bytes":12,"metadata":{"attachment":{"kind":"\(kind)"}},"created_at":"2026-08-22T18:03:52Z"}
        """
        return HTTPResponse(status: 201, headers: ["content-type": "application/json"], body: Data(body.utf8))
    }

    // MARK: Limits, before anything is sent

    /// The server's own ceiling (the client's stricter one: AttachmentLimitTests).
    @Test func aFileOverThe32MiBLimitIsRefusedWithAClearMessage() {
        let problem = AttachmentLimits.server.check(filename: "big.bin", size: 32 * 1024 * 1024 + 1)
        #expect(problem == .tooLarge(filename: "big.bin", bytes: 32 * 1024 * 1024 + 1, limit: 32 * 1024 * 1024))
        #expect(problem?.description == "\"big.bin\" is 32.0 MiB; the limit is 32.0 MiB per file.")
        #expect(AttachmentLimits.server.check(filename: "ok.bin", size: 32 * 1024 * 1024) == nil)
    }

    @Test func anEmptyFileIsRefused() {
        var tray = AttachmentTray()
        #expect(throws: AttachmentProblem.empty(filename: "empty.txt")) {
            try tray.add(Attachment(filename: "empty.txt", bytes: Data()))
        }
    }

    @Test func anEleventhAttachmentIsRefused() throws {
        var tray = AttachmentTray(limits: .server)
        for index in 0..<10 { _ = try tray.add(Attachment(filename: "f\(index).txt", bytes: Data("x".utf8))) }
        #expect(throws: AttachmentProblem.tooMany(filename: "one-more.txt", limit: 10)) {
            try tray.add(Attachment(filename: "one-more.txt", bytes: Data("x".utf8)))
        }
    }

    @Test func filenamesFollowTheServerRules() {
        #expect(AttachmentLimits.checkFilename("Q3 report — final.pdf") == nil)
        #expect(AttachmentLimits.checkFilename("  padded.txt  ") == nil)
        for bad in ["", "   ", "a/b.txt", #"a\b.txt"#, #"say "hi".txt"#, "tab\there.txt", "zero\u{200B}width.txt",
                    "line\u{2028}sep.txt", String(repeating: "é", count: 128) + ".txt"] {
            #expect(AttachmentLimits.checkFilename(bad) != nil, "\(bad) should be refused")
        }
        #expect(AttachmentLimits.checkFilename(String(repeating: "a", count: 255)) == nil)
    }

    // MARK: Media type

    @Test func mediaTypeComesFromMagicBytesThenExtension() {
        #expect(MediaTypeGuess.mediaType(filename: "photo.bin", bytes: Self.png) == "image/png")
        #expect(MediaTypeGuess.mediaType(filename: "scan", bytes: Self.pdf) == "application/pdf")
        #expect(MediaTypeGuess.mediaType(filename: "jpeg.JPG", bytes: Data([0xFF, 0xD8, 0xFF, 0xE0])) == "image/jpeg")
        #expect(MediaTypeGuess.mediaType(filename: "notes.md", bytes: Data("# hi".utf8)) == "text/markdown")
        #expect(MediaTypeGuess.mediaType(filename: "blob", bytes: Data([1, 2, 3])) == "application/octet-stream")
        #expect(MediaTypeGuess.mediaType(filename: "anim.webp", bytes: Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) == "image/webp")
    }

    // MARK: The upload request

    @Test func theUploadIsRawBytesWithTypeEncodedNameAndKey() {
        let attachment = Attachment(filename: "Q3 report — final.pdf", bytes: Self.pdf)
        let request = AttachmentUploader.request(for: attachment, sessionID: S.sessionID)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/sessions/\(S.sessionID)/artifacts")
        #expect(request.body == Self.pdf)
        #expect(request.header("Content-Type") == "application/pdf")
        #expect(request.header("X-Filename") == "Q3%20report%20%E2%80%94%20final.pdf")
        #expect(request.header("Idempotency-Key") == attachment.idempotencyKey.rawValue)
    }

    @Test func aSuccessfulUploadReportsProgressAndTheArtifact() async throws {
        let stub = StubSender([.response(Self.uploaded("a1", name: "p.png", mediaType: "image/png", kind: "image"))])
        let progress = ProgressLog()
        let result = await AttachmentUploader(sender: stub.sender).upload(Attachment(filename: "p.png", bytes: Self.png),
                                                                    sessionID: S.sessionID) { await progress.add($0, $1) }
        guard case .uploaded(let view) = result else { Issue.record("got \(result)"); return }
        #expect(view.id == "a1")
        #expect(await progress.entries == [[0, Self.png.count], [Self.png.count, Self.png.count]])
    }

    /// The route missing is the framework's own 404 text (docs/wire/README.md §6.4); another 404 is the conversation.
    @Test func aServerWithoutTheRouteMarksTheFileNotAccepted() async {
        let stub = StubSender([.response(.apiError(404, "not_found", message: HistoryRoutes.unmatchedPathMessage))])
        let result = await AttachmentUploader(sender: stub.sender).upload(Attachment(filename: "p.png", bytes: Self.png),
                                                                    sessionID: S.sessionID)
        guard case .notAccepted(let why) = result else { Issue.record("got \(result)"); return }
        #expect(why.reason == "this server does not accept attachments")
    }

    @Test func tooLargeForTheServerIsNotAcceptedAndAServerErrorIsRetryable() async {
        let stub = StubSender([.response(S.errorResponse(413, code: "payload_too_large")),
                               .response(S.errorResponse(503, code: "artifact_storage_error"))])
        let uploader = AttachmentUploader(sender: stub.sender)
        let file = Attachment(filename: "p.png", bytes: Self.png)
        guard case .notAccepted = await uploader.upload(file, sessionID: S.sessionID) else {
            Issue.record("413 should be not accepted"); return
        }
        guard case .failed = await uploader.upload(file, sessionID: S.sessionID) else {
            Issue.record("503 should be failed"); return
        }
    }

    // MARK: The composer: upload on add, retry, removal

    @Test func addingAFileUploadsItAtOnce() async throws {
        let stub = StubSender([.response(Self.uploaded("a1", name: "p.png", mediaType: "image/png", kind: "image"))])
        let composer = AttachmentComposer(sessionID: S.sessionID, uploader: AttachmentUploader(sender: stub.sender))
        let added = try await composer.add(filename: "p.png", bytes: Self.png)
        #expect(added.artifact?.id == "a1")
        #expect(await stub.requests.count == 1)
    }

    @Test func aRefusedFileSendsNothing() async {
        let stub = StubSender([])
        let composer = AttachmentComposer(sessionID: S.sessionID, uploader: AttachmentUploader(sender: stub.sender))
        await #expect(throws: AttachmentProblem.self) { try await composer.add(filename: "a/b.png", bytes: Self.png) }
        await #expect(throws: AttachmentProblem.self) { try await composer.add(filename: "e.png", bytes: Data()) }
        #expect(await stub.requests.isEmpty)
        #expect(await composer.attachments.isEmpty)
    }

    @Test func retryReusesTheFilesIdempotencyKey() async throws {
        let stub = StubSender([.noAnswer, .response(Self.uploaded("a1", name: "r.pdf", mediaType: "application/pdf", kind: "pdf"))])
        let composer = AttachmentComposer(sessionID: S.sessionID, uploader: AttachmentUploader(sender: stub.sender))
        let first = try await composer.add(filename: "r.pdf", bytes: Self.pdf)
        guard case .failed = first.state else { Issue.record("expected failed, got \(first.state)"); return }
        let second = await composer.retry(first.id)
        #expect(second?.artifact?.id == "a1")
        let keys = await stub.requests.map { $0.header("Idempotency-Key") }
        #expect(keys.count == 2)
        #expect(keys[0] == keys[1])
        #expect(keys[0] == first.idempotencyKey.rawValue)
    }

    @Test func automaticResendsKeepTheSameKey() async throws {
        let stub = StubSender([.response(S.errorResponse(503, code: "internal_error")),
                               .response(Self.uploaded("a1", name: "r.pdf", mediaType: "application/pdf", kind: "pdf"))])
        let uploader = AttachmentUploader(sender: stub.sender, retry: RetryPolicy(maxAttempts: 2, jitter: .none))
        let result = await uploader.upload(Attachment(filename: "r.pdf", bytes: Self.pdf), sessionID: S.sessionID)
        guard case .uploaded = result else { Issue.record("got \(result)"); return }
        let keys = await stub.requests.map { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] == keys[1])
    }

    @Test func aRemovedFileIsGoneAndItsLateResultIgnored() throws {
        var tray = AttachmentTray()
        let file = try tray.add(Attachment(filename: "p.png", bytes: Self.png))
        #expect(tray.beginUpload(file.id) != nil)
        tray.remove(file.id)
        tray.finishUpload(file.id, with: .failed("late"))
        #expect(tray.attachments.isEmpty)
        #expect(throws: MessageContentProblem.empty) { try tray.messageContent(text: "") }
    }

    @Test func aSecondUploadOfTheSameFileWhileOneIsInFlightIsIgnored() throws {
        var tray = AttachmentTray()
        let file = try tray.add(Attachment(filename: "notes.txt", bytes: Data("twelve bytes".utf8)))
        #expect(tray.beginUpload(file.id) != nil)
        #expect(tray.beginUpload(file.id) == nil)
        tray.reportProgress(file.id, sentBytes: 6)
        #expect(tray[file.id]?.state == .uploading(sentBytes: 6, totalBytes: 12))
        #expect(tray[file.id]?.state.label == "uploading 6 of 12 bytes")
    }

    // MARK: Message content

    @Test func aMessageMayBeAttachmentsAloneWithImageBlocksForImages() async throws {
        let stub = StubSender([.response(Self.uploaded("img", name: "p.png", mediaType: "image/png", kind: "image")),
                               .response(Self.uploaded("doc", name: "r.pdf", mediaType: "application/pdf", kind: "pdf"))])
        let composer = AttachmentComposer(sessionID: S.sessionID, uploader: AttachmentUploader(sender: stub.sender))
        try await composer.add(filename: "p.png", bytes: Self.png)
        try await composer.add(filename: "r.pdf", bytes: Self.pdf)
        let content = try await composer.messageContent(text: "  ")
        #expect(content == [.image(artifactID: "img", mediaType: "image/png", detail: "auto", filename: "p.png"),
                            .file(artifactID: "doc", mediaType: "application/pdf", filename: "r.pdf")])
        let withText = try await composer.messageContent(text: "Summarise these.")
        #expect(withText.first == .text("Summarise these."))
        #expect(withText.count == 3)
    }

    @Test func theServersDetectedTypeDecidesTheBlock() {
        var file = Attachment(filename: "fake.png", bytes: Data("not an image".utf8), mediaType: "image/png")
        #expect(file.isImage)
        var tray = AttachmentTray()
        _ = try? tray.add(file)
        _ = tray.beginUpload(file.id)
        let body = #"{"id":"t","session_id":"s","name":"fake.png","media_type":"text/plain","sha256":"","size_bytes":12,"metadata":{"attachment":{"kind":"text"}},"created_at":"2026-01-01T00:00:00Z"}"#
        let view = try? WireJSON.decoder().decode(ArtifactView.self, from: Data(body.utf8))
        tray.finishUpload(file.id, with: .uploaded(view!))
        file = tray[file.id]!
        #expect(file.contentBlock == .file(artifactID: "t", mediaType: "text/plain", filename: "fake.png"))
    }

    @Test func aDraftWithUnfinishedOrRefusedFilesCannotBeSent() throws {
        var tray = AttachmentTray()
        let busy = try tray.add(Attachment(filename: "busy.png", bytes: Self.png))
        _ = tray.beginUpload(busy.id)
        #expect(throws: MessageContentProblem.stillUploading(["busy.png"])) { try tray.messageContent(text: "hi") }
        tray.finishUpload(busy.id, with: .notAccepted("this server does not accept attachments"))
        #expect(throws: MessageContentProblem.notUploaded(["busy.png"])) { try tray.messageContent(text: "hi") }
        tray.remove(busy.id)
        #expect(try tray.messageContent(text: "hi") == [.text("hi")])
    }
}

/// Collects progress reports.
actor ProgressLog {
    private(set) var entries: [[Int]] = []
    func add(_ sent: Int, _ total: Int) { entries.append([sent, total]) }
}
