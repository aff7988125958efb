import Foundation
import VeetTransport
import VeetWire

extension ChatAPI {
    /// Every pending approval of one conversation (all pages). A session id is
    /// required: pending approvals load only for a selected conversation.
    public func pendingApprovals(inSession sessionID: String) async throws -> [ApprovalView] {
        var items: [ApprovalView] = []
        var cursor: String?
        var seenCursors: Set<String> = []
        repeat {
            var query = [URLQueryItem(name: "status", value: "pending"),
                         URLQueryItem(name: "session_id", value: sessionID),
                         URLQueryItem(name: "limit", value: "200")]
            if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
            let page: Page<ApprovalView> = try await client.decode(.get("/v1/approvals", query: query))
            items += page.items
            cursor = page.isLast ? nil : page.nextCursor
            if let cursor, !seenCursors.insert(cursor).inserted {
                throw InvalidResponseError("the server repeated a page cursor; the list cannot be read")
            }
        } while cursor != nil
        return items
    }

    /// Posts a full resolve body (including `task_grant`) and returns the raw
    /// answer; `ApprovalService` maps it.
    public func sendResolve(approvalID: String, request: ApprovalResolveRequest) async throws -> HTTPResponse {
        let http = try HTTPRequest.post("/v1/approvals/\(PathSegment.escape(approvalID))/resolve", json: request)
        // Resolving is idempotent for the same decision, so a lost answer may be retried.
        return try await client.sendRetrying(http, idempotencyKey: nil, policy: retry, sleeper: sleeper)
    }
}

/// Ids are opaque; each goes in a URL as one escaped path segment.
enum PathSegment {
    static func escape(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
