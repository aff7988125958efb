import Foundation

/// How the census's rows and operations look on the wire (docs/wire/subscriptions.md §3.1, §6, docs/wire/email.md §13).
extension SubscriptionsState {
    func view(_ row: Row) -> JSON {
        let mailto: JSON = row.mailto.map { ["to": .string($0.to), "subject": .string($0.subject), "body": .string($0.body)] }
            ?? .null
        return [
            "id": .string(row.id), "account_id": .string(row.accountID), "display_name": .string(row.displayName),
            "address": .string(row.address), "list_id": .string(row.listID), "thread_count": .int(min(row.threadCount, 200)),
            "thread_count_overflow": .bool(row.threadCount > 200), "first_seen_at": .string(row.firstSeenAt.offset),
            "last_received_at": .string(row.lastReceivedAt.offset),
            "mechanism": .string(row.verified ? row.mechanism : "none"), "verified": .bool(row.verified),
            "link_only": .bool(row.linkOnly), "destination": .string(row.verified ? row.destination : ""),
            "mailto": row.verified && row.mechanism == "mailto" ? mailto : .null,
            "evidence_digest": .string(row.evidenceDigest), "state": .string(row.state),
            "protected": .bool(row.protectedReason != nil), "protected_reason": .string(row.protectedReason),
            "requested_at": .string(row.requestedAt?.offset), "operation": operationView(row), "revision": .int(row.revision),
        ]
    }

    private func operationView(_ row: Row) -> JSON {
        guard let op = row.operation else { return .null }
        let result = op.results[row.id]
        return [
            "operation_id": .string(op.id), "run_id": .string(op.runID), "action": .string(op.action),
            "status": .string(result?.status ?? "pending"), "code": .string(result?.code),
            "requested_at": .string(op.requestedAt.offset), "prior_state": .string(op.priorStates[row.id]),
        ]
    }

    func operationAnswer(_ op: Operation, replayed: Bool) -> JSON {
        ["operation_id": .string(op.id), "run_id": .string(op.runID), "status": .string(op.runStatus), "replayed": .bool(replayed)]
    }
}

extension SubscriptionsState {
    /// A thread's subscription block (docs/wire/subscriptions.md §3.2): the row's id, state, mechanism,
    /// destination, digest and revision, exactly as the census shows them.
    func block(_ row: Row) -> JSON {
        let full = view(row)
        return ["id": full["id"] ?? .null, "state": full["state"] ?? .null, "mechanism": full["mechanism"] ?? .null,
                "destination": full["destination"] ?? .null, "evidence_digest": full["evidence_digest"] ?? .null,
                "revision": full["revision"] ?? .null]
    }
}
