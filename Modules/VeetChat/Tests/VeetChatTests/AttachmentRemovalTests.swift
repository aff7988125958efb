import Foundation
import Synchronization
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// A file taken off the draft while its upload is still going: the request is
/// cancelled, the file is gone at once, and an answer that still comes changes nothing.
struct AttachmentRemovalTests {
    typealias S = ChatServiceSamples

    /// A composer whose one file is being sent: its route holds the request.
    struct Sending {
        let upload: HeldUpload
        let heard = ChangeLog()
        let composer: AttachmentComposer
        let adding: Task<VeetChat.Attachment, Error>
        let file: VeetChat.Attachment

        init(honoursCancellation: Bool) async throws {
            let upload = HeldUpload(honoursCancellation: honoursCancellation)
            let log = heard
            let composer = AttachmentComposer(sessionID: S.sessionID, uploader: AttachmentUploader(sender: upload.sender)) {
                log.add($0)
            }
            self.upload = upload
            self.composer = composer
            adding = Task { try await composer.add(filename: "report.pdf", bytes: AttachmentTests.pdf) }
            #expect(await upload.waitForRequests(1), "the upload never started")
            file = try #require(await composer.attachments.first)
        }
    }

    @Test func removingAFileWhileItUploadsCancelsItsRequest() async throws {
        let sending = try await Sending(honoursCancellation: true)
        let (upload, heard, composer, adding, file) = (sending.upload, sending.heard, sending.composer, sending.adding, sending.file)
        #expect(file.state.isInFlight)

        await composer.remove(file.id)
        let heardAtRemoval = heard.count
        #expect(await composer.attachments.isEmpty)
        let cancelled = await upload.waitForCancellations(1)
        #expect(cancelled, "the request was not cancelled")
        if !cancelled { await upload.answer(HTTPResponse(status: 500)) }  // lets the test end either way
        _ = try await adding.value
        #expect(await composer.attachments.isEmpty)
        #expect(await composer[file.id] == nil)
        await #expect(throws: MessageContentProblem.empty) { try await composer.messageContent(text: "") }
        #expect(heard.count == heardAtRemoval, "the cancelled request's end was reported")
        #expect(await upload.requests == 1)
    }

    /// A sender that answers anyway (the bytes were already there): the answer is dropped and never reported.
    @Test func aLateAnswerForARemovedFileChangesNothing() async throws {
        let sending = try await Sending(honoursCancellation: false)
        let (upload, heard, composer, adding, file) = (sending.upload, sending.heard, sending.composer, sending.adding, sending.file)
        await composer.remove(file.id)
        let heardAtRemoval = heard.count
        await upload.answer(AttachmentTests.uploaded("late", name: "report.pdf", mediaType: "application/pdf", kind: "pdf"))
        _ = try await adding.value
        #expect(await composer.attachments.isEmpty)
        #expect(heard.count == heardAtRemoval, "a removed file's answer was reported: \(heard.all.last.map { "\($0.state)" } ?? "")")
        #expect(try await composer.messageContent(text: "hi") == [.text("hi")])
    }

    /// The other files keep uploading: removing one cancels only its own request.
    @Test func removingOneFileLeavesTheOthersUploading() async throws {
        let upload = HeldUpload(honoursCancellation: true)
        let composer = AttachmentComposer(sessionID: S.sessionID, uploader: AttachmentUploader(sender: upload.sender))
        let adding = Task { try await composer.add(filename: "a.pdf", bytes: AttachmentTests.pdf) }
        #expect(await upload.waitForRequests(1))
        let addingSecond = Task { try await composer.add(filename: "b.pdf", bytes: AttachmentTests.pdf) }
        #expect(await upload.waitForRequests(2))
        let files = await composer.attachments
        try #require(files.count == 2)
        await composer.remove(files[0].id)
        let cancelled = await upload.waitForCancellations(1)
        #expect(cancelled, "the removed file's request was not cancelled")
        if !cancelled { await upload.answer(HTTPResponse(status: 500)) }
        await upload.answer(AttachmentTests.uploaded("b1", name: "b.pdf", mediaType: "application/pdf", kind: "pdf"))
        _ = try await adding.value
        let second = try await addingSecond.value
        #expect(second.artifact?.id == "b1")
        #expect(await composer.attachments.map(\.filename) == ["b.pdf"])
    }
}

/// An upload route that holds every request until told to answer; a request
/// whose task is cancelled ends with the transport's cancellation error (when
/// `honoursCancellation`), as the real transport does.
actor HeldUpload {
    let honoursCancellation: Bool
    private(set) var requests = 0
    private(set) var cancelledCount = 0
    private var waiting: [(ticket: Int, continuation: CheckedContinuation<HTTPResponse?, Never>)] = []
    private var cancelledTickets: Set<Int> = []

    init(honoursCancellation: Bool) { self.honoursCancellation = honoursCancellation }

    nonisolated var sender: HTTPRequestSender {
        HTTPRequestSender(send: { _ in try await self.hold() }, sleeper: { _ in })
    }

    private func hold() async throws -> HTTPResponse {
        requests += 1
        let ticket = requests
        let answer: HTTPResponse? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if cancelledTickets.contains(ticket) {
                    continuation.resume(returning: nil)
                } else {
                    waiting.append((ticket, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancel(ticket) }
        }
        guard let answer else {
            cancelledCount += 1
            throw TransportError(.cancelled, "held upload cancelled")
        }
        return answer
    }

    private func cancel(_ ticket: Int) {
        guard honoursCancellation else { return }
        cancelledTickets.insert(ticket)
        guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
        waiting.remove(at: index).continuation.resume(returning: nil)
    }

    /// Answers the oldest request still held.
    func answer(_ response: HTTPResponse) {
        guard !waiting.isEmpty else { return }
        waiting.removeFirst().continuation.resume(returning: response)
    }

    /// True once `count` requests arrived (waits up to five seconds).
    func waitForRequests(_ count: Int) async -> Bool { await poll { $0.requests >= count } }

    /// True once `count` requests ended cancelled (waits up to five seconds).
    func waitForCancellations(_ count: Int) async -> Bool { await poll { $0.cancelledCount >= count } }

    private func poll(_ condition: (isolated HeldUpload) -> Bool) async -> Bool {
        for _ in 0..<1000 {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(self)
    }
}

/// Every change a composer reported, in order.
final class ChangeLog: Sendable {
    private let changes = Mutex<[VeetChat.Attachment]>([])

    func add(_ attachment: VeetChat.Attachment) { changes.withLock { $0.append(attachment) } }
    var all: [VeetChat.Attachment] { changes.withLock { $0 } }
    var count: Int { all.count }
}
