import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport
import VeetWire

/// Uploads against the in-process reference server.
@Suite(.serialized) struct AttachmentLiveTests {
    /// The raw request reaches the server with our Content-Type (not the JSON default) and headers,
    /// whether or not the server has the route.
    @Test func theRealClientSendsTheFilesOwnHeaders() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let session = try await live.api.createSession()
        let composer = live.api.attachmentComposer(sessionID: session.id)
        _ = try await composer.add(filename: "Q3 report — final.pdf", bytes: AttachmentTests.pdf)
        let upload = try #require(live.server.recordedRequests.last { $0.path.hasSuffix("/artifacts") })
        #expect(upload.method == "POST")
        #expect(upload.headers["content-type"] == "application/pdf")
        #expect(upload.headers["x-filename"] == "Q3%20report%20%E2%80%94%20final.pdf")
        #expect(upload.headers["idempotency-key"]?.isEmpty == false)
    }

    /// Needs the fixture's upload route (`FixtureOptions.uploads`, added by the "fixture2" helper).
    @Test func anUploadIsStoredAndAMessageMayCarryItAlone() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let session = try await live.api.createSession()
        let composer = live.api.attachmentComposer(sessionID: session.id)
        let file = try await composer.add(filename: "p.png", bytes: AttachmentTests.png)
        let view = try #require(file.artifact, "state: \(file.state)")
        #expect(view.sessionID == session.id)
        #expect(view.runID == nil)
        #expect(view.mediaType == "image/png")
        let content = try await composer.messageContent(text: "")
        #expect(content == [.image(artifactID: view.id, mediaType: "image/png", detail: "auto", filename: "p.png")])
        // The same intent sent again (same key) is answered with the same artifact.
        let again = try await live.api.sender.send(AttachmentUploader.request(for: file, sessionID: session.id))
        #expect(again.status == 200)
        #expect(try again.decoded(as: ArtifactView.self).id == view.id)
        let outcome = try await live.api.submit(sessionID: session.id, content: content, key: IdempotencyKey())
        guard case .accepted = outcome else { Issue.record("got \(outcome)"); return }
    }

    /// Needs the fixture's `uploads` switch: a server without the route marks each file "not accepted".
    @Test func aServerWithoutTheRouteMarksEachFileNotAccepted() async throws {
        var options = FixtureOptions.testing
        options.uploads = false
        let live = try LiveFixture(options: options)
        defer { live.stop() }
        let session = try await live.api.createSession()
        let composer = live.api.attachmentComposer(sessionID: session.id)
        let first = try await composer.add(filename: "p.png", bytes: AttachmentTests.png)
        let second = try await composer.add(filename: "r.pdf", bytes: AttachmentTests.pdf)
        for file in [first, second] {
            guard case .notAccepted(let why) = file.state else { Issue.record("got \(file.state)"); continue }
            #expect(why.reason == "this server does not accept attachments")
            #expect(why.status == 404 && why.code == "not_found")
        }
    }

    /// A file removed while a slow server is still taking it: the real transport stops half way and
    /// the server stores nothing (its key is still new to the server afterwards). Needs the
    /// fixture's `uploadDelay`.
    @Test func aFileRemovedHalfSentIsNeverStored() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let session = try await live.api.createSession()
        live.server.updateFaults { $0.uploadDelay = 1 }
        let composer = AttachmentComposer(sessionID: session.id, uploader: live.api.attachmentUploader, limits: .server)
        // Larger than what the loopback's socket buffers hold, so the body is still going when it is removed.
        let bytes = Data(repeating: UInt8(ascii: "a"), count: 24 * 1_048_576)
        let adding = Task { try await composer.add(filename: "big.txt", bytes: bytes) }
        var file: VeetChat.Attachment?
        for _ in 0..<1000 {
            if let first = await composer.attachments.first, case .uploading(let sent, _) = first.state, sent > 0 {
                file = first
                break
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        let sending = try #require(file, "the body never started going")
        await composer.remove(sending.id)
        _ = try await adding.value
        #expect(await composer.attachments.isEmpty)
        // Past the server's wait: the cut body was read and refused by now.
        try await Task.sleep(for: .milliseconds(1500))
        live.server.updateFaults { $0.uploadDelay = 0 }
        // A small file under the removed one's key: new to the server (201) unless the big one was stored (409).
        let probe = VeetChat.Attachment(filename: "big.txt", bytes: Data("probe".utf8), idempotencyKey: sending.idempotencyKey)
        let again = try await live.api.sender.send(AttachmentUploader.request(for: probe, sessionID: session.id))
        #expect(again.status == 201, "the removed file was stored: \(again.status)")
    }
}
