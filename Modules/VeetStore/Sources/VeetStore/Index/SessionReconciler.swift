import Foundation
import VeetTransport
import VeetWire

/// What one reconciliation changed in the mirror.
public struct ReconcileReport: Sendable, Hashable, Codable {
    /// Sessions newly cached.
    public var added: [String] = []
    /// Cached sessions whose server values changed.
    public var updated: [String] = []
    /// Cached sessions removed: confirmed gone (404) or not conversations (People).
    public var pruned: [String] = []
    /// Index pages read and point reads made.
    public var pagesRead = 0
    public var pointReads = 0

    public init() {}

    public var changed: Bool { !(added.isEmpty && updated.isEmpty && pruned.isEmpty) }
}

/// Mirrors the server's session index into the store (docs/store.md, Reconciliation;
/// docs/wire/sessions-runs.md §10): walk every
/// page until no next cursor; server rows win; a local row the walk did not
/// see is confirmed with a point read before it is pruned, because activity
/// moves sessions between keyset pages while a client walks them.
public struct SessionReconciler: Sendable {
    public let store: LocalStore
    public let source: any SessionIndexSource
    public var pageSize: Int
    /// How many point reads run at once.
    public var pointReadConcurrency: Int

    public init(store: LocalStore, source: any SessionIndexSource, pageSize: Int = 200, pointReadConcurrency: Int = 4) {
        self.store = store
        self.source = source
        self.pageSize = pageSize
        self.pointReadConcurrency = max(1, pointReadConcurrency)
    }

    /// One full reconciliation. Throws (and prunes nothing) when the index
    /// cannot be read to its end, e.g. `InvalidResponseError` on a repeated cursor.
    public func reconcile() async throws -> ReconcileReport {
        var report = ReconcileReport()
        var seen: Set<String> = []
        var cursors: Set<String> = []
        var cursor: String?
        repeat {
            try Task.checkCancellation()
            let page = try await source.page(cursor: cursor, limit: pageSize)
            report.pagesRead += 1
            for view in page.items { seen.insert(view.id) }
            report.merge(try store.applyServerRows(page.items))
            cursor = page.isLast ? nil : page.nextCursor
            if let next = cursor, !cursors.insert(next).inserted {
                throw InvalidResponseError("the server repeated a session list cursor; nothing was pruned")
            }
        } while cursor != nil

        let missing = try store.localSessionIDs().subtracting(seen).sorted()
        guard !missing.isEmpty else { return report }
        let answers = try await pointReads(missing)
        report.pointReads = missing.count
        var gone: [String] = []
        var stillThere: [SessionView] = []
        for (id, view) in answers {
            if let view { stillThere.append(view) } else { gone.append(id) }
        }
        report.merge(try store.applyServerRows(stillThere))
        report.pruned += try store.pruneSessions(gone.sorted())
        return report
    }

    /// Point reads, at most `pointReadConcurrency` in flight.
    private func pointReads(_ ids: [String]) async throws -> [(String, SessionView?)] {
        try await withThrowingTaskGroup(of: (String, SessionView?).self) { group in
            var results: [(String, SessionView?)] = []
            var next = ids.makeIterator()
            func addNext() -> Bool {
                guard let id = next.next() else { return false }
                group.addTask { [source] in (id, try await source.session(id: id)) }
                return true
            }
            for _ in 0..<pointReadConcurrency where !addNext() { break }
            while let result = try await group.next() {
                results.append(result)
                _ = addNext()
            }
            return results
        }
    }
}

extension ReconcileReport {
    mutating func merge(_ changes: IndexChanges) {
        added += changes.added
        updated += changes.updated
        pruned += changes.pruned
    }
}

extension LocalStore {
    /// Reconciles this connection's mirror with `source` (see `SessionReconciler`).
    public func reconcile(from source: any SessionIndexSource, pageSize: Int = 200) async throws -> ReconcileReport {
        try await SessionReconciler(store: self, source: source, pageSize: pageSize).reconcile()
    }
}
