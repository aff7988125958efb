import Foundation

extension Router {
    /// `POST /v1/sessions/{id}/artifacts`: raw bytes, `X-Filename`, `Idempotency-Key`;
    /// headers are checked before the body is read.
    func upload(_ rawID: String, head: RequestHead, readBody: (Int) throws -> Data) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        guard let mediaType = MediaSniffing.normalizedMediaType(head.header("content-type")) else {
            throw APIFailure.malformed("Content-Type must be a media type.")
        }
        guard let name = MediaSniffing.fileName(fromHeader: head.header("x-filename")) else {
            throw APIFailure.malformed("X-Filename is missing or not an acceptable file name.")
        }
        guard let key = head.header("idempotency-key"), (1...255).contains(key.count) else {
            throw APIFailure.malformed("Idempotency-Key is required (1 to 255 characters).")
        }
        let delay = faults.update { $0.uploadDelay }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        let bytes = try readBody(options.maximumUploadBytes)
        guard !bytes.isEmpty else { throw APIFailure.malformed("The upload is empty.") }
        if faults.update({ $0.takeUploadFailure() }) { throw APIFailure.uploadRateLimited }
        let (status, artifact) = try store.transaction {
            try $0.upload(sessionID: id, name: name, declaredType: mediaType, bytes: bytes, key: key)
        }
        var response = HTTPResponse.json(status, artifact.view)
        response.headers.append(("cache-control", "private, no-store"))
        if status == 201 { response.headers.append(("location", "/v1/artifacts/\(artifact.id)")) }
        return response
    }
}
