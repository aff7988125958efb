import Foundation
import VeetTransport
import VeetWire

/// What one upload attempt led to.
public enum AttachmentUploadResult: Sendable, Hashable {
    case uploaded(ArtifactView)
    /// Worth retrying (no answer, rate limit, server error, sign-in needed).
    case failed(String)
    /// Refused for good for this file on this server.
    case notAccepted(String)
}

/// Sends one file to `POST /v1/sessions/{id}/artifacts` as raw bytes.
public struct AttachmentUploader: Sendable {
    public let sender: HTTPRequestSender
    /// Automatic resends after no answer, 429 or 5xx, with the same key
    /// (waiting through the sender's sleeper).
    public var retry: RetryPolicy

    public init(sender: HTTPRequestSender, retry: RetryPolicy = .never) {
        self.sender = sender
        self.retry = retry
    }

    /// The request for one file: the bytes as the body, the guessed type as
    /// `Content-Type`, the name percent-encoded as UTF-8 in `X-Filename`, and
    /// the file's own idempotency key.
    public static func request(for attachment: Attachment, sessionID: String) -> HTTPRequest {
        HTTPRequest(method: "POST", path: "/v1/sessions/\(segment: sessionID)/artifacts",
                    headers: [
                        "Content-Type": attachment.mediaType,
                        "X-Filename": encodeFilename(attachment.filename),
                        "Idempotency-Key": attachment.idempotencyKey.rawValue,
                    ],
                    body: attachment.bytes)
    }

    /// Every byte outside the unreserved set is percent-encoded.
    public static func encodeFilename(_ name: String) -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name
    }

    /// Uploads `attachment`. `progress` hears (sent, total): 0 before the body
    /// goes out and the total once the server has it.
    public func upload(_ attachment: Attachment, sessionID: String,
                       progress: @Sendable (Int, Int) async -> Void = { _, _ in }) async -> AttachmentUploadResult {
        await progress(0, attachment.size)
        let result: AttachmentUploadResult
        do {
            let response = try await sender.sendRetrying(Self.request(for: attachment, sessionID: sessionID),
                                                         idempotencyKey: attachment.idempotencyKey, policy: retry)
            result = Self.interpret(response)
        } catch {
            result = .failed(String(describing: error))
        }
        if case .uploaded = result { await progress(attachment.size, attachment.size) }
        return result
    }

    /// Maps the answer (sessions-runs.md §6.3). A 404 means the server has no
    /// upload route (or no such conversation): the file is not accepted.
    public static func interpret(_ response: HTTPResponse) -> AttachmentUploadResult {
        if response.isSuccess {
            do {
                return .uploaded(try response.decoded(as: ArtifactView.self))
            } catch {
                return .failed(String(describing: error))
            }
        }
        let error = APIError(response: response)
        switch response.status {
        case 404, 405, 501: return .notAccepted("this server does not accept attachments")
        case 413: return .notAccepted("the file is larger than this server accepts")
        case 409: return .notAccepted(ChatConflict.from(error, subject: .file)?.phrase ?? error.description)
        case 400, 415, 422: return .notAccepted(error.description)
        default: return .failed(error.description)
        }
    }
}
