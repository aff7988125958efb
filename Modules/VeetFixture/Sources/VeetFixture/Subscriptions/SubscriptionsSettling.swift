import Foundation

/// How an operation's run ends and what it does to its rows: the first status
/// read (or a second after admission) ends it, by each row's scripted outcome.
extension SubscriptionsState {
    static let runSeconds = 1.0

    /// Ends every operation whose time has come (reading the list settles them too, §3).
    func settleDue(now: Instant) {
        for op in operations.values where !op.isTerminal
            && (op.reads > 0 || (!holdsRuns && now > op.requestedAt.adding(seconds: Self.runSeconds))) {
            finish(op)
        }
    }

    func finish(_ op: Operation) {
        var runFailed = false
        for id in op.rowIDs {
            guard let row = rows[id], row.operation === op else { continue }
            let prior = op.priorStates[id] ?? "active"
            row.revision += 1
            switch op.action {
            case "report_spam":
                row.state = "reported_spam"
                op.results[id] = ("completed", "labels.completed")
            case "not_spam":
                row.state = "active"
                row.evidence += 1
                op.results[id] = ("completed", "labels.completed")
            default:
                switch row.outcome {
                case .accept:
                    row.state = "unsubscribed"
                    row.requestedAt = op.requestedAt
                    op.results[id] = ("completed", row.mechanism == "mailto" ? "unsubscribe.sent" : "unsubscribe.accepted")
                case .reject, .unreachable:
                    row.state = "failed"
                    op.results[id] = ("failed", row.outcome == .reject ? "unsubscribe.rejected" : "unsubscribe.unreachable")
                case .uncertain:
                    row.state = "failed"
                    op.results[id] = ("uncertain", "unsubscribe.outcome_unknown")
                case .notAttempted:
                    row.state = prior
                    op.results[id] = ("failed", "unsubscribe.not_attempted")
                    runFailed = true
                }
            }
        }
        op.runStatus = runFailed ? "FAILED" : "COMPLETED"
    }
}
