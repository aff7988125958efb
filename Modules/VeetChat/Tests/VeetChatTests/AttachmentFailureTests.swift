import Foundation
import Testing
import VeetChat
import VeetTestSupport
import VeetTransport
import VeetWire

/// A failed upload keeps what the server said (code, details such as quota
/// figures, Retry-After), stays in the tray and can be retried; a server
/// without the upload route marks each file "not accepted".
struct AttachmentFailureTests {
    static let route = "/v1/sessions/s1/artifacts"
    static let png = AttachmentTests.png

    static func stored(_ id: String, name: String = "p.png") -> HTTPResponse {
        .json(["id": id, "session_id": "s1", "run_id": NSNull(), "name": name, "media_type": "image/png",
               "sha256": "00", "size_bytes": 12, "metadata": ["attachment": ["kind": "image"]],
               "created_at": "2026-08-22T18:03:52Z"], status: 201)
    }

    static func withHeader(_ response: HTTPResponse, _ name: String, _ value: String) -> HTTPResponse {
        var response = response
        response.headers[name] = value
        return response
    }

    static func composer(_ server: ScriptedServer, retry: RetryPolicy = .standard) -> AttachmentComposer {
        AttachmentComposer(sessionID: "s1", uploader: AttachmentUploader(sender: server.sender, retry: retry))
    }

    @Test func aRateLimitKeepsItsCodeAndRetryAfterAndIsNotWaitedOut() async throws {
        let server = ScriptedServer()
        server.on("POST", Self.route, sequence: [
            Self.withHeader(.apiError(429, "rate_limited", message: "Too many uploads."), "retry-after", "30"),
            Self.stored("a1"),
        ])
        let composer = Self.composer(server)  // even with the standard policy: the person decides when
        let failed = try await composer.add(filename: "p.png", bytes: Self.png)
        guard case .failed(let why) = failed.state else { Issue.record("got \(failed.state)"); return }
        #expect(why.status == 429)
        #expect(why.code == "rate_limited")
        #expect(why.retryAfter == 30)
        #expect(failed.state.label == "failed: the server is taking too many uploads (429 rate_limited) · try again in 30 s")
        #expect(server.requests.count == 1)
        #expect(await composer.attachments.count == 1, "the file stays in the tray")

        let retried = await composer.retry(failed.id)
        #expect(retried?.artifact?.id == "a1")
        let keys = server.requests.map { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] == keys[1] && keys[0] == failed.idempotencyKey.rawValue)
    }

    @Test func aFullServerKeepsItsQuotaDetails() async throws {
        let server = ScriptedServer()
        server.on("POST", Self.route, .apiError(507, "insufficient_storage", message: "Quota exceeded.",
                                                 details: ["quota_bytes": 1_073_741_824, "used_bytes": 1_073_000_000,
                                                           "scope": "principal"]))
        let failed = try await Self.composer(server, retry: .never).add(filename: "p.png", bytes: Self.png)
        guard case .failed(let why) = failed.state else { Issue.record("got \(failed.state)"); return }
        #expect(why.code == "insufficient_storage")
        #expect(why.details.map(\.name) == ["quota_bytes", "scope", "used_bytes"])
        #expect(why.description
            == "the server has no room for this file (507 insufficient_storage) · quota 1.0 GiB · scope principal · used 1023.3 MiB")
        #expect(failed.state.canRetry)
    }

    @Test func aConflictKeepsItsReasonAndIsNotAccepted() {
        let answer = HTTPResponse.apiError(409, "invalid_state_transition", message: "closed")
        guard case .notAccepted(let why) = AttachmentUploader.interpret(answer) else { Issue.record("accepted"); return }
        #expect(why.reason == "this conversation is closed")
        #expect(why.code == "invalid_state_transition")
        let tooLarge = AttachmentUploader.interpret(.apiError(413, "payload_too_large", message: "The upload exceeds the 32 MiB limit."))
        guard case .notAccepted(let big) = tooLarge else { Issue.record("413 accepted"); return }
        #expect(big.description == "the file is larger than this server accepts (413 payload_too_large)")
    }

    /// The framework's texts (no route, unsupported method) mean no uploads on this server; a 404 of the
    /// route itself means the conversation is not there (HistoryRoutes, docs/wire/README.md §6.4).
    @Test func aMissingRouteIsToldFromAMissingConversation() {
        let noRoute = AttachmentUploader.interpret(.apiError(404, "not_found", message: HistoryRoutes.unmatchedPathMessage))
        let noMethod = AttachmentUploader.interpret(.apiError(400, "malformed_request",
                                                              message: HistoryRoutes.unsupportedMethodMessage))
        let noSession = AttachmentUploader.interpret(.apiError(404, "not_found", message: "Session not found"))
        #expect(noRoute.refusal?.reason == AttachmentUploader.noUploadsReason)
        #expect(noMethod.refusal?.reason == AttachmentUploader.noUploadsReason)
        #expect(noSession.refusal?.reason == "this conversation is not on the server")
    }

    @Test func progressIsTheBytesTheTransportReports() async throws {
        let seen = ThreadLock<[AttachmentState]>([])
        let sender = HTTPRequestSender(send: { request in
            for sent in [4, 8, 6, 12] { HTTPUploadProgress.current?.report(sent) }  // out of order once
            try await Task.sleep(for: .milliseconds(50))  // the reports hop to the composer first
            return Self.stored("a1")
        })
        let composer = AttachmentComposer(sessionID: "s1", uploader: AttachmentUploader(sender: sender)) { file in
            seen.withLock { $0.append(file.state) }
        }
        let file = try await composer.add(filename: "notes.txt", bytes: Data("twelve bytes".utf8))
        #expect(file.artifact?.id == "a1")
        let progress = seen.withLock { $0 }.compactMap { state -> Int? in
            if case .uploading(let sent, 12) = state { sent } else { nil }
        }
        #expect(progress.first == 0)
        #expect(progress == progress.sorted(), "progress never goes back: \(progress)")
        #expect(progress.contains(8))
        #expect(seen.withLock { $0 }.last?.label == "uploaded")
    }
}

extension AttachmentUploadResult {
    var refusal: AttachmentFailure? {
        if case .notAccepted(let why) = self { why } else { nil }
    }
}
