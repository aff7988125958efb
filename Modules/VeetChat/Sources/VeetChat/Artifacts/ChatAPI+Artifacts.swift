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

    /// Every artifact named in a conversation's transcript (metadata only: no
    /// content is read, so no cache is involved); one deleted since is left out.
    public func artifacts(inSession sessionID: String) async throws -> [ArtifactView] {
        var views: [ArtifactView] = []
        for id in ArtifactService.artifactIDs(in: try await transcript(sessionID: sessionID)) {
            do {
                views.append(try await artifact(id: id))
            } catch let error as APIError where error.isNotFound {
                continue
            }
        }
        return views
    }
}
