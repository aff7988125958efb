import Foundation
import VeetTransport

/// The inbox list as the owner sees it, as a plain value: the query
/// (Important / Other / all, account, search), the rows in the order they
/// were first shown, the cursor for the next page, and the rows hidden while
/// an action on them is pending. Background refreshes update rows in place
/// and count new arrivals instead of reordering what the owner is reading.
public struct ThreadListModel: Sendable, Hashable {
    /// The initial screen: five important threads (docs/wire/email.md §4 default limit).
    public static let firstPageSize = 5

    public private(set) var query: ThreadQuery
    /// Every row held, in display order (pending ones included; see `visibleRows`).
    public private(set) var rows: [EmailThreadSummary] = []
    public private(set) var nextCursor: String?
    /// Rows left out while an optimistic action on them is pending.
    public private(set) var pendingIDs: Set<String> = []
    /// Threads that newly qualify since the list was shown, newest first; shown by `showNewArrivals`.
    public private(set) var newArrivals: [EmailThreadSummary] = []

    public init(query: ThreadQuery = ThreadQuery()) {
        self.query = query
    }

    /// The rows to draw: held rows minus pending ones.
    public var visibleRows: [EmailThreadSummary] { rows.filter { !pendingIDs.contains($0.id) } }
    public var hasMore: Bool { nextCursor != nil }
    /// How many new threads to announce ("2 new").
    public var newArrivalCount: Int { newArrivals.count }

    /// A different view, account or search: the list starts over (pending rows stay hidden).
    public mutating func change(to query: ThreadQuery) {
        guard query != self.query else { return }
        self.query = query
        rows = []
        nextCursor = nil
        newArrivals = []
    }

    /// The first page for the current query, replacing what was shown.
    public mutating func showFirstPage(_ page: Page<EmailThreadSummary>) {
        rows = Self.unique(page.items)
        nextCursor = page.isLast ? nil : page.nextCursor
        newArrivals = []
    }

    /// The next page, appended; a thread already shown is updated in place, not repeated.
    public mutating func appendPage(_ page: Page<EmailThreadSummary>) {
        for thread in page.items {
            if let index = rows.firstIndex(where: { $0.id == thread.id }) { rows[index] = thread } else { rows.append(thread) }
        }
        nextCursor = page.isLast ? nil : page.nextCursor
    }

    /// A background re-read of the first page: rows already shown keep their
    /// place and take the new content; threads not shown yet are counted as
    /// new arrivals, never inserted. When the re-read is the whole list, rows
    /// it no longer holds have left the view and are removed.
    public mutating func mergeBackground(_ page: Page<EmailThreadSummary>) {
        let fresh = Dictionary(page.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        rows = rows.map { fresh[$0.id] ?? $0 }
        if page.isLast, nextCursor == nil {
            rows.removeAll { fresh[$0.id] == nil && !pendingIDs.contains($0.id) }
        }
        let known = Set(rows.map(\.id))
        let arrivals = page.items.filter { !known.contains($0.id) }
        newArrivals = Self.unique(arrivals + newArrivals.map { fresh[$0.id] ?? $0 }).filter { !known.contains($0.id) }
    }

    /// The owner asked to see the new threads: they go on top, in the server's order.
    public mutating func showNewArrivals() {
        rows = Self.unique(newArrivals + rows)
        newArrivals = []
    }

    /// An optimistic action started: the row leaves the visible list at once.
    public mutating func hidePending(_ id: String) {
        pendingIDs.insert(id)
    }

    /// The action completed: the row is gone for good from this view.
    public mutating func removeConfirmed(_ id: String) {
        pendingIDs.remove(id)
        rows.removeAll { $0.id == id }
    }

    /// The action failed or its outcome is unknown: the row comes back where it was.
    public mutating func restore(_ id: String, updated: EmailThreadSummary? = nil) {
        pendingIDs.remove(id)
        if let updated, let index = rows.firstIndex(where: { $0.id == id }) { rows[index] = updated }
    }

    /// Whether rows carry their account label: only when more than one account is connected.
    public static func showsAccountLabel(accountCount: Int) -> Bool { accountCount > 1 }

    private static func unique(_ threads: [EmailThreadSummary]) -> [EmailThreadSummary] {
        var seen: Set<String> = []
        return threads.filter { seen.insert($0.id).inserted }
    }
}

/// Which conversation the reading page shows after the open one leaves the
/// list (docs/email.md, Inbox actions): the next visible one, the previous when it was the last,
/// none when the list is empty.
public enum SuccessorSelection {
    /// `visibleIDs` is the list as it was drawn, still holding `leaving`.
    public static func successor(of leaving: String, in visibleIDs: [String]) -> String? {
        guard let index = visibleIDs.firstIndex(of: leaving) else { return visibleIDs.first }
        if index + 1 < visibleIDs.count { return visibleIDs[index + 1] }
        return index > 0 ? visibleIDs[index - 1] : nil
    }
}
