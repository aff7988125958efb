import Foundation

/// How a sender that runs unattended (veetd, on every sync) treats what waits
/// in the outbox. Rounds come at the sender's own pace; within a round every
/// conversation with something on its way is flushed once, in order:
///
/// - queued entries, and entries left `sending` by a crash, are delivered;
/// - a failed entry is made eligible again while it has had fewer than
///   `maxAttempts` attempts; after that it waits for its owner to retry it;
/// - a refused entry is settled (the server would refuse it the same way,
///   `OutboxDelivery.isFinal`) and is never sent again;
/// - a busy answer leaves the entry queued, so the next round tries it.
///
/// An exhausted entry still goes out when a later message of its conversation
/// starts a round there: delivery is in order, so the newer message cannot
/// pass it.
public struct OutboxRetryPolicy: Sendable, Hashable {
    /// Attempts in all (the first included) before a failed entry stops being retried.
    public var maxAttempts: Int

    public init(maxAttempts: Int) {
        self.maxAttempts = maxAttempts
    }

    /// veetd's rule: five attempts in all, one per sync.
    public static let unattended = OutboxRetryPolicy(maxAttempts: 5)

    /// What a round does with one entry.
    public enum Decision: Sendable, Hashable {
        /// Still on its way: its conversation is flushed.
        case deliver
        /// Failed, with attempts left: made eligible again, then delivered.
        case reopen
        /// Settled, or out of attempts: left where it is.
        case leave
    }

    public func decision(for entry: OutboxEntry) -> Decision {
        switch entry.state {
        case .queued, .sending: .deliver
        case .failed: entry.attempts < maxAttempts ? .reopen : .leave
        case .refused, .confirmed: .leave
        }
    }

    /// The conversations a round flushes, in the order of their oldest entry
    /// that starts one. `reopen` makes a failed entry eligible again and says
    /// whether it did (it may have been settled meanwhile).
    public func sessionsToDeliver(_ entries: [OutboxEntry], reopen: (OutboxEntry) -> Bool) -> [String] {
        var sessions: [String] = []
        for entry in entries {
            guard let session = entry.sessionID, !sessions.contains(session), starts(entry, reopen: reopen) else { continue }
            sessions.append(session)
        }
        return sessions
    }

    /// The entries waiting to open a new conversation that a round delivers
    /// (each is alone in its conversation, so each goes on its own), oldest first.
    public func newConversationsToDeliver(_ entries: [OutboxEntry], reopen: (OutboxEntry) -> Bool) -> [Int64] {
        entries.filter { $0.sessionID == nil && starts($0, reopen: reopen) }.map(\.id)
    }

    private func starts(_ entry: OutboxEntry, reopen: (OutboxEntry) -> Bool) -> Bool {
        switch decision(for: entry) {
        case .leave: false
        case .reopen: reopen(entry)
        case .deliver: true
        }
    }
}

/// One conversation's share of a round.
public struct OutboxRoundResult: Sendable, Hashable {
    /// Nil for a new conversation the server could not create this round.
    public var sessionID: String?
    public var results: [DeliveryResult]
}

extension OutboxDelivery {
    /// One unattended round over the whole outbox under `policy`: reopens the
    /// failed entries it allows, then flushes each conversation that has
    /// something on its way. Nil when the outbox holds nothing unconfirmed
    /// (or cannot be read), so a caller can tell an idle round from one that
    /// found only settled or exhausted entries.
    public func deliverRound(policy: OutboxRetryPolicy) async -> [OutboxRoundResult]? {
        guard let entries = try? store.outbox(), !entries.isEmpty else { return nil }
        let reopen: (OutboxEntry) -> Bool = { (try? store.retryOutboxEntry(id: $0.id)) == true }
        let newConversations = policy.newConversationsToDeliver(entries, reopen: reopen)
        let sessions = policy.sessionsToDeliver(entries, reopen: reopen)
        var round: [OutboxRoundResult] = []
        for entryID in newConversations {
            let result = await deliver(entryID: entryID)
            round.append(OutboxRoundResult(sessionID: result.entry?.sessionID, results: [result]))
        }
        for session in sessions {
            round.append(OutboxRoundResult(sessionID: session, results: await flush(sessionID: session)))
        }
        return round
    }
}
