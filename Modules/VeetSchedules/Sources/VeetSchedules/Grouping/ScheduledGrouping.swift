import Foundation
import VeetStore
import VeetTransport

/// Cached sessions of one schedule shown as one collapsible row.
public struct ScheduledSessionGroup: Sendable, Hashable, Identifiable {
    public var scheduleID: String
    /// The newest session's title ("Scheduled session" when it has none yet).
    public var label: String
    /// Most recent activity first.
    public var sessions: [CachedSession]
    public var id: String { scheduleID }
    public var sessionIDs: [String] { sessions.map(\.id) }
}

/// Groups cached scheduled sessions (docs/schedules.md, Scheduled sessions in the history): a schedule with two or more
/// cached sessions becomes one group; a lone scheduled session stays in the
/// history. Groups are ordered by their newest session's activity.
public enum ScheduledGrouping {
    public static let untitled = "Scheduled session"

    public static func groups(from rows: [CachedSession]) -> [ScheduledSessionGroup] {
        let bySchedule = Dictionary(grouping: rows.filter { $0.scheduleID != nil }, by: { $0.scheduleID ?? "" })
        let groups = bySchedule.compactMap { scheduleID, sessions -> ScheduledSessionGroup? in
            guard sessions.count >= 2 else { return nil }
            let ordered = sessions.sortedByActivity()
            return ScheduledSessionGroup(scheduleID: scheduleID, label: ordered[0].displayTitle ?? untitled,
                                         sessions: ordered)
        }
        // Groups in the order of their newest sessions.
        let rank = Dictionary(uniqueKeysWithValues: groups.map { $0.sessions[0] }.sortedByActivity()
            .enumerated().map { ($1.id, $0) })
        return groups.sorted { rank[$0.sessions[0].id, default: 0] < rank[$1.sessions[0].id, default: 0] }
    }

    /// Ids of scheduled sessions that stay in the history (alone in their schedule).
    public static func loneSessionIDs(in rows: [CachedSession]) -> Set<String> {
        let grouped = Set(groups(from: rows).flatMap(\.sessionIDs))
        return Set(rows.filter { $0.scheduleID != nil && !grouped.contains($0.id) }.map(\.id))
    }
}
