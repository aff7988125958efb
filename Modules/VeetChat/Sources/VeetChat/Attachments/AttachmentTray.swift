import Foundation
import VeetTransport
import VeetWire

/// Why a draft cannot be sent yet.
public enum MessageContentProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case stillUploading([String])
    case notUploaded([String])

    public var description: String {
        switch self {
        case .empty: "Write a message or attach a file first."
        case .stillUploading(let names): "Wait until these finish uploading: \(names.joined(separator: ", "))."
        case .notUploaded(let names):
            "These files are not on the server; retry or remove them: \(names.joined(separator: ", "))."
        }
    }
}

/// The attachments of one message draft, as pure state: limits are checked
/// when a file is added, and the message content is built from the uploads.
public struct AttachmentTray: Sendable, Equatable {
    public let limits: AttachmentLimits
    public private(set) var attachments: [Attachment] = []

    public init(limits: AttachmentLimits = .standard) {
        self.limits = limits
    }

    public subscript(id: UUID) -> Attachment? { attachments.first { $0.id == id } }

    /// Adds a file as `queued` after the limits and filename rules; nothing is
    /// sent for a refused file, and the files already there stay as they were.
    public mutating func add(_ attachment: Attachment) throws(AttachmentProblem) -> Attachment {
        if let problem = limits.check(adding: attachment.filename, size: attachment.size, isImage: attachment.isImage,
                                      to: attachments.map(\.size)) { throw problem }
        attachments.append(attachment)
        return attachment
    }

    /// What refusing a file of this name and size would say now, or nil
    /// (checked before reading it; `reencoded`: an image whose size on disk is not what is sent).
    public func problem(adding filename: String, size: Int, isImage: Bool, reencoded: Bool = false) -> AttachmentProblem? {
        limits.check(adding: filename, size: size, isImage: isImage, reencoded: reencoded, to: attachments.map(\.size))
    }

    /// Drops a file; a late upload answer for it is then ignored. (Unclaimed
    /// uploads expire on the server after 24 hours; there is no delete route.)
    public mutating func remove(_ id: UUID) {
        attachments.removeAll { $0.id == id }
    }

    /// Marks a queued or failed file as uploading and returns it; nil when
    /// there is nothing to send (already uploading, uploaded, refused or removed).
    public mutating func beginUpload(_ id: UUID) -> Attachment? {
        guard let index = attachments.firstIndex(where: { $0.id == id }) else { return nil }
        switch attachments[index].state {
        case .queued, .failed:
            attachments[index].state = .uploading(sentBytes: 0, totalBytes: attachments[index].size)
            return attachments[index]
        default:
            return nil
        }
    }

    /// Moves an uploading file's progress forward; false when nothing changed
    /// (reports may arrive out of order or late, and progress never goes back).
    @discardableResult
    public mutating func reportProgress(_ id: UUID, sentBytes: Int) -> Bool {
        guard let index = attachments.firstIndex(where: { $0.id == id }),
              case .uploading(let before, let total) = attachments[index].state else { return false }
        let sent = min(sentBytes, total)
        guard sent > before else { return false }
        attachments[index].state = .uploading(sentBytes: sent, totalBytes: total)
        return true
    }

    public mutating func finishUpload(_ id: UUID, with result: AttachmentUploadResult) {
        guard let index = attachments.firstIndex(where: { $0.id == id }),
              case .uploading = attachments[index].state else { return }
        switch result {
        case .uploaded(let view): attachments[index].state = .uploaded(view)
        case .failed(let why): attachments[index].state = .failed(why)
        case .notAccepted(let why): attachments[index].state = .notAccepted(why)
        }
    }

    /// The message content: the text (when not blank) then one block per
    /// upload, `image` for images and `file` for the rest. Attachments alone
    /// make a valid message; every file must be uploaded first.
    public func messageContent(text: String) throws(MessageContentProblem) -> [ContentBlock] {
        if let problem = Self.problem(sending: attachments, text: text) { throw problem }
        var blocks: [ContentBlock] = []
        if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { blocks.append(.text(text)) }
        blocks += attachments.compactMap(\.contentBlock)
        if blocks.isEmpty { throw .empty }
        return blocks
    }

    /// Why `text` with `attachments` cannot be sent now, or nil: nothing to
    /// send, a file still uploading, a file not on the server. A screen asks
    /// this before it takes the draft away, so a refusal loses nothing.
    public static func problem(sending attachments: [Attachment], text: String) -> MessageContentProblem? {
        let busy = attachments.filter(\.state.isInFlight)
        if !busy.isEmpty { return .stillUploading(busy.map(\.filename)) }
        let missing = attachments.filter { $0.artifact == nil }
        if !missing.isEmpty { return .notUploaded(missing.map(\.filename)) }
        if attachments.isEmpty, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .empty }
        return nil
    }

    /// After the message was accepted the uploads belong to it.
    public mutating func clear() { attachments = [] }
}
