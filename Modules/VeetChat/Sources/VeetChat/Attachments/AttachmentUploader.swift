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
    public let sender: any HTTPSending
    /// Automatic resends after no answer, 429 or 5xx, with the same key.
    public var retry: RetryPolicy
    public var sleeper: HTTPClient.Sleeper

    public init(sender: any HTTPSending, retry: RetryPolicy = .never,
                sleeper: @escaping HTTPClient.Sleeper = HTTPClient.taskSleeper) {
        self.sender = sender
        self.retry = retry
        self.sleeper = sleeper
    }

    /// The request for one file: the bytes as the body, the guessed type as
    /// `Content-Type`, the name percent-encoded as UTF-8 in `X-Filename`, and
    /// the file's own idempotency key.
    public static func request(for attachment: Attachment, sessionID: String) -> HTTPRequest {
        HTTPRequest(method: "POST", path: "/v1/sessions/\(PathSegment.escape(sessionID))/artifacts",
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
        let request = Self.request(for: attachment, sessionID: sessionID)
        await progress(0, attachment.size)
        var attempt = 1
        while true {
            let result: AttachmentUploadResult
            var wait: Duration?
            do {
                let response = try await sender.send(request)
                result = Self.interpret(response)
                if case .failed = result, attempt < retry.maxAttempts, retry.shouldRetry(status: response.status) {
                    wait = retry.delay(forAttempt: attempt, retryAfter: response.header("retry-after").flatMap { RetryAfter.parse($0) })
                }
            } catch {
                result = .failed(String(describing: error))
                if attempt < retry.maxAttempts, retry.shouldRetry(error: error) { wait = retry.delay(forAttempt: attempt) }
            }
            guard let wait, !Task.isCancelled else {
                if case .uploaded = result { await progress(attachment.size, attachment.size) }
                return result
            }
            do { try await sleeper(wait) } catch { return result }
            attempt += 1
        }
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
        case 400, 409, 415, 422: return .notAccepted(error.description)
        default: return .failed(error.description)
        }
    }
}
