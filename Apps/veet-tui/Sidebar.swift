import Foundation
import VeetChatScreens
import VeetConsole
import VeetCurses
import VeetFolders
import VeetFoldersScreens
import VeetSchedules
import VeetStore
import VeetTokens
import VeetTransport

/// What the sidebar lists. Later screens (folders, schedules, website access)
/// add their groups through `extraSections`, drawn after the history.
struct SidebarInput {
    var sessions: [CachedSession]
    var waiting: Set<String>
    /// What the features need from the owner, in the shell's order, after the conversations that wait.
    var needsYou: [NeedsYouItem] = []
    /// The search field's answer; when present it replaces "Recent chats" and the history.
    var search: SearchOutcome?
    /// The folder feature's layout (VeetFoldersScreens' `FolderSidebar.sections`): Recent chats, folders, Scheduled, History.
    var placed: [ListSection]
    var extraSections: [ListSection] = []
}

/// The sidebar's sections: New conversation, "Needs you" ahead of
/// everything when a run waits for the owner, then the folder feature's
/// layout — or, while searching, the hits.
enum Sidebar {
    static let width = 32
    /// Section ids (the collapsed ones are remembered per connection).
    static let recentID = FolderSidebar.recentID, historyID = FolderSidebar.historyID, resultsID = "results"
    static let collapsedPreference = "tui.sidebar.collapsed"

    static func sections(_ input: SidebarInput, now: Date) -> [ListSection] {
        var sections = [ListSection(id: "start", title: "", items: [
            ListItem(id: ScreenState.newConversationID, title: "+ New conversation", detail: "Ctrl-N"),
        ])]
        let dot = StyledRun("● ", style: TextStyle(attributes: .bold, foreground: .amber))
        let needing = input.sessions.filter { input.waiting.contains($0.id) }
        if !needing.isEmpty || !input.needsYou.isEmpty {
            sections.append(ListSection(id: "needs", title: "Needs you", items: needing.map {
                ListItem(id: "needs:" + $0.id, title: title(of: $0), detail: age(of: $0, now: now), marker: dot)
            } + needsYouRows(input.needsYou, marker: dot)))
        }
        if let search = input.search {
            sections.append(ListSection(id: resultsID, title: resultsTitle(search), items: SearchRows.items(search, rowWidth: width - 2, age: { relativeAge(of: $0, to: now) })))
            return sections + input.extraSections
        }
        return sections + input.placed + input.extraSections
    }

    private static func resultsTitle(_ outcome: SearchOutcome) -> String {
        switch outcome {
        case .results(let hits): hits.isEmpty ? "No matches" : "Results (\(hits.count))"
        case .refine: "More than 100 matches: refine"
        case .emptyQuery: "Results"
        }
    }

    /// A feature's "Needs you" row: `owner:feature:id` (read back by `SidebarTarget`); an empty id
    /// is the feature's "+N more" row, which opens its list.
    static func needsYouItemID(_ item: NeedsYouItem) -> String { "owner:\(item.feature):\(item.id)" }

    /// How many of one feature's items the sidebar lists before its "+N more" row.
    static let needsYouPerFeature = 2

    /// The features' items, a few per feature (in the order given), each feature's rest as one row.
    static func needsYouRows(_ items: [NeedsYouItem], marker: StyledRun) -> [ListItem] {
        var features: [String] = []
        var byFeature: [String: [NeedsYouItem]] = [:]
        for item in items {
            if byFeature[item.feature] == nil { features.append(item.feature) }
            byFeature[item.feature, default: []].append(item)
        }
        return features.flatMap { feature -> [ListItem] in
            let all = byFeature[feature] ?? []
            var rows = all.prefix(needsYouPerFeature).map {
                ListItem(id: needsYouItemID($0), title: $0.subject, detail: $0.tag, marker: marker)
            }
            if all.count > needsYouPerFeature {
                rows.append(ListItem(id: "owner:\(feature):", title: "  +\(all.count - needsYouPerFeature) more · "
                                     + feature.prefix(1).uppercased() + feature.dropFirst()))
            }
            return rows
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

    static func title(of session: CachedSession) -> String { FolderSidebar.title(of: session) }

    /// The schedules' groups for the folder model (the two features meet only here).
    static func scheduledGroups(_ sessions: [CachedSession]) -> [ScheduledGroupInput] {
        ScheduledGrouping.groups(from: sessions)
            .map { ScheduledGroupInput(scheduleID: $0.scheduleID, label: $0.label, sessionIDs: $0.sessionIDs) }
    }

    static func age(of session: CachedSession, now: Date) -> String {
        relativeAge(of: session.updatedAt, to: now) ?? ""
    }

    /// Nil when the server's text is no time this client can read.
    static func relativeAge(of timestamp: Timestamp, to now: Date) -> String? {
        timestamp.date.map { relativeAge(from: $0, to: now) }
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
        default: text = SidebarDate.dayAndMonth(date)
        }
        return text.count < 3 ? String(repeating: " ", count: 3 - text.count) + text : text
    }
}

/// What a sidebar item stands for: a conversation (wherever the folder model
/// placed it), a feature's item under "Needs you" (opened on that feature's
/// screen, ChatScreen+NeedsYou.swift), or one of the folder model's own rows.
enum SidebarTarget: Hashable {
    case conversation(String)
    case needsYou(feature: String, id: String)
    case folders(FolderRow)

    /// Reads an item id back (nil: the New conversation row).
    init?(itemID: String) {
        if itemID == ScreenState.newConversationID { return nil }
        if itemID.hasPrefix("owner:") {
            // The feature's name holds no colon; the record's id is the rest, whatever it holds.
            let rest = itemID.dropFirst("owner:".count)
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            self = .needsYou(feature: String(rest[..<colon]), id: String(rest[rest.index(after: colon)...]))
            return
        }
        switch FolderRow(itemID: itemID) {
        case .conversation(let sessionID)?: self = .conversation(sessionID)
        case let row?: self = .folders(row)
        case nil:
            guard let session = Sidebar.sessionID(ofItem: itemID) else { return nil }
            self = .conversation(session)
        }
    }

    /// The row as the folder face reads it (nil: a "Needs you" item).
    var folderRow: FolderRow? {
        switch self {
        case .conversation(let sessionID): .conversation(sessionID: sessionID)
        case .folders(let row): row
        case .needsYou: nil
        }
    }
}

/// Dates in the sidebar's words.
enum SidebarDate {
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
}
