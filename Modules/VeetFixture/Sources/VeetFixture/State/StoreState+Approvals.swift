import Foundation

extension StoreState {
    /// `GET /v1/approvals`: pending approvals, newest first, optionally filtered.
    func listPendingApprovals(runID: String?, sessionID: String?, limit: Int, cursor: String?) throws -> JSON {
        if let runID, run(runID) == nil { throw APIFailure.notFound("run") }
        if let sessionID, sessions[sessionID] == nil { throw APIFailure.notFound("session") }
        var after: (instant: Instant, id: String)?
        if let cursor {
            // The snapshot does not catch a garbled approvals cursor: an unhandled 500.
            guard let position = Cursor.keyset(cursor) else { throw APIFailure.internalError }
            after = position
        }
        let matching = approvals.values.filter {
            $0.status == "PENDING" && (runID == nil || $0.runID == runID)
                && (sessionID == nil || $0.sessionID == sessionID)
        }
        let ordered = matching.sorted { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id > $1.id }
        let remaining = ordered.filter { approval in
            guard let after else { return true }
            return approval.createdAt < after.instant || (approval.createdAt == after.instant && approval.id < after.id)
        }
        let page = Array(remaining.prefix(limit))
        let next = page.count == limit ? page.last.map { Cursor.keyset(instant: $0.createdAt, id: $0.id) } : nil
        return pageView(page.map(\.view), nextCursor: next)
    }

    func existingApproval(_ id: String) throws -> ApprovalRecord {
        guard let approval = approvals[id] else { throw APIFailure.notFound("approval") }
        return approval
    }

    /// `POST /v1/approvals/{id}/resolve`. Returns the view and the run to resume, if any.
    /// `taskGrant` (origin, path prefix) comes with `approve_for_task` and must echo the offer.
    func resolveApproval(_ id: String, decision: String, taskGrant: (origin: String, pathPrefix: String)? = nil) throws
        -> (view: JSON, resume: RunRecord?)
    {
        let approval = try existingApproval(id)
        switch approval.status {
        case "PENDING":
            break
        case "APPROVED", "DENIED":
            guard approval.decision == decision else {
                throw APIFailure.conflict(
                    "The approval was already resolved with a different decision.",
                    details: [
                        "reason": "approval_already_resolved", "approval_id": .string(approval.id),
                        "decision": .string(approval.decision),
                    ])
            }
            return (approval.view, nil)
        default:
            throw APIFailure.conflict(
                "The approval is no longer pending.", details: ["status": .string(approval.status.lowercased())])
        }
        if decision == "approve_for_task" {
            guard let offer = approval.taskGrantOffer else {
                throw APIFailure.conflict(
                    "No task grant is available for this approval.",
                    details: ["reason": "task_grant_unavailable", "approval_id": .string(approval.id)])
            }
            guard let taskGrant, offer["origin"]?.stringValue == taskGrant.origin,
                offer["path_prefix"]?.stringValue == taskGrant.pathPrefix
            else {
                throw APIFailure.conflict(
                    "The task grant does not match the offer.",
                    details: ["reason": "task_grant_offer_mismatch", "approval_id": .string(approval.id)])
            }
            approval.taskGrantID = Identifier.make()
        }
        approval.status = decision == "deny" ? "DENIED" : "APPROVED"
        approval.decision = decision
        approval.resolvedAt = now()
        approval.resolvedBy = identity.principalID
        guard let run = runs[approval.runID], run.status == .waitingForApproval, run.pendingApprovalID == id else {
            return (approval.view, nil)
        }
        append("approval.resolved", ["approval_id": .string(id), "resolution": .string(decision)], to: run)
        run.pendingApprovalID = nil
        run.lastDecision = decision
        run.lastTaskGrantID = approval.taskGrantID
        run.status = .queued
        return (approval.view, run)
    }

    func existingArtifact(_ id: String) throws -> ArtifactRecord {
        guard let artifact = liveArtifact(id) else { throw APIFailure.notFound("artifact") }
        return artifact
    }

    @discardableResult
    func storeArtifact(sessionID: String, runID: String, name: String, mediaType: String, bytes: Data) -> ArtifactRecord {
        let artifact = ArtifactRecord(
            id: Identifier.make(), sessionID: sessionID, runID: runID, name: name, mediaType: mediaType, bytes: bytes,
            sha256: SHA256.hex(bytes), metadata: [:], createdAt: now())
        artifacts[artifact.id] = artifact
        return artifact
    }
}
