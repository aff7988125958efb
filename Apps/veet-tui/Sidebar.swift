import Foundation
import VeetCurses
import VeetStore
import VeetTokens
import VeetTransport

/// What the sidebar lists. Later screens (folders, schedules, website access)
/// add their groups through `extraSections`, drawn after the history.
struct SidebarInput {
    var sessions: [CachedSession]
    var waiting: Set<String>
    /// The search field's answer; when present it replaces "Recent chats" and the history.
    var search: SearchOutcome?
    /// The folder feature's layout (`FolderSidebar.sections`); when present it replaces Recent chats and the history.
    var placed: [ListSection]?
    var extraSections: [ListSection] = []
}

/// The sidebar's sections: New conversation, "Needs you" ahead of
/// everything when a run waits for the owner, "Recent chats" (five by
/// activity), then the rest of the history — or, while searching, the hits.
enum Sidebar {
    static let width = 32
    static let recentCount = 5
    /// Section ids (the collapsed ones are remembered per connection).
    static let recentID = "recent", historyID = "history", resultsID = "results"
    static let collapsedPreference = "tui.sidebar.collapsed"

    static func sections(_ input: SidebarInput, now: Date) -> [ListSection] {
        var sections = [ListSection(id: "start", title: "", items: [
            ListItem(id: ScreenState.newConversationID, title: "+ New conversation", detail: "Ctrl-N"),
        ])]
        let dot = StyledRun("● ", style: TextStyle(attributes: .bold, foreground: .amber))
        let needing = input.sessions.filter { input.waiting.contains($0.id) }
        if !needing.isEmpty {
            sections.append(ListSection(id: "needs", title: "Needs you", items: needing.map {
                ListItem(id: "needs:" + $0.id, title: title(of: $0), detail: age(of: $0, now: now), marker: dot)
            }))
        }
        if let search = input.search {
            sections.append(ListSection(id: resultsID, title: resultsTitle(search), items: hits(search, now: now)))
            return sections + input.extraSections
        }
        if let placed = input.placed { return sections + placed + input.extraSections }
        // Sessions arrive newest activity first (the index's order).
        func item(_ session: CachedSession, prefix: String) -> ListItem {
            ListItem(id: prefix + session.id, title: title(of: session), detail: age(of: session, now: now),
                     marker: input.waiting.contains(session.id) ? dot : nil)
        }
        let recent = input.sessions.prefix(recentCount)
        if !recent.isEmpty {
            sections.append(ListSection(id: recentID, title: "Recent chats", items: recent.map { item($0, prefix: "recent:") },
                                        isCollapsible: true))
        }
        let older = input.sessions.dropFirst(recentCount)
        if !older.isEmpty {
            sections.append(ListSection(id: historyID, title: "History", items: older.map { item($0, prefix: "") },
                                        isCollapsible: true))
        }
        return sections + input.extraSections
    }

    private static func resultsTitle(_ outcome: SearchOutcome) -> String {
        switch outcome {
        case .results(let hits): hits.isEmpty ? "No matches" : "Results (\(hits.count))"
        case .refine: "Too many matches: type more"
        case .emptyQuery: "Results"
        }
    }

    private static func hits(_ outcome: SearchOutcome, now: Date) -> [ListItem] {
        guard case .results(let hits) = outcome else { return [] }
        return hits.map { hit in
            let detail = WireDate.parse(hit.updatedAt).map { relativeAge(from: $0, to: now) }
            let excerpt = hit.excerpt.text.replacingOccurrences(of: "\n", with: " ")
            let title = (hit.title ?? "New conversation") + (hit.kind == .title ? "" : ": " + excerpt)
            return ListItem(id: "hit:" + hit.sessionID + ":" + (hit.sequence.map(String.init) ?? ""), title: title,
                            detail: detail)
        }
    }

    /// The session an item opens (items carry a prefix to stay unique across sections).
    static func sessionID(ofItem itemID: String) -> String? {
        if itemID == ScreenState.newConversationID { return nil }
        for prefix in ["needs:", "recent:"] where itemID.hasPrefix(prefix) { return String(itemID.dropFirst(prefix.count)) }
        if itemID.hasPrefix("hit:") { return itemID.dropFirst(4).split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) }
        return itemID
    }

    /// The message a search hit points at.
    static func hitSequence(ofItem itemID: String) -> Int64? {
        guard itemID.hasPrefix("hit:") else { return nil }
        return itemID.split(separator: ":", omittingEmptySubsequences: false).last.flatMap { Int64($0) }
    }

    static func title(of session: CachedSession) -> String {
        session.displayTitle ?? "New conversation"
    }

    static func age(of session: CachedSession, now: Date) -> String {
        guard let date = WireDate.parse(session.updatedAt) else { return "" }
        return relativeAge(from: date, to: now)
    }

    /// "12s" in the first minute, then minutes, hours, days, then a date;
    /// right-aligned in three columns so a list does not jiggle as seconds pass.
    static func relativeAge(from date: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        let text: String
        switch seconds {
        case ..<60: text = "\(seconds)s"
        case ..<3600: text = "\(seconds / 60)m"
        case ..<86_400: text = "\(seconds / 3600)h"
        case ..<(7 * 86_400): text = "\(seconds / 86_400)d"
        default: text = WireDate.dayAndMonth(date)
        }
        return text.count < 3 ? String(repeating: " ", count: 3 - text.count) + text : text
    }
}

/// The wire's timestamps ("2026-11-30T09:00:00.123456Z", "+00:00" offsets)
/// read by hand: the sidebar reads one per session every second, and the
/// general parser (`Timestamp.parse`, format styles) took seconds for 10,000.
/// Anything else falls back to it.
enum WireDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "30 Nov" in the local time zone, without a DateFormatter (one per call cost ICU set-up each time).
    static func dayAndMonth(_ date: Date) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + TimeZone.current.secondsFromGMT(for: date)
        let days = (local >= 0 ? local : local - 86_399) / 86_400 + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return "\(day) \(months[month - 1])"
    }

    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32,
              bytes[13] == 58, bytes[16] == 58,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
        else { return Timestamp.parse(text) }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 46 {
            var scale = 0.1
            index += 1
            while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        if index < bytes.count, bytes[index] == 90 {
            index += 1
        } else if index + 6 <= bytes.count, bytes[index] == 43 || bytes[index] == 45, bytes[index + 3] == 58,
                  let hours = number(index + 1, 2), let minutes = number(index + 4, 2) {
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == 45 ? -1 : 1)
            index += 6
        } else {
            return Timestamp.parse(text)
        }
        guard index == bytes.count, (1...12).contains(month), (1...31).contains(day) else { return Timestamp.parse(text) }
        // Days since 1970-01-01 in the proleptic Gregorian calendar (civil-from-days inverted).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
