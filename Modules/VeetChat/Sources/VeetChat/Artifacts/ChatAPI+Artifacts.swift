import Foundation
import VeetTransport
import VeetWire

extension ChatAPI {
    /// Artifact reads over this API's client and connection, through `cache`
    /// (which is emptied first if it held another connection's bytes).
    public func artifactService(cache: ArtifactCache) -> ArtifactService {
        ArtifactService(sender: client, connection: connection, cache: cache)
    }

    /// `GET /v1/artifacts/{id}`.
    public func artifact(id: String) async throws -> ArtifactView {
        try await client.decode(.get("/v1/artifacts/\(PathSegment.escape(id))"))
    }

    /// Every artifact named in a conversation's transcript.
    public func artifacts(inSession sessionID: String, cache: ArtifactCache) async throws -> [ArtifactView] {
        try await artifactService(cache: cache).artifacts(in: try await transcript(sessionID: sessionID))
    }
}
