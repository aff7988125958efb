import Foundation
import VeetTransport

extension Array where Element == CachedSession {
    /// Newest activity first (ties by id, descending), like the server's index;
    /// timestamps compared as instants (the server mixes `Z`, fractions and
    /// `+00:00`), read when the row was (the sidebar sorts 10,000 rows on
    /// every index change). An unreadable time counts as the distant past,
    /// so such rows fall back to the id order among themselves.
    /// The store reads the index in this order already (`sessions()`), so one
    /// pass that finds it sorted returns it as it is (the sort is stable: the same rows).
    public func sortedByActivity() -> [CachedSession] {
        let precedes = { (left: CachedSession, right: CachedSession) -> Bool in
            let leftAt = left.updatedAt.date ?? .distantPast, rightAt = right.updatedAt.date ?? .distantPast
            if leftAt != rightAt { return leftAt > rightAt }
            return left.id > right.id
        }
        if indices.dropFirst().allSatisfy({ !precedes(self[$0], self[$0 - 1]) }) { return self }
        return sorted(by: precedes)
    }
}
