import Foundation

/// The notification rules, without clocks or I/O: candidates wait `hold`
/// seconds (held kinds only), a resolution seen meanwhile cancels them, a
/// conversation a connected client shows suppresses them, and each key alerts
/// at most once. The caller passes `now`, so tests never sleep.
public struct AlertBoard: Sendable {
    public struct Pending: Sendable, Hashable {
        public var candidate: AlertCandidate
        public var dueAt: Date
        /// A client showed the conversation while this waited.
        public var suppressed: Bool
    }

    public let hold: TimeInterval
    private(set) public var pending: [String: Pending] = [:]
    /// Keys already alerted, resolved or suppressed (bounded; oldest forgotten first).
    private var settled: [String] = []
    private var settledSet: Set<String> = []
    private let settledLimit: Int

    public init(hold: TimeInterval = 30, settledLimit: Int = 4_096) {
        self.hold = hold
        self.settledLimit = settledLimit
    }

    /// Takes a candidate; false when its key is already pending or settled.
    @discardableResult
    public mutating func offer(_ candidate: AlertCandidate, now: Date, visibleSessions: Set<String> = []) -> Bool {
        let key = candidate.key
        guard pending[key] == nil, !settledSet.contains(key) else { return false }
        let suppressed = candidate.targets.sessionID.map(visibleSessions.contains) ?? false
        pending[key] = Pending(candidate: candidate, dueAt: dueAt(of: candidate, now: now), suppressed: suppressed)
        return true
    }

    /// When a candidate comes due: a held one `hold` seconds after the owner was
    /// asked (`askedAt`, else `now`), so an approval the daemon learns of late
    /// does not wait a whole hold again; a time ahead of `now` (a server clock
    /// running fast) counts as `now`. A failure is due at once.
    public func dueAt(of candidate: AlertCandidate, now: Date) -> Date {
        guard candidate.kind.isHeld else { return now }
        return min(candidate.askedAt ?? now, now).addingTimeInterval(hold)
    }

    /// The server said when a pending candidate was asked (read after the offer):
    /// the hold counts from then, never later than it already would.
    public mutating func learnAskedAt(key: String, askedAt: Date, now: Date) {
        guard var entry = pending[key] else { return }
        entry.candidate.askedAt = askedAt
        entry.dueAt = min(entry.dueAt, dueAt(of: entry.candidate, now: now))
        pending[key] = entry
    }

    /// Applies a run's live signal; returns true when it offered a new candidate.
    @discardableResult
    public mutating func apply(_ signal: AlertSignal, now: Date, visibleSessions: Set<String> = []) -> Bool {
        switch signal {
        case .raise(let candidate): return offer(candidate, now: now, visibleSessions: visibleSessions)
        case .resolve(let key): resolve(key: key)
        case .runMovedOn(let runID): resolveWaits(runID: runID)
        }
        return false
    }

    /// Handled elsewhere: the pending alert is dropped and never raised later.
    public mutating func resolve(key: String) {
        pending[key] = nil
        settle(key)
    }

    /// The run resumed or ended: its approvals and questions need nobody now.
    public mutating func resolveWaits(runID: String) {
        let moot = pending.filter { $0.value.candidate.targets.runID == runID
            && [.approval, .question].contains($0.value.candidate.kind) }
        for key in moot.keys { resolve(key: key) }
    }

    /// A client reports these conversations visible: their pending alerts are suppressed.
    public mutating func noteVisible(_ sessions: Set<String>) {
        for (key, entry) in pending where entry.candidate.targets.sessionID.map(sessions.contains) == true {
            pending[key]?.suppressed = true
        }
    }

    /// The alerts to raise now (oldest first); they, and suppressed ones that
    /// came due, are settled and never come back.
    public mutating func takeDue(now: Date, visibleSessions: Set<String> = []) -> [AlertCandidate] {
        noteVisible(visibleSessions)
        let due = pending.filter { $0.value.dueAt <= now }.sorted { $0.value.dueAt < $1.value.dueAt }
        var raise: [AlertCandidate] = []
        for (key, entry) in due {
            pending[key] = nil
            settle(key)
            if !entry.suppressed { raise.append(entry.candidate) }
        }
        return raise
    }

    /// When the next pending alert comes due (for the caller's timer).
    public var nextDue: Date? { pending.values.map(\.dueAt).min() }

    public func isSettled(_ key: String) -> Bool { settledSet.contains(key) }

    private mutating func settle(_ key: String) {
        guard settledSet.insert(key).inserted else { return }
        settled.append(key)
        if settled.count > settledLimit {
            settledSet.remove(settled.removeFirst())
        }
    }
}
