import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// The attachments of the message being written in one conversation: each
/// file uploads as soon as it is added, can be retried (same key) or removed,
/// and the message content is built from the uploads.
public actor AttachmentComposer {
    public nonisolated let sessionID: String
    private let uploader: AttachmentUploader
    private var tray: AttachmentTray
    private let onChange: @Sendable (Attachment) -> Void
    /// The request of each file being sent now, so removing the file cancels it.
    private var inFlight: [UUID: Task<AttachmentUploadResult, Never>] = [:]

    /// - Parameter onChange: hears every state change of a file (queued, progress, result).
    public init(sessionID: String, uploader: AttachmentUploader, limits: AttachmentLimits = .standard,
                onChange: @escaping @Sendable (Attachment) -> Void = { _ in }) {
        self.sessionID = sessionID
        self.uploader = uploader
        self.tray = AttachmentTray(limits: limits)
        self.onChange = onChange
    }

    public var attachments: [Attachment] { tray.attachments }

    /// Puts a kept draft's files back (after a relaunch), uploaded as they were; a file already in
    /// the tray (the same artifact) or one the limits refuse now is left out. Returns the tray.
    @discardableResult
    public func restore(_ files: [Draft.File]) -> [Attachment] {
        let present = Set(tray.attachments.compactMap { $0.artifact?.id })
        for file in files where !present.contains(file.artifactID) {
            _ = try? tray.add(Attachment(restoring: file, sessionID: sessionID))
        }
        return tray.attachments
    }

    public subscript(id: UUID) -> Attachment? { tray[id] }

    /// Adds a file and uploads it at once. An image is first made ready
    /// (`AttachmentPreparation`: re-encoded without its location unless a
    /// small PNG, GIF or WebP). Throws (before sending anything) when a limit
    /// or filename rule refuses it, or when it is an image that does not
    /// decode; otherwise returns the file in its final state (uploaded, failed
    /// or not accepted).
    @discardableResult
    public func add(filename: String, bytes: Data, mediaType: String? = nil) async throws(AttachmentProblem) -> Attachment {
        if let problem = AttachmentLimits.checkFilename(filename) { throw problem }
        let prepared = try await Self.prepared(filename: filename, bytes: bytes, mediaType: mediaType)
        let added = try tray.add(prepared)
        onChange(added)
        return await upload(added.id) ?? added
    }

    /// Decoding a photo takes a while: it runs on the global executor, never on this actor.
    private nonisolated static func prepared(filename: String, bytes: Data,
                                             mediaType: String?) async throws(AttachmentProblem) -> Attachment {
        try AttachmentPreparation.prepare(filename: filename, bytes: bytes, mediaType: mediaType)
    }

    /// Reads a file from disk (refusing one over a limit before reading it) and adds it.
    @discardableResult
    public func addFile(at url: URL) async throws(AttachmentProblem) -> Attachment {
        let name = url.lastPathComponent
        switch Self.inspect(url) {
        case .failure(let problem): throw problem
        case .success(let found):
            if let problem = tray.problem(adding: name, size: found.size, isImage: found.isImage,
                                          reencoded: found.reencoded) { throw problem }
        }
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch { throw .unreadable(path: url.path, why: error.localizedDescription) }
        return try await add(filename: name, bytes: bytes)
    }

    /// What refuses the file at `url` on its own before anything is sent (its
    /// name, its size, a folder, an unreadable path), or nil.
    public static func problem(withFileAt url: URL, limits: AttachmentLimits = .standard) -> AttachmentProblem? {
        problems(withFilesAt: [url], limits: limits).first
    }

    /// Every file of one message checked as the tray would take them, in
    /// order: each on its own, then the count and the total so far. A caller
    /// checks them all this way before it creates a conversation for them.
    public static func problems(withFilesAt urls: [URL], limits: AttachmentLimits = .standard) -> [AttachmentProblem] {
        var sizes: [Int] = []
        var problems: [AttachmentProblem] = []
        for url in urls {
            switch inspect(url) {
            case .failure(let problem): problems.append(problem)
            case .success(let found):
                if let problem = limits.check(adding: url.lastPathComponent, size: found.size, isImage: found.isImage,
                                              reencoded: found.reencoded, to: sizes) {
                    problems.append(problem)
                } else {
                    sizes.append(found.reencoded ? 0 : found.size)
                }
            }
        }
        return problems
    }

    /// The file's size, whether it is an image (from its first bytes, then its
    /// name) and whether it will be re-encoded (a photo: its size on disk is
    /// not what is sent), without reading the rest of it.
    private static func inspect(_ url: URL) -> Result<(size: Int, isImage: Bool, reencoded: Bool), AttachmentProblem> {
        let name = url.lastPathComponent
        if let problem = AttachmentLimits.checkFilename(name) { return .failure(problem) }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            return .failure(.unreadable(path: url.path, why: error.localizedDescription))
        }
        guard attributes[.type] as? FileAttributeType != .typeDirectory else {
            return .failure(.unreadable(path: url.path, why: "it is a folder"))
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            return .failure(.unreadable(path: url.path, why: "it cannot be read"))
        }
        let head = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 16)
        } ?? Data()
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        return .success((size, MediaTypeGuess.isImage(MediaTypeGuess.mediaType(filename: name, bytes: head)),
                         AttachmentPreparation.alwaysReencodes(head)))
    }

    /// Sends a failed file again with its original idempotency key. A file
    /// not accepted, uploaded or still uploading is left as it is (and returned).
    @discardableResult
    public func retry(_ id: UUID) async -> Attachment? {
        await upload(id) ?? tray[id]
    }

    /// Drops a file. One still uploading has its request cancelled (the
    /// transport stops sending its bytes), and whatever answer still comes for
    /// it changes nothing.
    public func remove(_ id: UUID) {
        tray.remove(id)
        inFlight.removeValue(forKey: id)?.cancel()
    }

    /// The content for the next message (text first, then the uploads).
    public func messageContent(text: String) throws(MessageContentProblem) -> [ContentBlock] {
        try tray.messageContent(text: text)
    }

    /// Forgets the files once their message was accepted.
    public func clear() { tray.clear() }

    private func upload(_ id: UUID) async -> Attachment? {
        guard let attachment = tray.beginUpload(id) else { return nil }
        onChange(attachment)
        // The request runs in a task of its own, kept by file, so `remove` can cancel it while
        // this call waits; cancelling the caller cancels it too.
        let uploader = uploader, sessionID = sessionID
        let request = Task {
            await uploader.upload(attachment, sessionID: sessionID) { sent, _ in await self.progress(id, sent: sent) }
        }
        inFlight[id] = request
        let result = await withTaskCancellationHandler { await request.value } onCancel: { request.cancel() }
        inFlight[id] = nil
        tray.finishUpload(id, with: result)
        guard let finished = tray[id] else { return nil }  // removed while uploading
        onChange(finished)
        return finished
    }

    private func progress(_ id: UUID, sent: Int) {
        guard tray.reportProgress(id, sentBytes: sent), let current = tray[id] else { return }
        onChange(current)
    }
}

extension ChatAPI {
    /// An uploader over this API's sender, with its retry policy.
    public var attachmentUploader: AttachmentUploader {
        AttachmentUploader(sender: sender, retry: retry)
    }

    /// A composer for the next message of `sessionID`.
    public func attachmentComposer(sessionID: String,
                                   onChange: @escaping @Sendable (Attachment) -> Void = { _ in }) -> AttachmentComposer {
        AttachmentComposer(sessionID: sessionID, uploader: attachmentUploader, onChange: onChange)
    }
}
