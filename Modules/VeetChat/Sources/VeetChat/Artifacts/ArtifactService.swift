import Foundation
import VeetTransport
import VeetWire

/// An artifact's bytes and where they came from.
public struct ArtifactContent: Sendable, Equatable {
    public let bytes: Data
    /// The strong ETag (quoted SHA-256) when the server sent one.
    public let etag: String?
    /// The server's `Content-Type` (may carry `; charset=utf-8` for text).
    public let contentType: String?
    /// True when the server answered 304 and the cached bytes were reused.
    public let fromCache: Bool
}

/// Reads artifact metadata and bytes separately, through the process-local
/// cache, and exports exact bytes to disk. Each read is one request through
/// `sender` (which applies any retry rule).
public struct ArtifactService: Sendable {
    public let sender: HTTPRequestSender
    public let connection: ConnectionIdentity
    public let cache: ArtifactCache

    public init(sender: HTTPRequestSender, connection: ConnectionIdentity, cache: ArtifactCache) {
        self.sender = sender
        self.connection = connection
        self.cache = cache
    }

    /// `GET /v1/artifacts/{id}`.
    public func metadata(id: String) async throws -> ArtifactView {
        try await sender.send(.get("/v1/artifacts/\(segment: id)")).decoded(as: ArtifactView.self)
    }

    /// `GET /v1/artifacts/{id}/content`, sending `If-None-Match` with the
    /// cached ETag and reusing the cached bytes on 304. `sessionID`, the
    /// conversation the artifact was found in, tags the cached bytes so that
    /// deleting or pruning it drops them (`forgetConversations`).
    public func content(id: String, sessionID: String? = nil) async throws -> ArtifactContent {
        await cache.bind(to: connection)
        let cached = await cache.entry(for: id, on: connection)
        var request = HTTPRequest.get("/v1/artifacts/\(segment: id)/content", headers: ["Accept": "*/*"])
        if let cached { request.setHeader("If-None-Match", cached.etag) }
        let response = try await sender.send(request)
        if response.status == 304 {
            guard let cached else {
                throw InvalidResponseError("the server answered 304 to a request without a cached copy",
                                           requestID: response.requestID)
            }
            return ArtifactContent(bytes: cached.bytes, etag: cached.etag, contentType: cached.mediaType, fromCache: true)
        }
        try response.requireSuccess()
        let etag = response.header("etag")
        let contentType = response.header("content-type")
        if let etag {
            await cache.store(ArtifactCache.Entry(etag: etag, bytes: response.body, mediaType: contentType,
                                                  sessionID: sessionID ?? cached?.sessionID),
                              for: id, on: connection)
        }
        return ArtifactContent(bytes: response.body, etag: etag, contentType: contentType, fromCache: false)
    }

    /// Reads the metadata and the bytes, checks the bytes against the announced
    /// size and SHA-256, and writes them to `destination` exactly. Refuses to
    /// replace an existing file unless `overwrite`.
    @discardableResult
    public func export(id: String, to destination: URL, overwrite: Bool = false) async throws -> ArtifactView {
        let view = try await metadata(id: id)
        let content = try await content(id: id, sessionID: view.sessionID)
        try ArtifactExport.write(content.bytes, to: destination, overwrite: overwrite,
                                 expectedSize: view.sizeBytes, expectedSHA256: view.sha256)
        return view
    }

    /// The conversations were deleted or pruned: their cached bytes go now,
    /// not when the connection changes (call it with `ReconcileReport.pruned`
    /// and after a delete).
    public func forgetConversations(_ sessionIDs: [String]) async {
        await cache.removeConversations(sessionIDs)
    }

    /// Artifact ids named by `image`/`file` blocks, first mention first, each once.
    public static func artifactIDs(in transcript: [SessionMessageView]) -> [String] {
        var seen: Set<String> = []
        var ids: [String] = []
        for message in transcript {
            for block in message.content {
                let id: String
                switch block {
                case .image(let artifactID, _, _, _), .file(let artifactID, _, _): id = artifactID
                default: continue
                }
                if !id.isEmpty, seen.insert(id.lowercased()).inserted { ids.append(id) }
            }
        }
        return ids
    }
}
