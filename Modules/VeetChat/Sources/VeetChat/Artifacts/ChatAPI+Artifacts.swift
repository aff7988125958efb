import Foundation
import VeetTransport
import VeetWire

extension ChatAPI {
    /// Artifact reads over this API's sender, through `cache` (which is
    /// emptied first if it held another connection's bytes). Reads retry as
    /// this API's do.
    public func artifactService(connection: ConnectionIdentity, cache: ArtifactCache) -> ArtifactService {
        ArtifactService(sender: send, connection: connection, cache: cache)
    }

    /// `GET /v1/artifacts/{id}`.
    public func artifact(id: String) async throws -> ArtifactView {
        try await send.decode(.get("/v1/artifacts/\(segment: id)"))
    }

    /// Every artifact named in a conversation's transcript.
    public func artifacts(inSession sessionID: String, connection: ConnectionIdentity,
                          cache: ArtifactCache) async throws -> [ArtifactView] {
        try await artifactService(connection: connection, cache: cache)
            .artifacts(in: try await transcript(sessionID: sessionID))
    }
}
