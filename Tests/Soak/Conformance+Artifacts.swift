import Foundation
import VeetChat
import VeetTransport
import VeetWire

/// Attachment uploads ([newer]) and artifact reads (docs/wire/README.md §9 rows 14–16,
/// docs/wire/sessions-runs.md §6). Uploads are a family of their own: a server without
/// them answers 404 to the first upload, and the artifact reads then only
/// check the 404 for an unknown id (there is no list route to find one).
extension Conformance {
    mutating func checkUploadsAndArtifacts() async {
        guard let api = try? target.api(), let client = try? SoakTarget.client(target.url, token: target.token) else { return }
        let service = api.artifactService(connection: ConnectionIdentity(client.settings), cache: ArtifactCache())
        let bytes = Data("Conformance check \(UUID().uuidString)\n".utf8)
        let attachment = Attachment(filename: "conformance notes.txt", bytes: bytes, mediaType: "text/plain")
        var sessionID = ""
        var artifact: ArtifactView?

        await check("POST /v1/sessions/{id}/artifacts (201, run_id null, sha256)", .uploads, probe: true) {
            sessionID = try await api.createSession().id
            let response = try await api.sender.send(AttachmentUploader.request(for: attachment, sessionID: sessionID))
            guard response.isSuccess else { throw APIError(response: response) }
            guard case .uploaded(let view) = AttachmentUploader.interpret(response) else { return "the answer did not decode" }
            artifact = view
            return Self.first(
                response.status == 201 ? nil : "status \(response.status), expected 201",
                view.runID == nil ? nil : "run_id \(view.runID ?? ""), expected null",
                view.sha256 == SHA256Digest.hex(bytes) ? nil : "sha256 \(view.sha256) is not the bytes' digest",
                view.sizeBytes == Int64(bytes.count) ? nil : "size_bytes \(view.sizeBytes), expected \(bytes.count)",
                view.name == attachment.filename ? nil : "name \(view.name), expected \(attachment.filename)")
        }
        await check("POST /v1/sessions/{id}/artifacts (same key: 200, same artifact)", .uploads) {
            guard let artifact else { throw NotChecked("the upload failed") }
            let response = try await api.sender.send(AttachmentUploader.request(for: attachment, sessionID: sessionID))
            guard case .uploaded(let view) = AttachmentUploader.interpret(response) else { return "HTTP \(response.status), expected 200" }
            return Self.first(response.status == 200 ? nil : "status \(response.status), expected 200",
                              view.id == artifact.id ? nil : "a second artifact \(view.id), expected \(artifact.id)")
        }
        await check("POST /v1/sessions/{id}/artifacts (same key, other bytes → 409 idempotency_key_reused)", .uploads) {
            guard artifact != nil else { throw NotChecked("the upload failed") }
            let other = Attachment(filename: attachment.filename, bytes: Data("other bytes\n".utf8), mediaType: "text/plain",
                                   idempotencyKey: attachment.idempotencyKey)
            let response = try await api.sender.send(AttachmentUploader.request(for: other, sessionID: sessionID))
            guard Self.envelopeMismatch(response, status: 409, code: .conflict) == nil else {
                return Self.envelopeMismatch(response, status: 409, code: .conflict)
            }
            let reason = APIError(response: response).reason
            return reason == "idempotency_key_reused" ? nil : "reason \(reason ?? "none"), expected idempotency_key_reused"
        }
        await check("POST /v1/sessions/{unknown}/artifacts → 404 envelope", .uploads) {
            let response = try await api.sender.send(AttachmentUploader.request(for: Attachment(filename: "a.txt", bytes: bytes),
                                                                                 sessionID: Self.unknownID))
            return Self.envelopeMismatch(response, status: 404, code: .notFound)
        }
        let noArtifact = isOffered(.uploads) ? "the upload failed" : "no artifact id without uploads"
        await check("GET /v1/artifacts/{id}", .chat) {
            guard let artifact else { throw NotChecked(noArtifact) }
            let view = try await service.metadata(id: artifact.id)
            return (view.id, view.sha256, view.sizeBytes, view.mediaType) == (artifact.id, artifact.sha256, artifact.sizeBytes, artifact.mediaType)
                ? nil : "the metadata differs from the upload's answer"
        }
        await check("GET /v1/artifacts/{id}/content (bytes, strong ETag; If-None-Match → 304)", .chat) {
            guard let artifact else { throw NotChecked(noArtifact) }
            let first = try await service.content(id: artifact.id)
            guard first.bytes == bytes else { return "\(first.bytes.count) bytes differ from the \(bytes.count) uploaded" }
            guard first.etag == "\"\(artifact.sha256)\"" else { return "ETag \(first.etag ?? "missing"), expected the quoted sha256" }
            let second = try await service.content(id: artifact.id)
            return second.fromCache ? nil : "If-None-Match with the ETag did not answer 304"
        }
        await check("GET /v1/artifacts/{unknown} → 404 envelope", .chat) {
            await Self.expectError(404, .notFound) { _ = try await service.metadata(id: Self.unknownID) }
        }
        await check("GET /v1/artifacts/{unknown}/content → 404", .chat) {
            await Self.expectError(404, .notFound) { _ = try await service.content(id: Self.unknownID) }
        }
        if !sessionID.isEmpty { try? await api.deleteSession(id: sessionID) }
    }
}
