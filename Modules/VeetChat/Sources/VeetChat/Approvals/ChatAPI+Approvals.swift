import Foundation
import VeetTransport
import VeetWire

/// The approval routes (sessions-runs.md §5).
extension ChatAPI {
    public func approval(id: String) async throws -> ApprovalView {
        try await send.decode(.get("/v1/approvals/\(segment: id)"))
    }

    /// The first page of pending approvals, optionally of one run or conversation.
    public func pendingApprovals(runID: String? = nil, sessionID: String? = nil) async throws -> [ApprovalView] {
        var query = [URLQueryItem(name: "status", value: "pending")]
        if let runID { query.append(URLQueryItem(name: "run_id", value: runID)) }
        if let sessionID { query.append(URLQueryItem(name: "session_id", value: sessionID)) }
        return try await send.decode(.get("/v1/approvals", query: query), as: Page<ApprovalView>.self).items
    }

    /// Every pending approval of one conversation (all pages). A session id is
    /// required: pending approvals load only for a selected conversation.
    public func pendingApprovals(inSession sessionID: String) async throws -> [ApprovalView] {
        let query = [URLQueryItem(name: "status", value: "pending"), URLQueryItem(name: "session_id", value: sessionID)]
        return try await Page.all { cursor in
            try await send.decode(.page("/v1/approvals", query: query, limit: 200, cursor: cursor),
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
