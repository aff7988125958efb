import Foundation
import VeetStore

/// The index the first frame is painted from: not the whole store (at 100,000
/// conversations reading, ordering and laying out every row took ~0.5 s before
/// anything showed), but what that frame can show. The sidebar lists at most a
/// screenful, so the most recent rows by activity are enough for Recent chats
/// and the top of History; the Scheduled groups count every scheduled
/// conversation, so those rows all come too; the conversation a deep link opens
/// names the status bar. The frame painted from this is the one the whole index
/// gives (`OpeningIndexTests`); the rest is read right after it is painted
/// (`ChatScreen.loadWholeIndex`). Pending approvals and question waits arrive
/// only later, with the reconcile and veetd, whichever index is held then.
struct OpeningIndex {
    var sessions: [CachedSession]
    /// The store holds no row beyond these.
    var isWhole: Bool

    /// Rows asked for a terminal `height` rows tall: the list never shows more than the terminal's rows.
    static func limit(height: Int) -> Int { max(height, 24) + 16 }

    /// The first frame's rows from `store`. Falls back to the whole index when the most recent rows hold too few
    /// unscheduled ones to fill History's first screenful (each of those may be hidden in a Scheduled group).
    static func read(_ store: LocalStore, height: Int, opening sessionIDs: [String] = []) -> OpeningIndex {
        let limit = limit(height: height)
        guard let recent = try? store.sessions(limit: limit) else { return OpeningIndex(sessions: [], isWhole: true) }
        guard recent.count == limit else { return OpeningIndex(sessions: recent, isWhole: true) }
        guard recent.lazy.filter({ $0.scheduleID == nil }).count >= max(height, 24),
              let scheduled = try? store.scheduledSessions() else {
            return OpeningIndex(sessions: (try? store.sessions()) ?? [], isWhole: true)
        }
        var rows = recent
        var held = Set(recent.map(\.id))
        for row in scheduled where held.insert(row.id).inserted { rows.append(row) }
        for id in sessionIDs where !held.contains(id) {
            if let row = try? store.session(id: id) {
                held.insert(row.id)
                rows.append(row)
            }
        }
        return OpeningIndex(sessions: rows.sortedByActivity(), isWhole: false)
    }
}
