import Foundation
import VeetTransport

extension Array where Element == CachedSession {
    /// Newest activity first (ties by id, descending), like the server's index;
    /// timestamps compared as instants (the server mixes `Z`, fractions and
    /// `+00:00`), read when the row was (the sidebar sorts 10,000 rows on
    /// every index change). An unreadable time counts as the distant past,
    /// so such rows fall back to the id order among themselves.
    public func sortedByActivity() -> [CachedSession] {
        sorted { left, right in
            let leftAt = left.updatedAt.date ?? .distantPast, rightAt = right.updatedAt.date ?? .distantPast
            if leftAt != rightAt { return leftAt > rightAt }
            return left.id > right.id
        }
    }
}
