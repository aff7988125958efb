/// Which sidebar sections are open, remembered on the device and changed only
/// by the owner's own toggles (never by a proposal or a refresh). Codable so
/// the app can save it wherever it keeps per-device settings.
public struct SidebarExpansion: Sendable, Hashable, Codable {
    /// Solo mode (the default): at most one folder open; opening one closes the other.
    public private(set) var soloMode: Bool
    /// Folders opened in solo mode (at most one).
    private var soloOpen: String?
    /// Folders closed when solo mode is off (every folder starts open then).
    private var closedWithoutSolo: Set<String>
    /// Recent chats starts expanded, independently of solo mode.
    public var recentExpanded: Bool
    /// Scheduled groups start collapsed; these are the ones the owner opened.
    public private(set) var openScheduleGroups: Set<String>

    public init(soloMode: Bool = true) {
        self.soloMode = soloMode
        self.soloOpen = nil
        self.closedWithoutSolo = []
        self.recentExpanded = true
        self.openScheduleGroups = []
    }

    public func isFolderOpen(_ id: String) -> Bool {
        soloMode ? soloOpen == id : !closedWithoutSolo.contains(id)
    }

    public mutating func toggleFolder(_ id: String) {
        setFolder(id, open: !isFolderOpen(id))
    }

    public mutating func setFolder(_ id: String, open: Bool) {
        if soloMode {
            if open { soloOpen = id } else if soloOpen == id { soloOpen = nil }
        } else if open {
            closedWithoutSolo.remove(id)
        } else {
            closedWithoutSolo.insert(id)
        }
    }

    /// Switching solo mode on keeps at most the one folder that was opened
    /// last in solo mode; switching it off opens every folder not closed by hand.
    public mutating func setSoloMode(_ on: Bool) {
        soloMode = on
    }

    public mutating func toggleRecent() {
        recentExpanded.toggle()
    }

    public func isScheduleGroupOpen(_ scheduleID: String) -> Bool {
        openScheduleGroups.contains(scheduleID)
    }

    public mutating func toggleScheduleGroup(_ scheduleID: String) {
        if !openScheduleGroups.insert(scheduleID).inserted { openScheduleGroups.remove(scheduleID) }
    }
}
