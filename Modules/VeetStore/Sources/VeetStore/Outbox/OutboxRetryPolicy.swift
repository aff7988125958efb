import Foundation

/// How a sender that runs unattended (veetd, on every sync) treats what waits
/// in the outbox. Rounds come at the sender's own pace; within a round every
/// conversation with something due is flushed once, in order:
///
/// - queued entries are due, and so are entries left `sending` by a sender
///   that died (their claim is older than `Outbox.claimLease`, or its
///   process is gone); an entry
///   another sender is delivering right now is left to it;
/// - a failed entry is due while it has had fewer than `maxAttempts`
///   attempts; after that it waits for its owner to retry it;
/// - a refused entry is settled (the server would refuse it the same way,
///   `OutboxDelivery.isFinal`) and is never sent again;
/// - a busy answer leaves the entry queued, so the next round tries it.
///
/// An exhausted entry still goes out when a later message of its conversation
/// (or of the new conversation it opens) starts a round there: delivery is in
/// order, so the newer message cannot pass it.
public struct OutboxRetryPolicy: Sendable, Hashable {
    /// Attempts in all (the first included) before a failed entry stops being retried.
    public var maxAttempts: Int

    public init(maxAttempts: Int) {
        self.maxAttempts = maxAttempts
    }

    /// veetd's rule: five attempts in all, one per sync.
    public static let unattended = OutboxRetryPolicy(maxAttempts: 5)

    /// Whether a round starts delivery at `entry`.
    public func isDue(_ entry: OutboxEntry, now: Date = Date()) -> Bool {
        switch entry.state {
        case .queued: true
        case .sending: !entry.isClaimed(now: now)
        case .failed: entry.attempts < maxAttempts
        case .refused, .confirmed: false
        }
    }

    /// The conversations a round flushes, in the order of their oldest due entry.
    public func sessionsToDeliver(_ entries: [OutboxEntry], now: Date = Date()) -> [String] {
        var sessions: [String] = []
        for entry in entries where isDue(entry, now: now) {
            guard let session = entry.sessionID, !sessions.contains(session) else { continue }
            sessions.append(session)
        }
        return sessions
    }

    /// The entries that open the new conversations a round delivers, oldest
    /// first: for each conversation key with a due entry, its first message
    /// still on its way (the later ones follow it, in order).
    public func newConversationsToDeliver(_ entries: [OutboxEntry], now: Date = Date()) -> [Int64] {
        let waiting = entries.filter { $0.sessionID == nil && $0.state != .refused && $0.state != .confirmed }
        var keys: Set<String> = []
        var firsts: [Int64] = []
        for entry in waiting where isDue(entry, now: now) {
            let key = entry.conversationKey?.rawValue ?? "#\(entry.id)"
            guard keys.insert(key).inserted else { continue }
            firsts.append(waiting.first { ($0.conversationKey?.rawValue ?? "#\($0.id)") == key }?.id ?? entry.id)
        }
        return firsts.sorted()
    }
}

/// One conversation's share of a round.
public struct OutboxRoundResult: Sendable, Hashable {
    /// Nil for a new conversation the server could not create this round.
    public var sessionID: String?
    public var results: [DeliveryResult]
}

extension OutboxDelivery {
    /// One unattended round over the whole outbox under `policy`: opens the
    /// new conversations that have a message due (then delivers the rest of
    /// their messages), and flushes each conversation that has an entry due.
    /// Nil when the outbox holds nothing unconfirmed, so a caller can tell an
    /// idle round from one that found only settled or exhausted entries; an
    /// outbox that cannot be read throws.
    public func deliverRound(policy: OutboxRetryPolicy, now: Date = Date()) async throws -> [OutboxRoundResult]? {
        let entries = try store.outbox()
        guard !entries.isEmpty else { return nil }
        var round: [OutboxRoundResult] = []
        var flushed: Set<String> = []
        for entryID in policy.newConversationsToDeliver(entries, now: now) {
            var results = [await deliver(entryID: entryID)]
            let session = results[0].entry?.sessionID
            if case .confirmed = results[0], let session {
                results += await flush(sessionID: session)
                flushed.insert(session)
            }
            round.append(OutboxRoundResult(sessionID: session, results: results))
        }
        for session in policy.sessionsToDeliver(entries, now: now) where !flushed.contains(session) {
            round.append(OutboxRoundResult(sessionID: session, results: await flush(sessionID: session)))
        }
        return round
    }
}
