import Foundation

extension Router {
    func listApprovals(_ head: RequestHead) throws -> HTTPResponse {
        if let status = head.query("status"), status != "pending" { throw APIFailure.malformed() }
        let runID = try head.query("run_id").map(Validation.uuid)
        let sessionID = try head.query("session_id").map(Validation.uuid)
        let limit = try Validation.limit(head.query("limit"), defaultValue: 50)
        let page = try store.transaction {
            try $0.listPendingApprovals(runID: runID, sessionID: sessionID, limit: limit, cursor: head.query("cursor"))
        }
        return .json(200, page)
    }

    func getApproval(_ rawID: String) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        return .json(200, try store.transaction { try $0.existingApproval(id).view })
    }

    /// `POST /v1/approvals/{id}/resolve`: `approve_once`, `deny`, or ([newer]) `approve_for_task`
    /// with a `task_grant` echoing the approval's offer; `task_grant` with any other decision is 400.
    func resolveApproval(_ rawID: String, body: Data) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        let fields = try Validation.closedObject(
            try Validation.jsonBody(body), allowed: ["decision", "reason", "task_grant"])
        let decisions = options.taskPermissions ? ["approve_once", "deny", "approve_for_task"] : ["approve_once", "deny"]
        guard let decision = fields["decision"]?.stringValue, decisions.contains(decision),
            fields["task_grant"] == nil || options.taskPermissions  // an unknown field on the snapshot
        else { throw APIFailure.malformed() }
        if let reason = fields["reason"], !reason.isNull {
            guard let text = reason.stringValue, text.count <= 4096 else { throw APIFailure.malformed() }
        }
        var taskGrant: (origin: String, pathPrefix: String)?
        if let given = fields["task_grant"] {
            let grant = try Validation.closedObject(given, allowed: ["origin", "path_prefix"])
            guard decision == "approve_for_task", let origin = grant["origin"]?.stringValue,
                let prefix = grant["path_prefix"]?.stringValue
            else { throw APIFailure.malformed() }
            taskGrant = (origin, prefix)
        } else if decision == "approve_for_task" {
            throw APIFailure.malformed("approve_for_task needs task_grant.")
        }
        let view: JSON = try store.transaction { state in
            let (view, resumed) = try state.resolveApproval(id, decision: decision, taskGrant: taskGrant)
            if let resumed, !emailSendResolved(resumed, in: state) { agent.resume(runID: resumed.id) }
            return view
        }
        return .json(200, view)
    }
}
