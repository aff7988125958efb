import Foundation

/// `POST /v1/notifications/sync` (docs/wire/sessions-runs.md §8.2): records seen runs and
/// answers which of the delivered notifications are obsolete, settling those
/// as `superseded`. All or nothing: any bad id refuses the whole request.
extension AccountHandlers {
    func syncNotifications(state: StoreState) throws -> (Int, JSON?) {
        guard head.method == "POST" else { throw APIFailure.unsupportedMethod }
        let fields = try Validation.closedObject(try Validation.jsonBody(body),
                                                 allowed: ["delivered_notification_ids", "seen_run_ids"])
        let delivered = try Self.uuidList(fields["delivered_notification_ids"], limit: 200)
        let seen = try Self.uuidList(fields["seen_run_ids"], limit: 100)
        for runID in seen {
            guard let run = state.runs[runID] else { throw APIFailure.notFound("run") }
            guard run.status.isTerminal else { throw APIFailure.conflict("run has not finished") }
        }
        account.seenRunIDs.formUnion(seen)
        var obsolete: [String] = []
        for id in delivered {
            guard let index = account.notifications.firstIndex(where: { $0.id == id }) else { continue }
            guard Self.isObsolete(account.notifications[index], state: state, seen: account.seenRunIDs) else { continue }
            account.notifications[index].settled = "superseded"
            obsolete.append(id)
        }
        return (200, ["obsolete_notification_ids": .array(obsolete.map { .string($0) })])
    }

    /// An alert nobody needs any more: its run's result was seen, its approval
    /// decided, its question answered, or its run moved past what it asked.
    static func isObsolete(_ notification: AccountState.Notification, state: StoreState, seen: Set<String>) -> Bool {
        guard let runID = notification.identifiers["run_id"].flatMap(Identifier.canonical) else { return false }
        if seen.contains(runID) { return true }
        guard let run = state.runs[runID] else { return false }
        switch notification.kind {
        case "approval_requested":
            let approvalID = notification.identifiers["approval_id"].flatMap(Identifier.canonical)
            return approvalID.map { state.approvals[$0]?.status != "PENDING" } ?? false
        case "question_asked":
            return run.status != .waitingForUser
                || run.outstandingQuestionID != notification.identifiers["question_id"].flatMap(Identifier.canonical)
        default:
            return false
        }
    }

    /// Absent is `[]`; anything but an array of UUIDs within the limit is `400`.
    private static func uuidList(_ value: JSON?, limit: Int) throws -> [String] {
        guard let value, value != .null else { return [] }
        guard let items = value.arrayValue, items.count <= limit else { throw APIFailure.malformed() }
        return try items.map { item in
            guard let text = item.stringValue else { throw APIFailure.malformed() }
            return try Validation.uuid(text)
        }
    }
}
