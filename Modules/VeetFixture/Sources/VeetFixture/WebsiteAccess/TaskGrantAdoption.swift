import Foundation

/// Task grants made by `approve_for_task` resolutions. The approval route
/// only records the grant id on the approval; website access turns each such
/// approval into a task-grant record the first time its routes are used, and
/// derives the grant's use from the run's events (`tool.call.authorized`
/// naming the grant), so the two families stay independent.
extension WebsiteAccessState {
    func adoptTaskGrants(from state: StoreState, now: Instant) {
        for approval in state.approvals.values where approval.decision == "approve_for_task" {
            guard let grantID = approval.taskGrantID, let offer = approval.taskGrantOffer else { continue }
            if taskGrants[grantID] == nil {
                let grant = TaskGrantRecord(
                    id: grantID, sessionID: approval.sessionID,
                    profileID: sessionProfiles[approval.sessionID] ?? "",
                    origin: offer["origin"]?.stringValue ?? "", pathPrefix: offer["path_prefix"]?.stringValue ?? "",
                    at: approval.resolvedAt ?? now, lifetime: Double(offer["duration_seconds"]?.intValue ?? 1800),
                    approvalID: approval.id)
                taskGrants[grantID] = grant
            }
            if let grant = taskGrants[grantID], let run = state.runs[approval.runID] {
                grant.recordUse(in: run)
            }
        }
    }

    /// A new sign-in generation ends the profile's task grants.
    func endTaskGrants(ofProfile profileID: String, reason: String, now: Instant) {
        for grant in taskGrants.values where grant.profileID == profileID { grant.end(reason, at: now) }
    }
}

extension TaskGrantRecord {
    /// Actions authorized under this grant in `run`, and the characters they typed
    /// (read from the model's tool-call item of the same call).
    func recordUse(in run: RunRecord) {
        let payloads = run.events.compactMap { event -> (type: String, payload: JSON)? in
            guard let line = event.frame.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
                  let payload = try? JSONParser.parse(String(line.dropFirst("data: ".count))) else { return nil }
            return (event.type, payload)
        }
        let calls = payloads.filter { $0.type == "tool.call.authorized" && $0.payload["authorization_ref"]?.stringValue == id }
            .compactMap { $0.payload["call_id"]?.stringValue }
        guard Int64(calls.count) > actionsUsed else { return }
        let items = payloads.filter { $0.type == "model.response.completed" }
            .flatMap { $0.payload["conversation_items"]?.arrayValue ?? [] }
        let typed = calls.reduce(0) { total, callID in
            let item = items.first { $0["call_id"]?.stringValue == callID }
            return total + (item?["arguments"]?["text"]?.stringValue?.count ?? 0)
        }
        actionsUsed = Int64(calls.count)
        typedCharacters = Int64(typed)
        lastUsedAt = run.updatedAt
        if actionsUsed >= maxActions { end("exhausted", at: run.updatedAt) }
    }
}
