import Foundation

extension Router {
    func getArtifact(_ rawID: String) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        return .json(200, try store.transaction { try $0.existingArtifact(id).view })
    }

    /// Bytes with a strong ETag; `If-None-Match` (any listed form, or `*`) answers 304; `Range` is ignored.
    func artifactContent(_ rawID: String, head: RequestHead) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        let artifact = try store.transaction { try $0.existingArtifact(id) }
        let etag = "\"\(artifact.sha256)\""
        let caching = [("cache-control", "private, no-store"), ("etag", etag)]
        if let condition = head.header("if-none-match"), Self.matches(condition, sha256: artifact.sha256) {
            return HTTPResponse(status: 304, headers: caching)
        }
        var contentType = artifact.mediaType
        if contentType.lowercased().hasPrefix("text/"), !contentType.contains(";") { contentType += "; charset=utf-8" }
        return HTTPResponse(
            status: 200,
            headers: [("content-disposition", Self.disposition(for: artifact.name))] + caching + [
                ("content-type", contentType)
            ],
            body: .bytes(artifact.bytes))
    }

    private static func matches(_ condition: String, sha256: String) -> Bool {
        condition.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) == sha256
        }
    }

    /// Always `attachment`, with an ASCII fallback and the UTF-8 name percent-encoded.
    static func disposition(for name: String) -> String {
        var fallback = String(
            name.unicodeScalars.map { scalar -> Character in
                let unsafe = scalar == "\"" || scalar == "/" || scalar == "\\" || scalar.value < 0x20
                    || scalar.value == 0x7F || !scalar.isASCII
                return unsafe ? "_" : Character(scalar)
            })
        if fallback.isEmpty { fallback = "artifact" }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")
        let encoded = (name.isEmpty ? "artifact" : name).addingPercentEncoding(withAllowedCharacters: allowed) ?? fallback
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }
}
