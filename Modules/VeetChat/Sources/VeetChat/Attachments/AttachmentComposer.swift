import Foundation
import VeetTransport
import VeetWire

/// The attachments of the message being written in one conversation: each
/// file uploads as soon as it is added, can be retried (same key) or removed,
/// and the message content is built from the uploads.
public actor AttachmentComposer {
    public let sessionID: String
    private let uploader: AttachmentUploader
    private var tray: AttachmentTray
    private let onChange: @Sendable (Attachment) -> Void

    /// - Parameter onChange: hears every state change of a file (queued, progress, result).
    public init(sessionID: String, uploader: AttachmentUploader, limits: AttachmentLimits = .standard,
                onChange: @escaping @Sendable (Attachment) -> Void = { _ in }) {
        self.sessionID = sessionID
        self.uploader = uploader
        self.tray = AttachmentTray(limits: limits)
        self.onChange = onChange
    }

    public var attachments: [Attachment] { tray.attachments }

    public subscript(id: UUID) -> Attachment? { tray[id] }

    /// Adds a file and uploads it at once. Throws (before sending anything)
    /// when a limit or filename rule refuses it; otherwise returns the file in
    /// its final state (uploaded, failed or not accepted).
    @discardableResult
    public func add(filename: String, bytes: Data, mediaType: String? = nil) async throws(AttachmentProblem) -> Attachment {
        let added = try tray.add(Attachment(filename: filename, bytes: bytes, mediaType: mediaType))
        onChange(added)
        return await upload(added.id) ?? added
    }

    /// Reads a file from disk (refusing one over the size limit before reading it) and adds it.
    @discardableResult
    public func addFile(at url: URL) async throws(AttachmentProblem) -> Attachment {
        let name = url.lastPathComponent
        if let problem = Self.problem(withFileAt: url, limits: tray.limits) { throw problem }
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch { throw .unreadable(path: url.path, why: error.localizedDescription) }
        return try await add(filename: name, bytes: bytes)
    }

    /// What refuses the file at `url` before anything is sent (its name, its
    /// size, a folder, an unreadable path), or nil: a caller checks every file
    /// this way before it creates a conversation for them.
    public static func problem(withFileAt url: URL, limits: AttachmentLimits = .standard) -> AttachmentProblem? {
        let name = url.lastPathComponent
        if let problem = AttachmentLimits.checkFilename(name) { return problem }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            return .unreadable(path: url.path, why: error.localizedDescription)
        }
        guard attributes[.type] as? FileAttributeType != .typeDirectory else {
            return .unreadable(path: url.path, why: "it is a folder")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            return .unreadable(path: url.path, why: "it cannot be read")
        }
        return limits.check(filename: name, size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
    }

    /// Sends a failed file again with its original idempotency key.
    @discardableResult
    public func retry(_ id: UUID) async -> Attachment? {
        await upload(id) ?? tray[id]
    }

    public func remove(_ id: UUID) {
        tray.remove(id)
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
        let result = await uploader.upload(attachment, sessionID: sessionID) { sent, _ in
            await self.progress(id, sent: sent)
        }
        tray.finishUpload(id, with: result)
        guard let finished = tray[id] else { return nil }  // removed while uploading
        onChange(finished)
        return finished
    }

    private func progress(_ id: UUID, sent: Int) {
        tray.reportProgress(id, sentBytes: sent)
        if let current = tray[id] { onChange(current) }
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
