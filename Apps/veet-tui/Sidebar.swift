import Foundation
import VeetCurses
import VeetStore
import VeetTokens
import VeetTransport

/// The sidebar's sections: New conversation, "Needs you" ahead of
/// everything when a run waits for the owner, then the history.
enum Sidebar {
    static let width = 32

    static func sections(sessions: [CachedSession], waiting: Set<String>, now: Date) -> [ListSection] {
        var sections = [ListSection(id: "start", title: "", items: [
            ListItem(id: ScreenState.newConversationID, title: "+ New conversation", detail: "Ctrl-N"),
        ])]
        let dot = StyledRun("● ", style: TextStyle(attributes: .bold, foreground: .amber))
        let needing = sessions.filter { waiting.contains($0.id) }
        if !needing.isEmpty {
            sections.append(ListSection(id: "needs", title: "Needs you", items: needing.map {
                ListItem(id: "needs:" + $0.id, title: title(of: $0), detail: age(of: $0, now: now), marker: dot)
            }))
        }
        sections.append(ListSection(id: "history", title: "History", items: sessions.map {
            ListItem(id: $0.id, title: title(of: $0), detail: age(of: $0, now: now),
                     marker: waiting.contains($0.id) ? dot : nil)
        }, isCollapsible: true))
        return sections
    }

    /// The session an item opens (items under "Needs you" carry a prefix to stay unique).
    static func sessionID(ofItem itemID: String) -> String? {
        if itemID == ScreenState.newConversationID { return nil }
        return itemID.hasPrefix("needs:") ? String(itemID.dropFirst(6)) : itemID
    }

    static func title(of session: CachedSession) -> String {
        session.displayTitle ?? "New conversation"
    }

    static func age(of session: CachedSession, now: Date) -> String {
        guard let date = Timestamp.parse(session.updatedAt) else { return "" }
        return relativeAge(from: date, to: now)
    }

    /// "12s" in the first minute, then minutes, hours, days, then a date.
    static func relativeAge(from date: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h"
        case ..<(7 * 86_400): return "\(seconds / 86_400)d"
        default:
            let formatter = DateFormatter()
            formatter.dateFormat = "d MMM"
            return formatter.string(from: date)
        }
    }
}
