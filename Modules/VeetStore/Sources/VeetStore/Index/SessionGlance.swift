import Foundation
import VeetTransport
import VeetWire

/// What a glance at the first page of the index found (`SessionReconciler.glance`).
public struct GlanceReport: Sendable, Hashable {
    public var report: ReconcileReport
    /// The page showed a change it cannot place: its oldest row is new or changed (more changes
    /// may lie past it), or the server lists fewer conversations than the mirror holds. A full walk
    /// (with its point reads) is due; the glance itself pruned nothing.
    public var needsFullWalk: Bool

    public init(report: ReconcileReport, needsFullWalk: Bool) {
        self.report = report
        self.needsFullWalk = needsFullWalk
    }
}

extension SessionReconciler {
    /// The light reconciliation while nobody looks (docs/daemon.md, "How often it asks"):
    /// one page of the index by activity, `limit` rows, its rows applied. Activity moves a
    /// conversation to the top, so when the page's oldest row is as the mirror holds it,
    /// nothing older changed by activity and the glance stops there. Nothing is pruned: a
    /// conversation missing from the index is confirmed only by a full walk's point read.
    public func glance(limit: Int = SessionReconciler.glanceLimit) async throws -> GlanceReport {
        try Task.checkCancellation()
        let page = try await source.page(cursor: nil, limit: max(1, limit))
        var report = ReconcileReport()
        report.pagesRead = 1
        let changes = try store.applyServerRows(page.items)
        report.merge(changes)
        let changed = Set(changes.added + changes.updated)
        var unplaced = page.items.last.map { changed.contains($0.id) } ?? false
        if page.isLast || page.nextCursor == nil {
            // The whole index fits in the page: a row the mirror has that it lacks was deleted (or moved).
            let listed = Set(page.items.map(\.id))
            if !(try store.localSessionIDs().subtracting(listed)).isEmpty { unplaced = true }
        }
        return GlanceReport(report: report, needsFullWalk: unplaced)
    }

    /// Rows of one glance: a page small enough to cost a few kilobytes.
    public static let glanceLimit = 20
}

extension LocalStore {
    /// One glance at the first page of the index (see `SessionReconciler.glance`).
    public func glance(from source: any SessionIndexSource, limit: Int = SessionReconciler.glanceLimit) async throws -> GlanceReport {
        try await SessionReconciler(store: self, source: source).glance(limit: limit)
    }
}

/// How often a process that keeps the mirror all day reconciles (docs/daemon.md):
/// while someone looks (a focused client, a command that asks) a full walk every
/// `lookingInterval`; while nobody looks a glance every `idleInterval`, and a full
/// walk only at start, after a failure (the reconnect), when a glance cannot place
/// what it saw, when someone looks again after the last full walk went stale, and
/// at least every `fullWalkAtMost`. A plain value: the caller gives the clock.
public struct ReconcileCadence: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case full, glance
    }

    public struct Due: Sendable, Hashable {
        public var kind: Kind
        public var at: Date
        public init(kind: Kind, at: Date) {
            self.kind = kind
            self.at = at
        }
    }

    public enum Outcome: Sendable, Hashable {
        case done
        /// A glance that saw a change it cannot place.
        case unplaced
        case failed
    }

    public var lookingInterval: TimeInterval
    public var idleInterval: TimeInterval
    public var fullWalkAtMost: TimeInterval
    public private(set) var lastAttempt: Date?
    public private(set) var lastFullWalk: Date?
    private var fullOwed = true
    private var lastFailed = false

    public init(lookingInterval: TimeInterval = 30, idleInterval: TimeInterval = 60, fullWalkAtMost: TimeInterval = 3600) {
        self.lookingInterval = lookingInterval
        self.idleInterval = idleInterval
        self.fullWalkAtMost = fullWalkAtMost
    }

    /// What to do next and when, given whether someone looks now.
    public func next(looking: Bool) -> Due {
        guard let lastAttempt else { return Due(kind: .full, at: .distantPast) }
        let pace = looking ? lookingInterval : idleInterval
        if lastFailed { return Due(kind: .full, at: lastAttempt.addingTimeInterval(pace)) }
        if fullOwed { return Due(kind: .full, at: lastAttempt) }
        let full = (lastFullWalk ?? .distantPast).addingTimeInterval(looking ? lookingInterval : fullWalkAtMost)
        if looking { return Due(kind: .full, at: full) }
        let glance = lastAttempt.addingTimeInterval(idleInterval)
        return full <= glance ? Due(kind: .full, at: full) : Due(kind: .glance, at: glance)
    }

    /// What a reconciliation that started at `startedAt` came to.
    public mutating func record(_ kind: Kind, startedAt: Date, outcome: Outcome) {
        lastAttempt = startedAt
        lastFailed = outcome == .failed
        switch (kind, outcome) {
        case (_, .failed): fullOwed = true
        case (.full, _):
            fullOwed = false
            lastFullWalk = startedAt
        case (.glance, .unplaced): fullOwed = true
        case (.glance, .done): break
        }
    }
}
