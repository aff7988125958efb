import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// Where one file stands on its way to the server.
public enum AttachmentState: Sendable, Hashable {
    case queued
    /// Bytes handed to the connection so far, as the transport reports them.
    case uploading(sentBytes: Int, totalBytes: Int)
    case uploaded(ArtifactView)
    /// Not stored this time (no answer, a busy or full server); the file stays
    /// and a retry sends it again with the same key.
    case failed(AttachmentFailure)
    /// Refused for this file on this server (no upload route, too large, a
    /// closed conversation): sending it again would not help, only removing it.
    case notAccepted(AttachmentFailure)

    public var label: String {
        switch self {
        case .queued: "queued"
        case .uploading(let sent, let total): total > 0 ? "uploading \(ByteSize.progress(sent, of: total))" : "uploading"
        case .uploaded: "uploaded"
        case .failed(let why): "failed: \(why)"
        case .notAccepted(let why): "not accepted: \(why)"
        }
    }

    /// What went wrong, for a failed or refused file.
    public var failure: AttachmentFailure? {
        switch self {
        case .failed(let failure), .notAccepted(let failure): failure
        default: nil
        }
    }

    /// Only a failed file is worth sending again.
    public var canRetry: Bool { if case .failed = self { true } else { false } }

    public var isInFlight: Bool {
        switch self {
        case .queued, .uploading: true
        default: false
        }
    }
}

/// One file added to a message draft. Its idempotency key is minted when the
/// file is added and reused on every retry, so the server stores it once.
public struct Attachment: Sendable, Equatable, Identifiable {
    public let id: UUID
    /// Trimmed, as the server will store it.
    public let filename: String
    /// The guess sent as `Content-Type`; the server's detected type wins once uploaded.
    public let mediaType: String
    public let bytes: Data
    public let idempotencyKey: IdempotencyKey
    /// What was done to the file before upload, in words for the tray and the
    /// CLI (`AttachmentPreparation.reencodedNotice`); nil when it goes as it was.
    public let notice: String?
    public internal(set) var state: AttachmentState = .queued
    /// The size a kept draft recorded, for a file restored without its bytes.
    private let recordedSize: Int?

    public init(filename: String, bytes: Data, mediaType: String? = nil, id: UUID = UUID(),
                idempotencyKey: IdempotencyKey = IdempotencyKey(), notice: String? = nil) {
        self.id = id
        self.filename = filename.trimmingCharacters(in: .whitespacesAndNewlines)
        self.bytes = bytes
        self.mediaType = mediaType ?? MediaTypeGuess.mediaType(filename: filename, bytes: bytes)
        self.idempotencyKey = idempotencyKey
        self.notice = notice
        recordedSize = nil
    }

    /// A file of a kept draft (`Draft.File`), back in the tray after a relaunch: already uploaded to
    /// `sessionID`, so it comes back `uploaded`, without its bytes (the server holds them; it is
    /// never sent again), and goes with the next message as any upload does.
    public init(restoring file: Draft.File, sessionID: String) {
        id = UUID()
        filename = file.filename
        bytes = Data()
        mediaType = file.mediaType
        idempotencyKey = IdempotencyKey()
        notice = file.notice
        recordedSize = file.sizeBytes
        state = .uploaded(ArtifactView(id: file.artifactID, sessionID: sessionID, name: file.filename,
                                       mediaType: file.mediaType, sha256: "", sizeBytes: Int64(file.sizeBytes),
                                       createdAt: Timestamp("")))
    }

    public var size: Int { recordedSize ?? bytes.count }

    public var artifact: ArtifactView? {
        if case .uploaded(let view) = state { view } else { nil }
    }

    /// Images go in `image` blocks, judged by the server's detected type once known.
    public var isImage: Bool {
        if let artifact { return artifact.attachmentKind == "image" || MediaTypeGuess.isImage(artifact.mediaType) }
        return MediaTypeGuess.isImage(mediaType)
    }

    /// The message block naming the upload; nil until uploaded.
    public var contentBlock: ContentBlock? {
        guard let artifact else { return nil }
        if isImage {
            return .image(artifactID: artifact.id, mediaType: artifact.mediaType, detail: "auto", filename: artifact.name)
        }
        return .file(artifactID: artifact.id, mediaType: artifact.mediaType, filename: artifact.name)
    }
}
