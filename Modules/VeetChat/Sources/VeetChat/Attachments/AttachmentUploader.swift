import Foundation
import VeetTransport
import VeetWire

/// What one upload attempt led to.
public enum AttachmentUploadResult: Sendable, Hashable {
    case uploaded(ArtifactView)
    /// Worth retrying (no answer, rate limit, server error, sign-in needed).
    case failed(AttachmentFailure)
    /// Refused for good for this file on this server.
    case notAccepted(AttachmentFailure)
}

/// Sends one file to `POST /v1/sessions/{id}/artifacts` as raw bytes.
public struct AttachmentUploader: Sendable {
    public let sender: HTTPRequestSender
    /// Automatic resends after no answer or a 5xx, with the same key (waiting
    /// through the sender's sleeper). An answer with `Retry-After` (a 429, a
    /// busy 503) is not waited out: the file is marked failed with the wait
    /// the server asked for, and the person retries it.
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
    /// goes out, then what the transport reports as the body is written
    /// (`HTTPUploadProgress`), and the total once the server has it.
    public func upload(_ attachment: Attachment, sessionID: String,
                       progress: @escaping @Sendable (Int, Int) async -> Void = { _, _ in }) async -> AttachmentUploadResult {
        await progress(0, attachment.size)
        let request = Self.request(for: attachment, sessionID: sessionID)
        let total = attachment.size
        let reporter = HTTPUploadProgress { sent in Task { await progress(min(sent, total), total) } }
        var attempt = 1
        while true {
            let result: AttachmentUploadResult
            let wait: Duration
            do {
                let response = try await HTTPUploadProgress.$current.withValue(reporter) { try await sender.send(request) }
                result = Self.interpret(response)
                guard attempt < retry.maxAttempts, (500...599).contains(response.status),
                      response.header("retry-after") == nil else {
                    if case .uploaded = result { await progress(total, total) }
                    return result
                }
                wait = retry.delay(forAttempt: attempt)
            } catch {
                guard attempt < retry.maxAttempts, retry.shouldRetry(error: error) else {
                    return .failed(AttachmentFailure(reason: String(describing: error)))
                }
                wait = retry.delay(forAttempt: attempt)
            }
            do { try await sender.sleeper(wait) } catch { return .failed(AttachmentFailure(reason: "Cancelled.")) }
            if Task.isCancelled { return .failed(AttachmentFailure(reason: "Cancelled.")) }
            attempt += 1
        }
    }

    /// Maps the answer (docs/wire/sessions-runs.md §6.3), keeping the server's code,
    /// details and `Retry-After`. A missing route (the framework's own 404 or
    /// unsupported-method texts, `HistoryRoutes`) means this server takes no
    /// uploads; a 404 of the route itself means the conversation is gone.
    public static func interpret(_ response: HTTPResponse) -> AttachmentUploadResult {
        if response.isSuccess {
            do {
                return .uploaded(try response.decoded(as: ArtifactView.self))
            } catch {
                return .failed(AttachmentFailure(reason: String(describing: error), status: response.status))
            }
        }
        let error = APIError(response: response)
        if HistoryRoutes.meansRouteUnavailable(error) || response.status == 501 {
            return .notAccepted(AttachmentFailure(error, reason: noUploadsReason))
        }
        switch response.status {
        case 404: return .notAccepted(AttachmentFailure(error, reason: "this conversation is not on the server"))
        case 413: return .notAccepted(AttachmentFailure(error, reason: "the file is larger than this server accepts"))
        case 409:
            let reason = ChatConflict.from(error, subject: .file)?.phrase
                ?? (error.code == .invalidStateTransition ? "this conversation is closed" : error.summary)
            return .notAccepted(AttachmentFailure(error, reason: reason))
        case 400, 415, 422: return .notAccepted(AttachmentFailure(error, reason: "the server refused this file: \(error.summary)"))
        case 401: return .failed(AttachmentFailure(error, reason: "the server did not accept the token"))
        case 429: return .failed(AttachmentFailure(error, reason: "the server is taking too many uploads"))
        case 507: return .failed(AttachmentFailure(error, reason: "the server has no room for this file"))
        case 500...599: return .failed(AttachmentFailure(error, reason: "the server could not store the file"))
        default: return .failed(AttachmentFailure(error, reason: error.summary))
        }
    }

    public static let noUploadsReason = "this server does not accept attachments"
}
