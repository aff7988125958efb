import Foundation
import VeetTransport
import VeetWire

/// Task grants and task scopes ([newer] servers). On a server without them
/// (the snapshot: 404) each call throws `TaskPermissionsUnavailable`.
extension WebsiteAccessAPI {
    public func taskGrantsPage(sessionID: String? = nil, includeEnded: Bool = false, limit: Int? = nil,
                               cursor: String? = nil) async throws -> Page<TaskGrant> {
        var query: [URLQueryItem] = []
        if let sessionID { query.append(URLQueryItem(name: "session_id", value: sessionID)) }
        query.append(URLQueryItem(name: "status", value: includeEnded ? "all" : "active"))
        return try await explainingAbsence(probeNeeded: sessionID != nil || cursor != nil) {
            try await send.decode(.page("/v1/browser-task-grants", query: query, limit: limit, cursor: cursor))
        }
    }

    public func taskGrant(id: String) async throws -> TaskGrant {
        try await explainingAbsence(probeNeeded: true) {
            try await send.decode(.get("/v1/browser-task-grants/\(segment: id)"))
        }
    }

    /// Stop: ends the grant now; an ended grant comes back unchanged.
    public func stopTaskGrant(id: String) async throws -> TaskGrant {
        try await explainingAbsence(probeNeeded: true) {
            try await sendRetrySafe.decode(.post("/v1/browser-task-grants/\(segment: id)/revoke"))
        }
    }

    public func taskScopes() async throws -> TaskScopes {
        try await explainingScopesAbsence { try await send.decode(.get("/v1/browser-task-scopes")) }
    }

    /// Replaces the scopes; `revision` is the one last read (a stale one ⇒ 409).
    /// More than 16 scopes are refused before sending.
    public func replaceTaskScopes(_ scopes: [TaskScope], revision: Int) async throws -> TaskScopes {
        if scopes.count > 16 { throw TaskScopeRefusal.tooMany(scopes.count) }
        let body = try WireJSON.encoder().encode(TaskScopes(revision: revision, scopes: scopes))
        return try await explainingScopesAbsence(isWrite: true) {
            try await sendRetrySafe.decode(HTTPRequest(method: "PUT", path: "/v1/browser-task-scopes", body: body))
        }
    }
}
