import Foundation

/// The fixture's subscription census (docs/wire/subscriptions.md): bulk senders per
/// account, the durable operations commands start, and the keys of those
/// commands. Seeded on first use (SeededSubscriptions).
final class SubscriptionsState {
    /// What the sender's side does with an unsubscribe (the fixture's script, per row).
    enum Outcome: String, Sendable {
        case accept, reject, unreachable, uncertain, notAttempted
    }

    final class Row {
        let id: String
        let accountID: String
        let displayName: String
        let address: String
        let listID: String
        var threadCount: Int
        let firstSeenAt: Instant
        var lastReceivedAt: Instant
        var mechanism: String
        var verified: Bool
        var linkOnly = false
        var destination: String
        var mailto: (to: String, subject: String, body: String)?
        var evidence = 1
        var state = "active"
        var protectedReason: String?
        var requestedAt: Instant?
        var operation: Operation?
        var revision = 1
        var outcome: Outcome = .accept
        /// The threads the last Report spam moved to Spam, which Not spam moves back (docs/wire/subscriptions.md §4.2).
        var threadsMovedToSpam: [String] = []

        init(id: String, accountID: String, displayName: String, address: String, listID: String, threadCount: Int,
             firstSeenAt: Instant, lastReceivedAt: Instant, mechanism: String, verified: Bool, destination: String) {
            self.id = id
            self.accountID = accountID
            self.displayName = displayName
            self.address = address
            self.listID = listID
            self.threadCount = threadCount
            self.firstSeenAt = firstSeenAt
            self.lastReceivedAt = lastReceivedAt
            self.mechanism = mechanism
            self.verified = verified
            self.destination = destination
        }

        /// Present only with evidence and a mechanism, and cleared by a decision (docs/wire/subscriptions.md §3.1).
        var evidenceDigest: String? {
            guard verified, mechanism != "none", ["active", "failed", "still_sending", "pending"].contains(state) else {
                return nil
            }
            return SHA256.hex("evidence-\(id)-\(evidence)")
        }
    }

    /// A durable action on one or more rows (docs/wire/subscriptions.md §6), with its run.
    final class Operation {
        let id: String
        let runID: String
        let action: String
        let rowIDs: [String]
        let priorStates: [String: String]
        let requestedAt: Instant
        let archiveExisting: Bool
        var runStatus = "QUEUED"
        var reads = 0
        /// Per row once settled: status and code.
        var results: [String: (status: String, code: String?)] = [:]

        init(id: String, runID: String, action: String, rowIDs: [String], priorStates: [String: String],
             requestedAt: Instant, archiveExisting: Bool) {
            self.id = id
            self.runID = runID
            self.action = action
            self.rowIDs = rowIDs
            self.priorStates = priorStates
            self.requestedAt = requestedAt
            self.archiveExisting = archiveExisting
        }

        var isTerminal: Bool { ["COMPLETED", "FAILED", "CANCELLED"].contains(runStatus) }
    }

    var rows: [String: Row] = [:]
    var operations: [String: Operation] = [:]
    /// Command keys: fingerprint of the request and the operation it started.
    var commandKeys: [String: (fingerprint: String, operationID: String)] = [:]
    /// `GET /v1/email/operations/{id}` answers 500 for subscription operations (an unreadable status).
    var statusUnreadable = false
    /// While true, runs do not end by themselves (only a status read ends one).
    var holdsRuns = false
    private var seeded = false
    /// The mailboxes whose bulk senders these are: a command's effect on the sender's threads lands there.
    private(set) var mailboxes: EmailState?

    /// Seeds the census from the bulk senders (SeededSubscriptions) and the
    /// seeded mailboxes: a sender whose mail they hold was last heard from at
    /// its newest thread, and counts at least those threads.
    func seedIfNeeded(now: Instant, mailboxes: EmailState) {
        guard !seeded else { return }
        seeded = true
        self.mailboxes = mailboxes
        mailboxes.seedIfNeeded(now: now)
        for row in SeededSubscriptions.rows(now: now) { rows[row.id] = row }
        let mail = Dictionary(grouping: mailboxes.threads.values.filter { $0.subscriptionID != nil }, by: { $0.subscriptionID! })
        for (id, threads) in mail {
            guard let row = rows[id], let newest = threads.map(\.updatedAt).max() else { continue }
            row.lastReceivedAt = newest
            row.threadCount = max(row.threadCount, threads.count)
        }
    }

    /// The census order (docs/wire/subscriptions.md §3): non-protected first, more conversations, most recent, then id.
    var ordered: [Row] {
        rows.values.sorted { a, b in
            if (a.protectedReason == nil) != (b.protectedReason == nil) { return a.protectedReason == nil }
            if a.threadCount != b.threadCount { return a.threadCount > b.threadCount }
            if a.lastReceivedAt.microseconds != b.lastReceivedAt.microseconds { return b.lastReceivedAt < a.lastReceivedAt }
            return a.id < b.id
        }
    }
}
