import Foundation

/// How an operation's run ends and what it does to its rows and to the
/// sender's threads: the first status read (or a second after admission) ends
/// it, by each row's scripted outcome. Report spam moves the sender's Inbox
/// threads to Spam and Not spam moves exactly those back; an accepted
/// unsubscribe with `archive_existing` archives them.
extension SubscriptionsState {
    static let runSeconds = 1.0

    /// Ends every operation whose time has come (reading the list settles them too, docs/wire/subscriptions.md §3).
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
                row.threadsMovedToSpam = inboxThreads(of: row).map { thread in
                    thread.inInbox = false
                    thread.inSpam = true
                    return thread.id
                }
                op.results[id] = ("completed", "labels.completed")
            case "not_spam":
                row.state = "active"
                row.evidence += 1
                for thread in row.threadsMovedToSpam.compactMap({ mailboxes?.threads[$0] }) {
                    thread.inInbox = true
                    thread.inSpam = false
                }
                row.threadsMovedToSpam = []
                op.results[id] = ("completed", "labels.completed")
            default:
                switch row.outcome {
                case .accept:
                    row.state = "unsubscribed"
                    row.requestedAt = op.requestedAt
                    if op.archiveExisting {
                        for thread in inboxThreads(of: row) { thread.inInbox = false }
                    }
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

    /// The sender's threads in the Inbox, newest first, at most 100 (docs/wire/subscriptions.md §4.1, §4.2).
    func inboxThreads(of row: Row) -> [EmailState.Thread] {
        let threads = mailboxes?.threads.values.filter { $0.subscriptionID == row.id && $0.inInbox && !$0.inSpam } ?? []
        return Array(threads.sorted { $0.updatedAt > $1.updatedAt }.prefix(100))
    }
}
