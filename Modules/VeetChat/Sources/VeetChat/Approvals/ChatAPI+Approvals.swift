import Foundation
import VeetTransport
import VeetWire

/// The approval routes (docs/wire/sessions-runs.md §5).
extension ChatAPI {
    public func approval(id: String) async throws -> ApprovalView {
        try await send.decode(.get("/v1/approvals/\(segment: id)"))
    }

    /// The server's largest approvals page (docs/wire/sessions-runs.md §5.1).
    public static let approvalsPageLimit = 200

    /// Pending approvals, newest first, of the account or of one run or
    /// conversation: every one (following each page's cursor) when `limit` is
    /// nil, else the newest `limit`. One route for every caller, so none reads
    /// only the server's default first page (50) by accident.
    public func pendingApprovals(runID: String? = nil, sessionID: String? = nil,
                                 limit: Int? = nil) async throws -> [ApprovalView] {
        var query = [URLQueryItem(name: "status", value: "pending")]
        if let runID { query.append(URLQueryItem(name: "run_id", value: runID)) }
        if let sessionID { query.append(URLQueryItem(name: "session_id", value: sessionID)) }
        let pageSize = min(limit ?? Self.approvalsPageLimit, Self.approvalsPageLimit)
        return try await Page.all(maxItems: limit) { cursor in
            try await send.decode(.page("/v1/approvals", query: query, limit: pageSize, cursor: cursor),
                                  as: Page<ApprovalView>.self)
        }
    }

    /// Resolves an approval (the one way a decision is sent; `ApprovalService`
    /// maps its refusals to notices). Repeating the same decision is answered
    /// with the current view, so a lost answer is retried with the same body.
    public func resolve(approvalID: String, decision: ApprovalDecision, reason: String? = nil,
                        taskGrant: TaskGrantEcho? = nil) async throws -> ApprovalView {
        let request = try HTTPRequest.post("/v1/approvals/\(segment: approvalID)/resolve",
                                           json: ApprovalResolveRequest(decision: decision, reason: reason, taskGrant: taskGrant))
        let response = try await sender.sendRetrying(request, idempotencyKey: nil, policy: retry)
        return try response.decoded(as: ApprovalView.self)
    }
}
